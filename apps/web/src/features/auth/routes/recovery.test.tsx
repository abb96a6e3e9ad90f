import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SEND_CODE_MESSAGES } from '@smm/domain';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { FindIdRoute } from './find-id';
import { FindPasswordRoute } from './find-password';
import { authApi, pathOf } from '@smm/domain/endpoints';

describe('find id (/find-id)', () => {
  it('checks the address first, then shows the masked id with the way onward', async () => {
    const { calls } = mockApi({ [on(authApi.findId)]: { userId: 'me****1' } });
    renderWithProviders(<FindIdRoute />, { route: '/find-id' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: '아이디 찾기' }));
    expect(await screen.findByText(SEND_CODE_MESSAGES.EMAIL_INVALID)).toBeInTheDocument();
    expect(calls.some((c) => c.path === pathOf(authApi.findId))).toBe(false);

    await user.type(screen.getByLabelText('이메일'), 'member1@example.com');
    await user.click(screen.getByRole('button', { name: '아이디 찾기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('가입된 아이디를 찾았습니다.me****1');
    expect(calls.find((c) => c.path === pathOf(authApi.findId))?.body).toEqual({
      email: 'member1@example.com',
    });
    expect(screen.getByRole('link', { name: '로그인하기' })).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: '비밀번호 찾기' })[0]).toHaveAttribute(
      'href',
      '/find-password',
    );
  });

  it.each([
    [404, ACCOUNT_MESSAGES.FIND_ID_NOT_FOUND, ACCOUNT_MESSAGES.FIND_ID_NOT_FOUND],
    [500, '', ACCOUNT_MESSAGES.UNKNOWN],
  ])('a %i shows the server message, else the generic one', async (status, message, shown) => {
    mockApi({ [on(authApi.findId)]: json({ message }, status) });
    renderWithProviders(<FindIdRoute />, { route: '/find-id' });
    await userEvent.type(screen.getByLabelText('이메일'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: '아이디 찾기' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('find password (/find-password)', () => {
  it('sends the address and says the link was sent', async () => {
    const { calls } = mockApi({ [on(authApi.findPassword)]: { message: '이메일이 전송되었습니다.' } });
    renderWithProviders(<FindPasswordRoute />, { route: '/find-password' });
    await userEvent.type(screen.getByLabelText('이메일'), 'member1@example.com');
    await userEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));

    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.FIND_PASSWORD_SENT);
    expect(screen.getByRole('status')).toHaveTextContent('30분');
    expect(calls.filter((c) => c.path === pathOf(authApi.findPassword))).toHaveLength(1);
    expect(calls.find((c) => c.path === pathOf(authApi.findPassword))?.body).toEqual({
      email: 'member1@example.com',
    });
  });

  it('a malformed address is stopped; a server error shows its message', async () => {
    const { calls } = mockApi({
      [on(authApi.findPassword)]: json({ message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' }, 429),
    });
    renderWithProviders(<FindPasswordRoute />, { route: '/find-password' });
    await userEvent.type(screen.getByLabelText('이메일'), 'member1');
    await userEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByText(SEND_CODE_MESSAGES.EMAIL_INVALID)).toBeInTheDocument();
    expect(calls.some((c) => c.path === pathOf(authApi.findPassword))).toBe(false);

    await userEvent.type(screen.getByLabelText('이메일'), '@example.com');
    await userEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByText('요청이 너무 많습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
