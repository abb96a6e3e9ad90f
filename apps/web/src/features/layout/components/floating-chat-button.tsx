import { MessageCircle } from 'lucide-react';
import { useSiteSettings } from '@/lib/site-settings';
import './layout.css';

/**
 * Shown only when SITE_KAKAO_CHANNEL_LINK is set; its text comes from SITE_KAKAO_TEXT
 * (docs/product.md#shared-elements). On phones it shrinks to a round icon (the text stays its accessible
 * name) so it covers less of the page.
 */
export function FloatingChatButton() {
  const { settings } = useSiteSettings();
  const link = settings.get('SITE_KAKAO_CHANNEL_LINK').trim();
  if (!link) return null;
  const text = settings.get('SITE_KAKAO_TEXT').trim() || '채팅 상담';

  return (
    <a className="floating-chat" href={link} target="_blank" rel="noopener noreferrer">
      <MessageCircle size={20} aria-hidden />
      <span className="floating-chat-text">{text}</span>
    </a>
  );
}
