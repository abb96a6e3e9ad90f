import { useEffect, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { useSiteSettings } from '@/lib/site-settings';
import './layout.css';

/**
 * What the button must never cover: every control a member can press or type in, and whatever is marked
 * data-keep-clear (a carousel's arrows, an order's total, a payable amount). It once sat on
 * 비밀번호 변경, 충전 신청 취소, 리필 요청 and 회원탈퇴 at 390 px, so a list of marked places was not enough.
 */
const KEEP_CLEAR = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[tabindex]:not([tabindex="-1"])',
  '[data-keep-clear]',
].join(',');

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;

/**
 * Where the button sits when it is not stepping aside: from its fixed right/bottom and its size, not from
 * its current box, which slides away while aside (measuring that would bring it straight back).
 */
function homeBox(button: HTMLElement): Box {
  const style = getComputedStyle(button);
  const fromRight = parseFloat(style.right);
  const fromBottom = parseFloat(style.bottom);
  if (!Number.isFinite(fromRight) || !Number.isFinite(fromBottom) || button.offsetWidth === 0) {
    return button.getBoundingClientRect();
  }
  const right = document.documentElement.clientWidth - fromRight;
  const bottom = document.documentElement.clientHeight - fromBottom;
  return { left: right - button.offsetWidth, top: bottom - button.offsetHeight, right, bottom };
}

/** A box with an area: display:none and empty elements measure 0 × 0 and cover nothing. */
const laidOut = (box: DOMRect) => box.width > 0 && box.height > 0;

/**
 * Whether a control (or something marked data-keep-clear) lies under the button's place now: checked
 * once a frame at most, on scroll, resize and whenever the page changes (a carousel moving in, a form
 * appearing, a list loading).
 */
function useCoversSomething(button: React.RefObject<HTMLElement | null>): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = button.current;
      if (!own) return;
      const home = homeBox(own);
      const hit = Array.from(document.querySelectorAll(KEEP_CLEAR)).some((element) => {
        if (own.contains(element)) return false;
        const box = element.getBoundingClientRect();
        return laidOut(box) && overlaps(home, box);
      });
      setCovering(hit);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      changes.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [button]);
  return covering;
}

/**
 * Shown only when SITE_KAKAO_CHANNEL_LINK is set; its text comes from SITE_KAKAO_TEXT
 * (docs/product.md#shared-elements). On phones it shrinks to a round icon (the text stays its accessible
 * name) so it covers less of the page, and it steps aside (slides off the screen, lets clicks through)
 * while a control or something that must stay visible — a button, a field, the order total — is under
 * its place, so nothing a member needs is ever hidden under it (docs/product.md#shared-elements).
 */
export function FloatingChatButton() {
  const { settings } = useSiteSettings();
  const ref = useRef<HTMLAnchorElement>(null);
  const covering = useCoversSomething(ref);
  const link = settings.get('SITE_KAKAO_CHANNEL_LINK').trim();
  if (!link) return null;
  const text = settings.get('SITE_KAKAO_TEXT').trim() || '채팅 상담';

  return (
    <a
      ref={ref}
      className={covering ? 'floating-chat floating-chat-aside' : 'floating-chat'}
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      // Out of the way, it is out of the tab order too.
      tabIndex={covering ? -1 : undefined}
      aria-hidden={covering || undefined}
    >
      <MessageCircle size={20} aria-hidden />
      <span className="floating-chat-text">{text}</span>
    </a>
  );
}
