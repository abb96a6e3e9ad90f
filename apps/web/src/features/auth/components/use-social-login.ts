import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ACCOUNT_MESSAGES } from '@smm/domain';
import type { LoginResponse } from '@smm/domain/contract';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import { loginKakao } from '../api/login-kakao';
import { loginNaver } from '../api/login-naver';
import type { SocialProvider } from '../api/register-social';
import { AUTH_UI_MESSAGES } from '../messages';
import { kakaoAccessToken, loadKakaoSdk } from './kakao-sdk';
import {
  beginNaverState,
  consumeNaverState,
  isNaverAuthMessage,
  NAVER_AUTH_SOURCE,
  naverAuthorizeUrl,
} from './naver-oauth';

const FAILED: Record<SocialProvider, string> = {
  naver: ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED,
  kakao: ACCOUNT_MESSAGES.KAKAO_LOGIN_FAILED,
};

/**
 * The provider's token in a 404's body: that provider account is not a member yet
 * (docs/product.md#error-answers).
 */
function registrationToken(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 404) return null;
  const body = error.body as { accessToken?: unknown } | undefined;
  return typeof body?.accessToken === 'string' && body.accessToken ? body.accessToken : null;
}

/** The server's message when it sent one, else "<provider> login failed" (docs/product.md#error-answers). */
function socialLoginErrorMessage(provider: SocialProvider, error: unknown): string {
  // The catalog's SOCIAL_LOGIN_FAILED wording names Naver; a Kakao failure must say Kakao.
  if (!isApiError(error) || !error.message || error.code === 'SOCIAL_LOGIN_FAILED') return FAILED[provider];
  return error.message;
}

/**
 * Naver and Kakao sign-in for the login and register screens (docs/product.md#login-and-sign-up): success
 * stores the token as the id login does and goes to /order; a 404 sends the visitor to /register/<provider>
 * with the provider's token in the navigation state; anything else is a toast.
 */
export function useSocialLogin({ naver, kakao }: { naver: boolean; kakao: boolean }) {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { settings } = useSiteSettings();
  // One attempt at a time: a second press while the first is still talking to the server does nothing.
  const busy = useRef(false);

  const finish = useCallback(
    async (provider: SocialProvider, attempt: () => Promise<LoginResponse>) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const { accessToken } = await attempt();
        await signIn(accessToken);
        toast.success(ACCOUNT_MESSAGES.LOGIN_SUCCESS);
        navigate(paths.order);
      } catch (error) {
        const providerToken = registrationToken(error);
        if (providerToken) {
          toast.info(ACCOUNT_MESSAGES.SOCIAL_NOT_REGISTERED);
          navigate(paths.socialRegister(provider), { state: { accessToken: providerToken } });
        } else {
          toast.error(socialLoginErrorMessage(provider, error));
        }
      } finally {
        busy.current = false;
      }
    },
    [navigate, signIn],
  );

  // The callback page's message. Only this origin, only our marker, only the state this tab made.
  useEffect(() => {
    if (!naver) return;
    const accept = (data: unknown) => {
      if (!isNaverAuthMessage(data) || !consumeNaverState(data.state)) return;
      const { code, state } = data;
      void finish('naver', () => loginNaver({ code, state }));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) accept(event.data);
    };
    window.addEventListener('message', onMessage);
    // The callback page's fallback when the popup lost its opener (see naver-callback.tsx).
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(NAVER_AUTH_SOURCE) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => accept(event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [naver, finish]);

  // Loaded ahead, so the press opens Kakao's popup while the click still counts as the user's gesture.
  useEffect(() => {
    if (kakao) loadKakaoSdk().catch(() => {});
  }, [kakao]);

  const startNaver = useCallback(() => {
    const state = beginNaverState();
    const popup = window.open(naverAuthorizeUrl(state), 'naver-login', 'popup,width=480,height=720');
    if (!popup) toast.error(AUTH_UI_MESSAGES.POPUP_BLOCKED);
  }, []);

  const startKakao = useCallback(async () => {
    if (busy.current) return;
    let providerToken: string;
    try {
      providerToken = await kakaoAccessToken(settings.get('SNS_KAKAO_TOKEN'));
    } catch {
      toast.error(ACCOUNT_MESSAGES.KAKAO_SDK_FAILED);
      return;
    }
    await finish('kakao', () => loginKakao({ accessToken: providerToken }));
  }, [finish, settings]);

  return { startNaver, startKakao: () => void startKakao() };
}
