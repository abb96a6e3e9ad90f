/**
 * Kakao's JavaScript SDK (v1), loaded on demand: `Kakao.init(SNS_KAKAO_TOKEN)`, then `Kakao.Auth.login`
 * opens Kakao's sign-in popup and hands back an access token, which the server verifies.
 */

const KAKAO_SDK_URL = 'https://developers.kakao.com/sdk/js/kakao.min.js';

interface KakaoAuthResult {
  access_token: string;
}

export interface KakaoSdk {
  init: (appKey: string) => void;
  isInitialized: () => boolean;
  Auth: {
    login: (options: { success: (auth: KakaoAuthResult) => void; fail: (error: unknown) => void }) => void;
  };
}

declare global {
  interface Window {
    Kakao?: KakaoSdk;
  }
}

let loading: Promise<KakaoSdk> | null = null;

/** One script tag per page; a failed load is forgotten, so the next press tries again. */
export function loadKakaoSdk(): Promise<KakaoSdk> {
  if (window.Kakao) return Promise.resolve(window.Kakao);
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = KAKAO_SDK_URL;
    script.async = true;
    script.onload = () => (window.Kakao ? resolve(window.Kakao) : reject(new Error('Kakao SDK missing')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Kakao SDK failed to load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Signs in with Kakao and resolves the access token; rejects when the SDK or the member gives up. */
export async function kakaoAccessToken(appKey: string): Promise<string> {
  if (!appKey) throw new Error('SNS_KAKAO_TOKEN is empty');
  const sdk = await loadKakaoSdk();
  if (!sdk.isInitialized()) sdk.init(appKey);
  return new Promise<string>((resolve, reject) => {
    sdk.Auth.login({
      success: (auth) =>
        auth.access_token ? resolve(auth.access_token) : reject(new Error('no access token')),
      fail: reject,
    });
  });
}

/** Test seam: forget a cached load. */
export function resetKakaoSdkForTests(): void {
  loading = null;
}
