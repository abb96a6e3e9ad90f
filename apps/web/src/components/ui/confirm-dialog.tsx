import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import './confirm-dialog.css';

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in the member's words; plain text (never HTML). */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while the request runs. */
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Something to read, not to confirm (a pending charge's transfer instructions): 닫기 only. */
type InfoDialogProps = Pick<ConfirmDialogProps, 'title' | 'children' | 'onClose'> & {
  confirmLabel?: undefined;
  onConfirm?: undefined;
};

/**
 * The member site's confirm step before an action that cannot be taken back (a cancel, a refill): a modal
 * over the page in the popups' style. It sends nothing by itself; `onConfirm` does. Esc, 닫기 and a click
 * outside close it; Tab stays inside; focus starts on 닫기 and returns where it was on close. Without
 * `onConfirm` it only shows something (role dialog, 닫기 alone).
 */
export function ConfirmDialog(props: ConfirmDialogProps | InfoDialogProps) {
  const { title, children, onClose } = props;
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // 닫기 first: Enter right after opening never confirms by accident.
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
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
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    const inside = focusable.some((element) => element === active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first?.focus();
    }
  }

  function onBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return createPortal(
    // The backdrop is a click target only for the pointer; keyboard users have Esc and 닫기.
    <div className="confirm-backdrop" onClick={onBackdropClick} onKeyDown={onKeyDown}>
      <div
        ref={panelRef}
        className="confirm-panel"
        role={props.onConfirm ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId} className="confirm-title">
          {title}
        </h2>
        <div id={bodyId} className="confirm-body">
          {children}
        </div>
        <div className="confirm-actions">
          <Button variant="outline" onClick={onClose}>
            닫기
          </Button>
          {props.onConfirm && (
            <Button onClick={props.onConfirm} disabled={props.pending}>
              {props.pending ? props.pendingLabel : props.confirmLabel}
            </Button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
