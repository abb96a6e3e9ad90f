import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, REGISTER_MESSAGES, SEND_CODE_MESSAGES } from '@smm/domain';
import { SessionProvider } from '@/lib/session/session-provider';
import { json, mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/render';
import { SocialRegisterRoute } from './social-register';
import { authApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(siteApi.settings);

const WHERE = [
  { id: 1, text: '검색' },
  { id: 2, text: '지인 추천' },
];

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** /register/<provider> entered the way the social login's 404 enters it: with the token in the state. */
function renderSocialRegister(
  provider: 'naver' | 'kakao',
  state: unknown = { accessToken: 'provider-token' },
) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[{ pathname: `/register/${provider}`, state }]}>
          <Routes>
            <Route path="/register/naver" element={<SocialRegisterRoute provider="naver" />} />
            <Route path="/register/kakao" element={<SocialRegisterRoute provider="kakao" />} />
            <Route path="/register" element={<p>회원가입 선택 화면</p>} />
            <Route path="/login" element={<p>로그인 화면</p>} />
          </Routes>
          <Location />
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

async function submitExpecting(message: string) {
  await userEvent.click(screen.getByRole('button', { name: '회원가입' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
}

describe('social register (/register/naver, /register/kakao)', () => {
  it.each([null, {}, { accessToken: '' }])(
    'without a provider token (%o) it goes back to /register',
    (state) => {
      mockApi({ ...quiet });
      renderSocialRegister('naver', state);
      expect(screen.getByText('회원가입 선택 화면')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/register');
    },
  );

  it('phone flag off: only the sign-up route is required; the payload carries the provider token', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.registerKakao)]: json({ message: '회원가입에 성공했습니다.' }, 201),
    });
    renderSocialRegister('kakao');
    expect(screen.getByRole('heading', { name: '카카오 회원가입' })).toBeInTheDocument();
    expect(screen.queryByLabelText('휴대전화 번호')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('추천인 코드')).not.toBeInTheDocument();

    await submitExpecting(REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED);
    await screen.findByRole('option', { name: '지인 추천' });
    await userEvent.selectOptions(screen.getByLabelText('가입경로'), '지인 추천');
    await userEvent.click(screen.getByRole('button', { name: '회원가입' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText('회원가입에 성공했습니다.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === pathOf(authApi.registerKakao))?.body).toEqual({
      registerWhere: '지인 추천',
      phoneNumber: '',
      sendCode: '',
      referral: '',
      accessToken: 'provider-token',
      device: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
  });

  it('phone flag on: §5 order (route, code sent, 5 characters); sending locks the phone and reveals the code', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_PHONE_NUMBER: 'true', ENABLE_REFERRAL: 'true' }),
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.sendPhoneCode)]: { message: '인증번호가 발송되었습니다.' },
      [on(authApi.registerNaver)]: json({ message: '회원가입에 성공했습니다.' }, 201),
    });
    renderSocialRegister('naver');
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: '인증코드 전송' });
    expect(screen.getByLabelText('추천인 코드')).toBeInTheDocument();
    expect(screen.queryByLabelText('휴대전화 인증코드')).not.toBeInTheDocument();

    await submitExpecting(REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED);
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await submitExpecting(REGISTER_MESSAGES.PHONE_CODE_NOT_SENT);

    await user.type(screen.getByLabelText('휴대전화 번호'), '0101234');
    await user.click(send);
    expect(await screen.findByText(SEND_CODE_MESSAGES.PHONE_INVALID)).toBeInTheDocument();
    await user.type(screen.getByLabelText('휴대전화 번호'), '5678');
    await user.click(send);
    expect(await screen.findByLabelText('휴대전화 인증코드')).toBeInTheDocument();
    expect(screen.getByLabelText('휴대전화 번호')).toBeDisabled();
    expect(send).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '휴대전화 번호 변경' })).toBeEnabled();

    await user.type(screen.getByLabelText('휴대전화 인증코드'), '1234');
    await submitExpecting(REGISTER_MESSAGES.PHONE_CODE_LENGTH);
    await user.type(screen.getByLabelText('휴대전화 인증코드'), '5');
    await user.type(screen.getByLabelText('추천인 코드'), 'REF123');
    await user.click(screen.getByRole('button', { name: '회원가입' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(calls.find((c) => c.path === pathOf(authApi.registerNaver))?.body).toEqual({
      registerWhere: '검색',
      phoneNumber: '01012345678',
      sendCode: '12345',
      referral: 'REF123',
      accessToken: 'provider-token',
      device: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
  });

  it.each([
    [409, ACCOUNT_MESSAGES.SOCIAL_ALREADY_REGISTERED, ACCOUNT_MESSAGES.SOCIAL_ALREADY_REGISTERED],
    [500, '', REGISTER_MESSAGES.FAILED],
  ])('a %i shows its message and stays', async (status, serverMessage, shown) => {
    mockApi({
      ...quiet,
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.registerNaver)]: json({ message: serverMessage }, status),
    });
    renderSocialRegister('naver');
    await screen.findByRole('option', { name: '검색' });
    await userEvent.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await submitExpecting(shown);
    expect(screen.getByTestId('location')).toHaveTextContent('/register/naver');
  });
});
