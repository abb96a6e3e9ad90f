import { useState } from 'react';
import { Smartphone, X } from 'lucide-react';
import './layout.css';

/** Small-width hint (CSS shows it only under 500 px in portrait); dismissed until the next load. */
export function MobileBanner() {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="mobile-banner" role="note">
      <Smartphone size={16} aria-hidden className="mobile-banner-icon" />
      <span>가로 모드로 보시면 더 편하게 이용할 수 있어요.</span>
      <button type="button" aria-label="안내 닫기" onClick={() => setDismissed(true)}>
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
