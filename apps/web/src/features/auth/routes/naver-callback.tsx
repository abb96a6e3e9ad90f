import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { NAVER_AUTH_SOURCE, type NaverAuthMessage } from '../components/naver-oauth';
import '../components/auth.css';

/**
 * Popup callback (docs/product.md#login-and-sign-up): hand the authorization code and the state it came back
 * with to the opener (marker naver-auth), then close. The opener checks the state before it uses the code.
 */
export function NaverCallbackRoute() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? '';

  useEffect(() => {
    if (code) {
      const message: NaverAuthMessage = { source: NAVER_AUTH_SOURCE, code, state };
      const opener = window.opener as Window | null;
      if (opener) {
        opener.postMessage(message, window.location.origin);
      } else if ('BroadcastChannel' in window) {
        // A browser may cut the popup from its opener on the way back from the provider's site
        // (cross-origin opener policy); the opening tab listens on this same-origin channel too.
        const channel = new BroadcastChannel(NAVER_AUTH_SOURCE);
        channel.postMessage(message);
        channel.close();
      }
    }
    window.close();
  }, [code, state]);

  return <div className="naver-callback">네이버 로그인 처리 중입니다…</div>;
}
