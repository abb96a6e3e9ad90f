import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ImageOff } from 'lucide-react';
import type { Popup } from '../api/get-popups';
import './popups.css';

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

interface PopupDialogProps {
  popup: Popup;
  /** 1-based position and count, announced when several popups stack. */
  position: number;
  total: number;
  onHideToday: () => void;
  onClose: () => void;
}

/**
 * One popup over the whole page (docs/product.md#popups): a modal dialog with the operator's image and two
 * buttons. Outside click and Esc close it; Tab stays inside; focus returns where it was on close.
 */
export function PopupDialog({ popup, position, total, onHideToday, onClose }: PopupDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The dialog itself takes the focus (its label is announced); Tab then reaches the buttons.
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    const onButton = focusable.some((element) => element === active);
    if (event.shiftKey && (active === first || !onButton)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && (active === last || !onButton)) {
      event.preventDefault();
      first?.focus();
    }
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  const label = total > 1 ? `공지 팝업 (${position}/${total})` : '공지 팝업';

  return (
    // The backdrop is a click target only for the pointer; keyboard users have Esc and the buttons.
    <div className="popup-backdrop" onClick={onBackdropClick} onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        className="popup-panel"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
      >
        <div className="popup-image">
          {imageFailed ? (
            <p className="popup-image-missing">
              <ImageOff size={28} aria-hidden />
              이미지를 불러오지 못했습니다.
            </p>
          ) : (
            <img src={popup.imageUrl} alt="공지 이미지" onError={() => setImageFailed(true)} />
          )}
        </div>
        <div className="popup-actions">
          <button type="button" className="popup-hide-today" onClick={onHideToday}>
            오늘 하루 보지 않기
          </button>
          <button type="button" className="popup-close" onClick={onClose}>
            닫기
          </button>
        </div>
      </div>
    </div>
  );
}
