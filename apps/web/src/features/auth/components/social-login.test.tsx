import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import { urlOf } from '@/lib/api-client';
import { json, mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { resetKakaoSdkForTests, type KakaoSdk } from './kakao-sdk';
import { LoginForm } from './login-form';
import { NAVER_STATE_KEY } from './naver-oauth';
import { RegisterChoice } from './register-choice';
import { authApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(siteApi.settings);

const profile = { id: 'naver-member', point: 0, apiKey: null };

/** Where a 404 sends the visitor: shows the token it was given in the navigation state. */
function RegisterProbe() {
  const location = useLocation();
  const token = (location.state as { accessToken?: string } | null)?.accessToken;
  return <p>소셜 가입 화면 {token}</p>;
}

function renderLogin() {
  return renderWithProviders(<LoginForm />, {
    route: '/login',
    path: '/login',
    routes: {
      '/order': <p>주문 화면</p>,
      '/register/naver': <RegisterProbe />,
      '/register/kakao': <RegisterProbe />,
    },
  });
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

afterEach(() => {
  delete window.Kakao;
  resetKakaoSdkForTests();
  sessionStorage.clear();
});

describe('naver login through the popup', () => {
  async function openPopup() {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    await userEvent.click(await screen.findByRole('button', { name: /네이버로 로그인/ }));
    const state = sessionStorage.getItem(NAVER_STATE_KEY) ?? '';
    return { open, state };
  }

  it('opens the server authorize redirect with a fresh url-safe state kept in sessionStorage', async () => {
    mockApi({ ...quiet, [on(siteApi.settings)]: settingsOf({ ENABLE_SNS_NAVER: 'true' }) });
    renderLogin();
    const { open, state } = await openPopup();
    expect(state).toMatch(/^[A-Za-z0-9_-]{16,32}$/);
    expect(open).toHaveBeenCalledWith(
      urlOf(authApi.naverAuthorize, { query: { state } }),
      'naver-login',
      expect.stringContaining('popup'),
    );
  });

  it('a blocked popup says so', async () => {
    mockApi({ ...quiet, [on(siteApi.settings)]: settingsOf({ ENABLE_SNS_NAVER: 'true' }) });
    renderLogin();
    vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(await screen.findByRole('button', { name: /네이버로 로그인/ }));
    expect(await screen.findByText(/팝업이 차단되었습니다/)).toBeInTheDocument();
  });

  it('ignores messages with another state, another origin or without the marker; the right one logs in', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_SNS_NAVER: 'true' }),
      [on(authApi.loginNaver)]: { accessToken: 'jwt-naver' },
      [on(authApi.profile)]: profile,
    });
    renderLogin();
    const { state } = await openPopup();
    const naverCalls = () => calls.filter((c) => c.path === pathOf(authApi.loginNaver));

    postFromPopup({ source: 'naver-auth', code: 'c-1', state: 'forged-state-000000' });
    postFromPopup({ source: 'naver-auth', code: 'c-1', state }, 'https://evil.example');
    postFromPopup({ source: 'other', code: 'c-1', state });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(naverCalls()).toHaveLength(0);

    postFromPopup({ source: 'naver-auth', code: 'c-1', state });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order'));
    expect(naverCalls()).toHaveLength(1);
    expect(naverCalls()[0]?.body).toEqual({ code: 'c-1', state });
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('jwt-naver');
    expect(await screen.findByText(ACCOUNT_MESSAGES.LOGIN_SUCCESS)).toBeInTheDocument();
    // The state is spent: a replay of the same message sends nothing more.
    postFromPopup({ source: 'naver-auth', code: 'c-1', state });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(naverCalls()).toHaveLength(1);
  });

  it('a 404 goes to /register/naver with the token from its body', async () => {
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_SNS_NAVER: 'true' }),
      [on(authApi.loginNaver)]: json(
        {
          message: ACCOUNT_MESSAGES.SOCIAL_NOT_REGISTERED,
          code: 'SOCIAL_NOT_REGISTERED',
          accessToken: 'nv-tok',
        },
        404,
      ),
    });
    renderLogin();
    const { state } = await openPopup();
    postFromPopup({ source: 'naver-auth', code: 'c-2', state });
    expect(await screen.findByText('소셜 가입 화면 nv-tok')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/register/naver');
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
  });

  it.each([
    [
      'the server message',
      json({ message: '네이버 계정 정보를 가져오지 못했습니다.' }, 502),
      '네이버 계정 정보를 가져오지 못했습니다.',
    ],
    ['the fallback', json({}, 500), ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED],
  ])('any other failure shows %s', async (_, answer, message) => {
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_SNS_NAVER: 'true' }),
      [on(authApi.loginNaver)]: answer,
    });
    renderLogin();
    const { state } = await openPopup();
    postFromPopup({ source: 'naver-auth', code: 'c-3', state });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('the register choice starts the same flow', async () => {
    mockApi({
      ...quiet,
      [on(authApi.loginNaver)]: json(
        { message: '', code: 'SOCIAL_NOT_REGISTERED', accessToken: 'nv-2' },
        404,
      ),
    });
    renderWithProviders(<RegisterChoice naver kakao={false} onGeneral={() => {}} />, {
      route: '/register',
      path: '/register',
      routes: { '/register/naver': <RegisterProbe /> },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    await userEvent.click(screen.getByRole('button', { name: /네이버로 가입하기/ }));
    expect(open).toHaveBeenCalled();
    postFromPopup({ source: 'naver-auth', code: 'c-4', state: sessionStorage.getItem(NAVER_STATE_KEY) });
    expect(await screen.findByText('소셜 가입 화면 nv-2')).toBeInTheDocument();
  });
});

describe('kakao login through the SDK', () => {
  function installKakao(login: KakaoSdk['Auth']['login']) {
    const init = vi.fn();
    window.Kakao = { init, isInitialized: () => init.mock.calls.length > 0, Auth: { login } };
    return init;
  }
  const kakaoSettings = settingsOf({ ENABLE_SNS_KAKAO: 'true', SNS_KAKAO_TOKEN: 'kakao-app-key' });

  it('initialises the SDK with SNS_KAKAO_TOKEN and logs in with its access token', async () => {
    const init = installKakao(({ success }) => success({ access_token: 'kk-token' }));
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: kakaoSettings,
      [on(authApi.loginKakao)]: { accessToken: 'jwt-kakao' },
      [on(authApi.profile)]: profile,
    });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: /카카오로 로그인/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order'));
    expect(init).toHaveBeenCalledWith('kakao-app-key');
    expect(calls.find((c) => c.path === pathOf(authApi.loginKakao))?.body).toEqual({
      accessToken: 'kk-token',
    });
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('jwt-kakao');
    expect(await screen.findByText(ACCOUNT_MESSAGES.LOGIN_SUCCESS)).toBeInTheDocument();
  });

  it('a 404 goes to /register/kakao with the token', async () => {
    installKakao(({ success }) => success({ access_token: 'kk-token' }));
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: kakaoSettings,
      [on(authApi.loginKakao)]: json(
        { message: '', code: 'SOCIAL_NOT_REGISTERED', accessToken: 'kk-token' },
        404,
      ),
    });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: /카카오로 로그인/ }));
    expect(await screen.findByText('소셜 가입 화면 kk-token')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/register/kakao');
  });

  it('the member giving up in the SDK shows the SDK failure and calls nothing', async () => {
    installKakao(({ fail }) => fail({ error: 'access_denied' }));
    const { calls } = mockApi({ ...quiet, [on(siteApi.settings)]: kakaoSettings });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: /카카오로 로그인/ }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.KAKAO_SDK_FAILED)).toBeInTheDocument();
    expect(calls.some((c) => c.path === pathOf(authApi.loginKakao))).toBe(false);
  });

  it('a script that fails to load shows the SDK failure', async () => {
    mockApi({ ...quiet, [on(siteApi.settings)]: kakaoSettings });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: /카카오로 로그인/ }));
    // jsdom loads no external scripts: fire the tag's error as a blocked or offline load would.
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="developers.kakao.com"]');
    expect(script?.src).toBe('https://developers.kakao.com/sdk/js/kakao.min.js');
    act(() => {
      script?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText(ACCOUNT_MESSAGES.KAKAO_SDK_FAILED)).toBeInTheDocument();
  });

  it("a provider refusal says Kakao, even though the server's catalog wording names Naver", async () => {
    installKakao(({ success }) => success({ access_token: 'bad' }));
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: kakaoSettings,
      [on(authApi.loginKakao)]: json(
        { message: ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED, code: 'SOCIAL_LOGIN_FAILED' },
        400,
      ),
    });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: /카카오로 로그인/ }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.KAKAO_LOGIN_FAILED)).toBeInTheDocument();
  });
});
