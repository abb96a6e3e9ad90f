import { useEffect, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { useSiteSettings } from '@/lib/site-settings';
import './layout.css';

/** Marks what the button must never cover: a carousel's arrows, an order's total, a payable amount. */
const KEEP_CLEAR = '[data-keep-clear]';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;

/**
 * Whether something marked data-keep-clear lies under the button now: checked once a frame at most,
 * on scroll, resize and whenever the page changes (a carousel moving in, a form appearing).
 */
function useCoversSomething(button: React.RefObject<HTMLElement | null>): boolean {
  const [covering, setCovering] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = button.current?.getBoundingClientRect();
      if (!own) return;
      const hit = Array.from(document.querySelectorAll(KEEP_CLEAR)).some((element) =>
        overlaps(own, element.getBoundingClientRect()),
      );
      setCovering(hit);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
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
 * name) so it covers less of the page, and it steps aside (fades, lets clicks through) while something
 * that must stay visible — the carousel's arrows, the order total, the payable amount — is under it.
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
