import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@smm/domain';
import { json, mockApi, settingsOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';

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
  it('shows the domain messages in order as the fields are filled, then sends the payload without passwordRe', async () => {
    const { calls } = mockApi({
      'GET /service/register-where': WHERE,
      'POST /auth/register': json({ message: '회원가입에 성공했습니다.' }, 201),
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
    const sent = calls.filter((c) => c.path === '/auth/register');
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
    });
    expect(sent[0]?.body).not.toHaveProperty('passwordRe');
  });

  it('shows the server message on failure and stays on the page', async () => {
    mockApi({
      'GET /service/register-where': WHERE,
      'POST /auth/register': json({ message: REGISTER_MESSAGES.ID_TAKEN }, 409),
    });
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'taken');
    await user.type(screen.getByLabelText('비밀번호'), 'pw');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'pw');
    await user.type(screen.getByLabelText('이메일'), 'a@b.co');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await submitExpecting(REGISTER_MESSAGES.ID_TAKEN);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('with e-mail verification on, the code must be sent first; sending locks the e-mail and reveals the code field', async () => {
    const { calls } = mockApi({
      'GET /service/settings': settingsOf({ ENABLE_EMAIL_VERIFY: 'true', ENABLE_REFERRAL: 'true' }),
      'GET /service/register-where': WHERE,
      'POST /auth/send-email': { message: 'ok' },
    });
    renderRegister();
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: '인증코드 전송' });
    expect(screen.getByLabelText('추천인 코드')).toBeInTheDocument();
    expect(screen.queryByLabelText('이메일 인증코드')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('아이디'), 'm');
    await user.type(screen.getByLabelText('비밀번호'), 'pw');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'pw');
    await user.type(screen.getByLabelText('이메일'), 'm@e.kr');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    await submitExpecting(REGISTER_MESSAGES.EMAIL_CODE_NOT_SENT);

    await user.click(send);
    expect(await screen.findByLabelText('이메일 인증코드')).toBeInTheDocument();
    expect(screen.getByLabelText('이메일')).toBeDisabled();
    expect(send).toBeDisabled();
    expect(calls.find((c) => c.path === '/auth/send-email')?.body).toEqual({ email: 'm@e.kr' });
    await submitExpecting(REGISTER_MESSAGES.EMAIL_CODE_LENGTH);
  });

  it('blocks a second submission while the first is pending', async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = mockApi({
      'GET /service/register-where': WHERE,
      'POST /auth/register': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'm');
    await user.type(screen.getByLabelText('비밀번호'), 'pw');
    await user.type(screen.getByLabelText('비밀번호 재입력'), 'pw');
    await user.type(screen.getByLabelText('이메일'), 'm@e.kr');
    await screen.findByRole('option', { name: '검색' });
    await user.selectOptions(screen.getByLabelText('가입경로'), '검색');
    const submit = screen.getByRole('button', { name: '회원가입' });
    await user.click(submit);
    await user.click(submit);
    expect(calls.filter((c) => c.path === '/auth/register')).toHaveLength(1);
    release(json({ message: 'ok' }, 201));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});
