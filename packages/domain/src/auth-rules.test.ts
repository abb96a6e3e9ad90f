import { describe, expect, it } from 'vitest';
import {
  LOGIN_MESSAGES,
  REGISTER_HINTS,
  REGISTER_MESSAGES,
  SEND_CODE_MESSAGES,
  validateEmailForCode,
  validateLogin,
  validatePhoneForCode,
  validateRegister,
  type RegisterContext,
  type RegisterInput,
} from './auth-rules';
import { validateChangePassword, validateResetPassword } from './account-rules';

describe('validateLogin', () => {
  it('asks for the id first, then rejects spaces in it, then asks for the password', () => {
    expect(validateLogin({ id: '', password: '' })).toBe(LOGIN_MESSAGES.ID_REQUIRED);
    expect(validateLogin({ id: 'a b', password: '' })).toBe(LOGIN_MESSAGES.ID_HAS_SPACE);
    expect(validateLogin({ id: 'member1', password: '' })).toBe(LOGIN_MESSAGES.PASSWORD_REQUIRED);
    expect(validateLogin({ id: 'member1', password: 'pw' })).toBeNull();
  });

  it('keeps the login messages word for word (docs/product.md#login-and-sign-up-rules)', () => {
    expect(LOGIN_MESSAGES.ID_REQUIRED).toBe('아이디를 입력 해주세요.');
    expect(LOGIN_MESSAGES.ID_HAS_SPACE).toBe('아이디에 띄어쓰기는 불가능합니다.');
    expect(LOGIN_MESSAGES.PASSWORD_REQUIRED).toBe('비밀번호를 입력 해주세요.');
  });
});

describe('validateRegister', () => {
  const valid: RegisterInput = {
    id: 'member1',
    password: 'secret123',
    passwordRe: 'secret123',
    email: 'member1@example.com',
    registerWhere: '검색',
    emailCode: '',
    sendCode: '',
  };
  const off: RegisterContext = {
    emailVerifyEnabled: false,
    phoneEnabled: false,
    emailCodeSent: false,
    phoneCodeSent: false,
  };
  const m = REGISTER_MESSAGES;

  it('accepts a complete form', () => {
    expect(validateRegister(valid, off)).toBeNull();
  });

  // Each case breaks this rule and every later one, so only the order can decide the message.
  it.each([
    ['empty id', { id: '', password: ' x', email: 'bad', passwordRe: 'y', registerWhere: '' }, m.ID_REQUIRED],
    ['space in id', { id: 'a b', password: ' x', email: 'bad', registerWhere: '' }, m.ID_HAS_SPACE],
    ['space in password', { password: 'a b', email: 'bad', registerWhere: '' }, m.PASSWORD_HAS_SPACE],
    ['e-mail without @', { email: 'member.example.com', password: '', registerWhere: '' }, m.EMAIL_FORMAT],
    ['e-mail without a dot', { email: 'member@example', password: '', registerWhere: '' }, m.EMAIL_FORMAT],
    ['empty password', { password: '', passwordRe: 'x', registerWhere: '' }, m.PASSWORD_REQUIRED],
    ['re-entry differs', { passwordRe: 'other', registerWhere: '' }, m.PASSWORD_RE_DIFFERS],
    ['no sign-up route', { registerWhere: '' }, m.REGISTER_WHERE_REQUIRED],
  ])('stops at %s', (_name, patch, message) => {
    expect(validateRegister({ ...valid, ...patch }, { ...off, emailVerifyEnabled: true })).toBe(message);
  });

  it('skips the re-entry rule when no re-entry is given (the server never receives it)', () => {
    const { passwordRe: _omit, ...payload } = valid;
    expect(validateRegister(payload, off)).toBeNull();
  });

  it('checks the e-mail code only when the e-mail verify flag is on', () => {
    const ctx = { ...off, emailVerifyEnabled: true };
    expect(validateRegister(valid, ctx)).toBe(m.EMAIL_CODE_NOT_SENT);
    expect(validateRegister({ ...valid, emailCode: '1234' }, { ...ctx, emailCodeSent: true })).toBe(
      m.EMAIL_CODE_LENGTH,
    );
    expect(validateRegister({ ...valid, emailCode: 'A1B2C' }, { ...ctx, emailCodeSent: true })).toBeNull();
  });

  it('checks the phone code after the e-mail code when the phone flag is on', () => {
    const ctx = { ...off, emailVerifyEnabled: true, phoneEnabled: true };
    expect(validateRegister({ ...valid, emailCode: '123' }, { ...ctx, emailCodeSent: true })).toBe(
      m.EMAIL_CODE_LENGTH,
    );
    const emailDone = { ...ctx, emailCodeSent: true };
    expect(validateRegister({ ...valid, emailCode: '12345' }, emailDone)).toBe(m.PHONE_CODE_NOT_SENT);
    expect(
      validateRegister(
        { ...valid, emailCode: '12345', sendCode: '123456' },
        { ...emailDone, phoneCodeSent: true },
      ),
    ).toBe(m.PHONE_CODE_LENGTH);
    expect(
      validateRegister(
        { ...valid, emailCode: '12345', sendCode: '54321' },
        { ...emailDone, phoneCodeSent: true },
      ),
    ).toBeNull();
  });

  it('caps the id length so a pasted paragraph is refused', () => {
    expect(validateRegister({ ...valid, id: 'a'.repeat(31) }, off)).toBe(m.ID_TOO_LONG);
    expect(validateRegister({ ...valid, id: 'a'.repeat(30) }, off)).toBeNull();
  });
});

describe('sending a verification code', () => {
  it('needs an e-mail with @ and a dot, and a phone number of exactly 11 characters', () => {
    expect(validateEmailForCode('member@example')).toBe(SEND_CODE_MESSAGES.EMAIL_INVALID);
    expect(validateEmailForCode('member@example.com')).toBeNull();
    expect(validatePhoneForCode('0101234567')).toBe(SEND_CODE_MESSAGES.PHONE_INVALID);
    expect(validatePhoneForCode('010123456789')).toBe(SEND_CODE_MESSAGES.PHONE_INVALID);
    expect(validatePhoneForCode('01012345678')).toBeNull();
  });
});

/**
 * The change-password field once promised "8~20자" while the rule takes 8–100. The hint is read
 * here as a member reads it (its two lengths, and "띄어쓰기 없이"), and every form's password rule must
 * agree with it at each edge.
 */
describe('the password hint says exactly what the password rules accept', () => {
  const [, min, max] = /^(\d+)~(\d+)자, 띄어쓰기 없이$/.exec(REGISTER_HINTS.PASSWORD) ?? [];
  const ruleOf = {
    'sign-up': (password: string) =>
      validateRegister(
        {
          id: 'member1',
          password,
          passwordRe: password,
          email: 'member1@example.com',
          registerWhere: '검색',
        },
        { emailVerifyEnabled: false, phoneEnabled: false, emailCodeSent: false, phoneCodeSent: false },
      ),
    'reset password': (password: string) => validateResetPassword({ password, passwordRe: password }),
    'change password': (password: string) =>
      validateChangePassword({
        currentPassword: 'old-password',
        newPassword: password,
        newPasswordRe: password,
      }),
  };

  it('reads as "<min>~<max>자, 띄어쓰기 없이"', () => {
    expect(Number(min)).toBeGreaterThan(0);
    expect(Number(max)).toBeGreaterThan(Number(min));
  });

  it.each(Object.entries(ruleOf))(
    '%s: takes the lengths the hint names, refuses one less, one more and spaces',
    (_, rule) => {
      const of = (length: number) => 'a'.repeat(length);
      expect(rule(of(Number(min)))).toBeNull();
      expect(rule(of(Number(max)))).toBeNull();
      expect(rule(of(Number(min) - 1))).not.toBeNull();
      expect(rule(of(Number(max) + 1))).not.toBeNull();
      expect(rule(`${of(Number(min))} b`)).not.toBeNull();
    },
  );
});
