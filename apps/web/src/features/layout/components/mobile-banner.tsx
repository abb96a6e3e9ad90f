import { useState } from 'react';
import { Smartphone, X } from 'lucide-react';
import { STORAGE_KEYS } from '@smm/domain';
import './layout.css';

const wasClosed = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.MOBILE_BANNER_CLOSED) === '1';
  } catch {
    return false;
  }
};

/**
 * Small-width hint (CSS shows it only under 500 px in portrait). Once closed it stays closed on later
 * loads: a hint that returns on every reload after 닫기 only gets in the way.
 */
export function MobileBanner() {
  const [dismissed, setDismissed] = useState(wasClosed);
  if (dismissed) return null;
  const close = () => {
    setDismissed(true);
    try {
      localStorage.setItem(STORAGE_KEYS.MOBILE_BANNER_CLOSED, '1');
    } catch {
      // Storage refused (private mode): closed for this page at least.
    }
  };
  return (
    <div className="mobile-banner" role="note">
      <Smartphone size={16} aria-hidden className="mobile-banner-icon" />
      <span>가로 모드로 보시면 더 편하게 이용할 수 있어요.</span>
      <button type="button" aria-label="안내 닫기" onClick={close}>
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
