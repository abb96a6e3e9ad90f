import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import { SessionProvider } from '@/lib/session/session-provider';
import { json, mockApi, on } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/render';
import { ResetPasswordRoute } from './reset-password';
import { authApi, pathOf } from '@smm/domain/endpoints';

/** A JWT-shaped token with that payload (the signature is the server's business). */
function tokenWith(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** The mail link opened after another page (`/find-password`), so there is a page to go back to. */
function renderReset(url: string, history: string[] = ['/find-password']) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[...history, url]} initialIndex={history.length}>
          <Routes>
            <Route path="/reset-password" element={<ResetPasswordRoute />} />
            <Route path="/find-password" element={<p>비밀번호 찾기 화면</p>} />
            <Route path="/" element={<p>첫 화면</p>} />
          </Routes>
          <Location />
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('reset password (/reset-password?token=…)', () => {
  it.each([
    ['missing', '/reset-password'],
    ['unparseable', '/reset-password?token=not-a-jwt'],
    ['without exp', `/reset-password?token=${tokenWith({ sub: 'x' })}`],
    ['expired', `/reset-password?token=${tokenWith({ exp: nowSeconds() - 5 })}`],
  ])('a %s token: the page itself says why, and offers a new link', async (_, url) => {
    mockApi({});
    renderReset(url);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: '새 재설정 링크 받기' })).toHaveAttribute(
      'href',
      '/find-password',
    );
    expect(screen.queryByLabelText('새 비밀번호')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
  });

  it('an expired link opened straight from a mail stays and says why (no bounce that loses it)', async () => {
    mockApi({});
    renderReset(`/reset-password?token=${tokenWith({ exp: nowSeconds() - 5 })}`, []);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.RESET_LINK_INVALID);
    // Still there a moment later: it is the page, not a toast that closes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.RESET_LINK_INVALID);
  });

  it('validates the two fields, sends token and password, then toasts and goes to /', async () => {
    const token = tokenWith({ exp: nowSeconds() + 600, sub: '1' });
    const { calls } = mockApi({
      [on(authApi.resetPassword)]: { message: ACCOUNT_MESSAGES.PASSWORD_RESET },
    });
    renderReset(`/reset-password?token=${token}`);
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: '비밀번호 재설정' });

    await user.click(submit);
    expect(await screen.findByText(REGISTER_MESSAGES.PASSWORD_REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByLabelText('새 비밀번호'), 'new-password-1');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'new-password-2');
    await user.click(submit);
    expect(await screen.findByText(ACCOUNT_MESSAGES.PASSWORD_RE_DIFFERS)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('새 비밀번호 확인'));
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'new-password-1');
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText(ACCOUNT_MESSAGES.PASSWORD_RESET)).toBeInTheDocument();
    expect(calls.find((c) => c.path === pathOf(authApi.resetPassword))?.body).toEqual({
      token,
      password: 'new-password-1',
    });
  });

  it('a used or forged link (400) shows the server message and stays', async () => {
    mockApi({
      [on(authApi.resetPassword)]: json(
        { message: ACCOUNT_MESSAGES.RESET_LINK_INVALID, code: 'RESET_TOKEN_INVALID' },
        400,
      ),
    });
    renderReset(`/reset-password?token=${tokenWith({ exp: nowSeconds() + 600 })}`);
    await userEvent.type(await screen.findByLabelText('새 비밀번호'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: '비밀번호 재설정' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.RESET_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
  });
});
