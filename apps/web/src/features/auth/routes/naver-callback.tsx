import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import '../components/auth.css';

/** Popup callback (SPEC.md §2): hand the authorization code to the opener, then close. */
export function NaverCallbackRoute() {
  const [params] = useSearchParams();
  const code = params.get('code');

  useEffect(() => {
    if (code && window.opener) {
      (window.opener as Window).postMessage({ source: 'naver-auth', code }, window.location.origin);
    }
    window.close();
  }, [code]);

  return <div className="naver-callback">네이버 로그인 처리 중입니다…</div>;
}
