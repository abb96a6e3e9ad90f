import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_MESSAGE, LOGIN_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import { json, mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';
import { authApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(siteApi.settings);

const profile = { id: 'member1', point: 0, apiKey: 'k' };

function renderLogin() {
  return renderWithProviders(<LoginForm />, {
    route: '/login',
    path: '/login',
    routes: { '/order': <p>주문 화면</p> },
  });
}

describe('login form', () => {
  it('an empty id shows the domain message and calls nothing', async () => {
    const { calls } = mockApi({ ...quiet });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText(LOGIN_MESSAGES.ID_REQUIRED)).toBeInTheDocument();
    expect(calls.some((c) => c.path === pathOf(authApi.login))).toBe(false);
  });

  it('a 404 from the server shows the wrong-credentials message', async () => {
    mockApi({ ...quiet, [on(authApi.login)]: json({ message: 'not found' }, 404) });
    renderLogin();
    await userEvent.type(screen.getByLabelText('아이디'), 'member1');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('아이디 또는 비밀번호가 다릅니다.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
  });

  it.each([
    [400, LOGIN_MESSAGES.BAD_FORM],
    [429, '잠시 후 다시 시도해주세요.'],
    [500, LOGIN_MESSAGES.UNKNOWN],
  ])('a %i maps to its message', async (status, message) => {
    mockApi({ ...quiet, [on(authApi.login)]: json({ message: '잠시 후 다시 시도해주세요.' }, status) });
    renderLogin();
    await userEvent.type(screen.getByLabelText('아이디'), 'member1');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('a suspended member (403 ACCOUNT_SUSPENDED, after the right password) reads the server’s message', async () => {
    mockApi({
      ...quiet,
      [on(authApi.login)]: json({ message: ACCOUNT_SUSPENDED_MESSAGE, code: 'ACCOUNT_SUSPENDED' }, 403),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('아이디'), 'member1');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
  });

  it('success stores the jwt, loads the profile, remembers the id and goes to /order', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(authApi.login)]: { accessToken: 'jwt-123' },
      [on(authApi.profile)]: profile,
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('아이디'), 'member1');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'secret');
    await userEvent.click(screen.getByLabelText('아이디 저장'));
    await userEvent.click(screen.getByRole('button', { name: '로그인' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order'));
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('jwt-123');
    expect(localStorage.getItem(STORAGE_KEYS.REMEMBERED_ID)).toBe('member1');
    expect(calls.find((c) => c.path === pathOf(authApi.login))?.body).toEqual({
      id: 'member1',
      password: 'secret',
    });
    expect(calls.find((c) => c.path === pathOf(authApi.profile))?.headers.get('Authorization')).toBe(
      'Bearer jwt-123',
    );
    expect(await screen.findByText('로그인에 성공했습니다.')).toBeInTheDocument();
  });

  it('fills a remembered id and shows find links and social buttons only with their flags', async () => {
    localStorage.setItem(STORAGE_KEYS.REMEMBERED_ID, 'saved-id');
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_EMAIL_VERIFY: 'true', ENABLE_SNS_KAKAO: 'true' }),
    });
    renderLogin();
    expect(screen.getByLabelText('아이디')).toHaveValue('saved-id');
    expect(screen.getByLabelText('아이디 저장')).toBeChecked();
    expect(await screen.findByRole('link', { name: '아이디 찾기' })).toHaveAttribute('href', '/find-id');
    expect(screen.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute('href', '/find-password');
    expect(screen.getByRole('button', { name: /카카오로 로그인/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /네이버로 로그인/ })).not.toBeInTheDocument();
  });

  it("hides find links and social buttons whose flags are 'false', once the settings have rendered", async () => {
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({
        ENABLE_EMAIL_VERIFY: 'false',
        ENABLE_SNS_KAKAO: 'false',
        ENABLE_SNS_NAVER: 'true',
      }),
    });
    renderLogin();
    // The one flag that is on proves the settings are on screen before anything is asserted absent.
    expect(await screen.findByRole('button', { name: /네이버로 로그인/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '아이디 찾기' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '비밀번호 찾기' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /카카오로 로그인/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그인' })).toBeInTheDocument();
  });
});
