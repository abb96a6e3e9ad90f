import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, REGISTER_HINTS, REGISTER_MESSAGES, SEND_CODE_MESSAGES } from '@smm/domain';
import { json, mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';
import { authApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(siteApi.settings);

const WHERE = [
  { id: 1, text: '검색' },
  { id: 2, text: '지인 추천' },
];

function renderRegister() {
  return renderWithProviders(<RegisterForm />, {
    route: '/register',
    path: '/register',
    routes: { '/login': <p>로그인 화면</p> },
  });
}

async function submitExpecting(message: string) {
  await userEvent.click(screen.getByRole('button', { name: '회원가입' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
}

describe('register form', () => {
  it('describes the id and password rules under their fields', async () => {
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: json(settingsOf({})),
      [on(siteApi.registerWheres)]: json(WHERE),
    });
    renderRegister();
    expect(await screen.findByLabelText('아이디')).toHaveAccessibleDescription(REGISTER_HINTS.ID);
    expect(screen.getByLabelText('비밀번호')).toHaveAccessibleDescription(REGISTER_HINTS.PASSWORD);
  });

  it('shows the domain messages in order as the fields are filled, then sends the payload without passwordRe', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.register)]: json({ message: '회원가입에 성공했습니다.' }, 201),
    });
    renderRegister();
    const user = userEvent.setup();

    await submitExpecting(REGISTER_MESSAGES.ID_REQUIRED);
    await user.type(screen.getByLabelText('아이디'), 'new member');
    await submitExpecting(REGISTER_MESSAGES.ID_HAS_SPACE);
    await user.clear(screen.getByLabelText('아이디'));
    await user.type(screen.getByLabelText('아이디'), 'newmember');
    await user.type(screen.getByLabelText('비밀번호'), 'pass word');
    await submitExpecting(REGISTER_MESSAGES.PASSWORD_HAS_SPACE);
    await user.clear(screen.getByLabelText('비밀번호'));
    await user.type(screen.getByLabelText('비밀번호'), 'password1');
    await submitExpecting(REGISTER_MESSAGES.EMAIL_FORMAT);
    await user.type(screen.getByLabelText('이메일'), 'new@example.com');
    await submitExpecting(REGISTER_MESSAGES.PASSWORD_RE_DIFFERS);
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'password1');
    await submitExpecting(REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED);

    const select = screen.getByLabelText('가입경로');
    expect(select.querySelector('option')).toHaveTextContent('선택해주세요');
    await screen.findByRole('option', { name: '지인 추천' });
    await user.selectOptions(select, '지인 추천');
    await user.click(screen.getByRole('button', { name: '회원가입' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText(REGISTER_MESSAGES.SUCCESS)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === pathOf(authApi.register));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      id: 'newmember',
      password: 'password1',
      email: 'new@example.com',
      registerWhere: '지인 추천',
      phoneNumber: '',
      sendCode: '',
      referral: '',
      emailCode: '',
      device: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
    expect(sent[0]?.body).not.toHaveProperty('passwordRe');
  });

  it('shows the server message on failure and stays on the page', async () => {
    mockApi({
      ...quiet,
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.register)]: json({ message: REGISTER_MESSAGES.ID_TAKEN }, 409),
    });
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'taken-id');
    await user.type(screen.getByLabelText('비밀번호'), 'password1');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'password1');
    await user.type(screen.getByLabelText('이메일'), 'a@b.co');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await submitExpecting(REGISTER_MESSAGES.ID_TAKEN);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('with e-mail verification on, the code must be sent first; sending locks the e-mail and reveals the code field', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_EMAIL_VERIFY: 'true', ENABLE_REFERRAL: 'true' }),
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.sendEmailCode)]: { message: 'ok' },
    });
    renderRegister();
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: '인증코드 전송' });
    expect(screen.getByLabelText('추천인 코드')).toBeInTheDocument();
    expect(screen.queryByLabelText('이메일 인증코드')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('아이디'), 'member');
    await user.type(screen.getByLabelText('비밀번호'), 'password1');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'password1');
    await user.type(screen.getByLabelText('이메일'), 'm@e.kr');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await submitExpecting(REGISTER_MESSAGES.EMAIL_CODE_NOT_SENT);

    await user.click(send);
    expect(await screen.findByLabelText('이메일 인증코드')).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '인증코드 전송' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('전송 완료');
    expect(calls.find((c) => c.path === pathOf(authApi.sendEmailCode))?.body).toEqual({ email: 'm@e.kr' });
    await submitExpecting(REGISTER_MESSAGES.EMAIL_CODE_LENGTH);
  });

  it('변경 after a send unlocks a mistyped e-mail and a code goes to the corrected one', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_EMAIL_VERIFY: 'true' }),
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.sendEmailCode)]: { message: 'ok' },
    });
    renderRegister();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('이메일'), 'm@e.kt');
    await user.click(screen.getByRole('button', { name: '인증코드 전송' }));
    await user.type(await screen.findByLabelText('이메일 인증코드'), '123');
    expect(screen.getByLabelText('이메일')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '이메일 변경' }));
    const email = screen.getByLabelText('이메일');
    expect(email).toBeEnabled();
    expect(screen.queryByLabelText('이메일 인증코드')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'm@e.kr');
    await user.click(screen.getByRole('button', { name: '인증코드 전송' }));
    // The code field comes back empty for the new address.
    expect(await screen.findByLabelText('이메일 인증코드')).toHaveValue('');
    expect(calls.filter((c) => c.path === pathOf(authApi.sendEmailCode)).map((c) => c.body)).toEqual([
      { email: 'm@e.kt' },
      { email: 'm@e.kr' },
    ]);
  });

  it('two quick presses send one request, and further presses wait while the answer is pending', async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.register)]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'member');
    await user.type(screen.getByLabelText('비밀번호'), 'password1');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'password1');
    await user.type(screen.getByLabelText('이메일'), 'm@e.kr');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    const submit = screen.getByRole('button', { name: '회원가입' });
    const registerCalls = () => calls.filter((c) => c.path === pathOf(authApi.register));

    // Two presses before React re-renders: the button is still enabled for the second one, so only the
    // form's own guard can stop it (a disabled button alone would not).
    act(() => {
      submit.click();
      submit.click();
    });
    await waitFor(() => expect(registerCalls()).toHaveLength(1));
    expect(submit).toBeDisabled();
    // The answer is still pending: a later press changes nothing either.
    await user.click(submit);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registerCalls()).toHaveLength(1);

    await act(async () => release(json({ message: 'ok' }, 201)));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(registerCalls()).toHaveLength(1);
  });

  describe('send-code answers map by HTTP status (docs/product.md#error-answers)', () => {
    const channels = {
      email: {
        flag: 'ENABLE_EMAIL_VERIFY',
        path: pathOf(authApi.sendEmailCode),
        label: '이메일',
        value: 'm@e.kr',
      },
      phone: {
        flag: 'ENABLE_PHONE_NUMBER',
        path: pathOf(authApi.sendPhoneCode),
        label: '휴대전화 번호',
        value: '01012345678',
      },
    } as const;

    it.each([
      ['email', 400, SEND_CODE_MESSAGES.BAD_FORM],
      ['email', 409, SEND_CODE_MESSAGES.EMAIL_EXISTS],
      ['email', 500, SEND_CODE_MESSAGES.FAILED],
      ['phone', 400, SEND_CODE_MESSAGES.BAD_FORM],
      ['phone', 409, SEND_CODE_MESSAGES.PHONE_EXISTS],
      ['phone', 500, SEND_CODE_MESSAGES.FAILED],
    ] as const)('%s: %i → %s', async (channel, status, message) => {
      const { flag, path, label, value } = channels[channel];
      // The server's own wording differs on purpose: the toast must come from the status.
      mockApi({
        ...quiet,
        [on(siteApi.settings)]: settingsOf({ [flag]: 'true' }),
        [on(siteApi.registerWheres)]: WHERE,
        [`POST ${path}`]: json({ message: '서버 문구' }, status),
      });
      renderRegister();
      const user = userEvent.setup();
      const send = await screen.findByRole('button', { name: '인증코드 전송' });
      await user.type(screen.getByLabelText(label), value);
      await user.click(send);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('서버 문구')).not.toBeInTheDocument();
      // A failed send leaves the field editable and the button usable.
      expect(screen.getByLabelText(label)).toBeEnabled();
      expect(send).toBeEnabled();
    });

    it.each([
      ['email', ACCOUNT_MESSAGES.CODE_TOO_SOON],
      ['phone', ACCOUNT_MESSAGES.CODE_DAILY_LIMIT],
    ] as const)('%s: a 429 says why in the server words', async (channel, message) => {
      const { flag, path, label, value } = channels[channel];
      mockApi({
        ...quiet,
        [on(siteApi.settings)]: settingsOf({ [flag]: 'true' }),
        [on(siteApi.registerWheres)]: WHERE,
        [`POST ${path}`]: json({ message, code: 'TOO_MANY_CODES' }, 429),
      });
      renderRegister();
      const user = userEvent.setup();
      const send = await screen.findByRole('button', { name: '인증코드 전송' });
      await user.type(screen.getByLabelText(label), value);
      await user.click(send);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(send).toBeEnabled();
    });

    it.each([
      ['email', 'm@e', SEND_CODE_MESSAGES.EMAIL_INVALID],
      ['phone', '0101234567', SEND_CODE_MESSAGES.PHONE_INVALID],
    ] as const)('%s: a malformed address is stopped before any call', async (channel, bad, message) => {
      const { flag, path, label } = channels[channel];
      const { calls } = mockApi({
        ...quiet,
        [on(siteApi.settings)]: settingsOf({ [flag]: 'true' }),
        [on(siteApi.registerWheres)]: WHERE,
      });
      renderRegister();
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(label), bad);
      await user.click(screen.getByRole('button', { name: '인증코드 전송' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(calls.some((c) => c.path === path)).toBe(false);
    });
  });

  it('with the phone flag on, the phone code must be sent and 5 characters; the payload carries both codes and the referral', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({
        ENABLE_EMAIL_VERIFY: 'true',
        ENABLE_PHONE_NUMBER: 'true',
        ENABLE_REFERRAL: 'true',
      }),
      [on(siteApi.registerWheres)]: WHERE,
      [on(authApi.sendEmailCode)]: { message: 'ok' },
      [on(authApi.sendPhoneCode)]: { message: 'ok' },
      [on(authApi.register)]: json({ message: REGISTER_MESSAGES.SUCCESS }, 201),
    });
    renderRegister();
    const user = userEvent.setup();
    const [emailSend, phoneSend] = await screen.findAllByRole('button', { name: '인증코드 전송' });
    await user.type(screen.getByLabelText('아이디'), 'member');
    await user.type(screen.getByLabelText('비밀번호'), 'password1');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'password1');
    await user.type(screen.getByLabelText('이메일'), 'm@e.kr');
    await user.type(screen.getByLabelText('추천인 코드'), 'FRIEND1');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await user.click(emailSend as HTMLElement);
    await user.type(await screen.findByLabelText('이메일 인증코드'), '12345');

    await submitExpecting(REGISTER_MESSAGES.PHONE_CODE_NOT_SENT);
    await user.type(screen.getByLabelText('휴대전화 번호'), '01012345678');
    await user.click(phoneSend as HTMLElement);
    expect(await screen.findByText(SEND_CODE_MESSAGES.PHONE_SENT)).toBeInTheDocument();
    expect(screen.getByLabelText('휴대전화 번호')).toBeDisabled();
    expect(phoneSend).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '휴대전화 번호 변경' })).toBeEnabled();
    await user.type(screen.getByLabelText('휴대전화 인증코드'), '987');
    await submitExpecting(REGISTER_MESSAGES.PHONE_CODE_LENGTH);
    await user.type(screen.getByLabelText('휴대전화 인증코드'), '65');
    await user.click(screen.getByRole('button', { name: '회원가입' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(calls.find((c) => c.path === pathOf(authApi.sendPhoneCode))?.body).toEqual({
      phoneNumber: '01012345678',
    });
    expect(calls.find((c) => c.path === pathOf(authApi.register))?.body).toEqual({
      id: 'member',
      password: 'password1',
      email: 'm@e.kr',
      registerWhere: '검색',
      phoneNumber: '01012345678',
      sendCode: '98765',
      referral: 'FRIEND1',
      emailCode: '12345',
      device: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
  });

  it('fills the referral code from a shared link (/register?ref=CODE), upper-cased; a malformed ref fills nothing', async () => {
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_REFERRAL: 'true' }),
      [on(siteApi.registerWheres)]: WHERE,
    });
    const shared = renderWithProviders(<RegisterForm />, {
      route: '/register?ref=ab2cd3ef',
      path: '/register',
    });
    expect(await screen.findByLabelText('추천인 코드')).toHaveValue('AB2CD3EF');
    shared.unmount();
    renderWithProviders(<RegisterForm />, { route: '/register?ref=%3Cb%3E', path: '/register' });
    expect(await screen.findByLabelText('추천인 코드')).toHaveValue('');
  });
});
