import { isAllowedLoginId, LOGIN_ID_MAX_LENGTH, LOGIN_ID_MESSAGES, LOGIN_ID_MIN_LENGTH } from './login-id';

export * from './login-id';

/**
 * Sign-up and login rules (docs/product.md#login-and-sign-up-rules). The web form and the server run
 * these very functions, so a member sees the same Korean message whichever side stops the input.
 * Our own hardening rules (id allow-list, password minimum, no control characters) run after
 * the base rules, so every base message still appears for the input it was written for.
 */

export const LOGIN_MESSAGES = {
  ID_REQUIRED: '아이디를 입력 해주세요.',
  ID_HAS_SPACE: '아이디에 띄어쓰기는 불가능합니다.',
  PASSWORD_REQUIRED: '비밀번호를 입력 해주세요.',
  ID_FORMAT: LOGIN_ID_MESSAGES.ID_FORMAT,
  // By HTTP status of POST /auth/login (docs/product.md#error-answers)
  BAD_FORM: '입력 양식을 맞춰주세요.',
  WRONG_CREDENTIALS: '아이디 또는 비밀번호가 다릅니다.',
  UNKNOWN: '오류가 발생했습니다.',
} as const;

export const REGISTER_MESSAGES = {
  ID_REQUIRED: '아이디를 입력해주세요.',
  ID_HAS_SPACE: '아이디의 띄어쓰기를 제거해주세요.',
  ID_TOO_LONG: '아이디는 30자 이하로 입력해주세요.',
  PASSWORD_HAS_SPACE: '비밀번호의 띄어쓰기를 제거해주세요.',
  EMAIL_FORMAT: '이메일 형식을 맞춰주세요.',
  PASSWORD_REQUIRED: '비밀번호를 입력해주세요.',
  PASSWORD_TOO_LONG: '비밀번호는 100자 이하로 입력해주세요.',
  PASSWORD_RE_DIFFERS: '비밀번호 재입력이 다릅니다.',
  REGISTER_WHERE_REQUIRED: '가입경로를 선택해주세요.',
  EMAIL_CODE_NOT_SENT: '이메일 인증코드를 전송해주세요.',
  EMAIL_CODE_LENGTH: '이메일 인증코드 5자를 입력해주세요.',
  PHONE_CODE_NOT_SENT: '휴대전화 인증코드를 전송해주세요.',
  PHONE_CODE_LENGTH: '인증번호 5자를 입력해주세요.',
  SUCCESS: '회원가입에 성공했습니다.',
  FAILED: '회원가입에 실패했습니다.',
  ID_TAKEN: '이미 사용 중인 아이디입니다.',
  // Beyond the base rules: our hardening rules.
  ID_FORMAT: LOGIN_ID_MESSAGES.ID_FORMAT,
  PASSWORD_TOO_SHORT: '비밀번호는 8자 이상 입력해주세요.',
} as const;

/** Verification codes (e-mail and phone) are exactly this long (docs/product.md#limits). */
export const VERIFICATION_CODE_LENGTH = 5;
export const PHONE_NUMBER_LENGTH = 11;
export const ID_MAX_LENGTH = 30;
export const PASSWORD_MAX_LENGTH = 100;
/** Passwords are 8–100 characters (docs/product.md#limits); the minimum is one of our hardening rules. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Hints under the sign-up, reset and change-password fields, so a member learns the rules before a toast
 * tells them. Built from the very limits the rules check (auth-rules.test.ts holds each hint to its rule),
 * so a hint cannot promise a length the rule refuses.
 */
export const REGISTER_HINTS = {
  ID: `영문, 숫자, _ - . 으로 ${LOGIN_ID_MIN_LENGTH}~${LOGIN_ID_MAX_LENGTH}자`,
  PASSWORD: `${PASSWORD_MIN_LENGTH}~${PASSWORD_MAX_LENGTH}자, 띄어쓰기 없이`,
} as const;

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** C0/C1 control characters (NUL above all, which PostgreSQL text cannot hold). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

export interface LoginInput {
  id: string;
  password: string;
}

/** Returns the first broken rule's message, or null when the input may be sent. */
export function validateLogin(input: LoginInput): string | null {
  if (input.id.length === 0) return LOGIN_MESSAGES.ID_REQUIRED;
  if (/\s/.test(input.id)) return LOGIN_MESSAGES.ID_HAS_SPACE;
  if (input.password.length === 0) return LOGIN_MESSAGES.PASSWORD_REQUIRED;
  // Hardening: an id that cannot exist is refused before any throttle counter or query.
  if (!isAllowedLoginId(input.id)) return LOGIN_MESSAGES.ID_FORMAT;
  return null;
}

export interface RegisterInput {
  id: string;
  password: string;
  /** Form-only: the server never receives it, so it passes `undefined` and the rule is skipped. */
  passwordRe?: string;
  email: string;
  registerWhere: string;
  emailCode?: string;
  sendCode?: string;
}

export interface RegisterContext {
  emailVerifyEnabled: boolean;
  phoneEnabled: boolean;
  /** Whether a code was sent for this e-mail / phone: form state on the web, a stored code on the server. */
  emailCodeSent: boolean;
  phoneCodeSent: boolean;
}

export function isEmailFormat(email: string): boolean {
  return email.includes('@') && email.includes('.');
}

export function isVerificationCode(code: string | undefined): boolean {
  return (code ?? '').length === VERIFICATION_CODE_LENGTH;
}

/** Plain sign-up, in the order of docs/product.md#login-and-sign-up-rules; the first failure stops it. */
export function validateRegister(input: RegisterInput, ctx: RegisterContext): string | null {
  const m = REGISTER_MESSAGES;
  if (input.id.length === 0) return m.ID_REQUIRED;
  if (/\s/.test(input.id)) return m.ID_HAS_SPACE;
  if (input.id.length > ID_MAX_LENGTH) return m.ID_TOO_LONG;
  if (/\s/.test(input.password)) return m.PASSWORD_HAS_SPACE;
  if (!isEmailFormat(input.email)) return m.EMAIL_FORMAT;
  if (input.password.length === 0) return m.PASSWORD_REQUIRED;
  if (input.password.length > PASSWORD_MAX_LENGTH) return m.PASSWORD_TOO_LONG;
  if (input.passwordRe !== undefined && input.password !== input.passwordRe) {
    return m.PASSWORD_RE_DIFFERS;
  }
  if (input.registerWhere.trim().length === 0) return m.REGISTER_WHERE_REQUIRED;
  if (ctx.emailVerifyEnabled) {
    if (!ctx.emailCodeSent) return m.EMAIL_CODE_NOT_SENT;
    if (!isVerificationCode(input.emailCode)) return m.EMAIL_CODE_LENGTH;
  }
  if (ctx.phoneEnabled) {
    if (!ctx.phoneCodeSent) return m.PHONE_CODE_NOT_SENT;
    if (!isVerificationCode(input.sendCode)) return m.PHONE_CODE_LENGTH;
  }
  // Hardening, so after all of the base rules: the id allow-list, the password minimum, and no
  // control characters in the e-mail.
  if (!isAllowedLoginId(input.id)) return m.ID_FORMAT;
  if (input.password.length < PASSWORD_MIN_LENGTH) return m.PASSWORD_TOO_SHORT;
  if (hasControlCharacter(input.email)) return m.EMAIL_FORMAT;
  return null;
}

/** Sending a verification code: its rules and answers (docs/product.md#login-and-sign-up-rules). */
export const SEND_CODE_MESSAGES = {
  EMAIL_INVALID: '이메일이 올바르지 않습니다.',
  PHONE_INVALID: '휴대전화 번호가 올바르지 않습니다.',
  BAD_FORM: '입력 양식을 맞춰주세요.',
  EMAIL_EXISTS: '이미 존재하는 이메일입니다.',
  PHONE_EXISTS: '이미 존재하는 휴대전화 번호 입니다.',
  EMAIL_SENT: '인증코드가 발송되었습니다.',
  PHONE_SENT: '인증번호가 발송되었습니다.',
  FAILED: '오류가 발생했습니다.',
} as const;

export function validateEmailForCode(email: string): string | null {
  return isEmailFormat(email) ? null : SEND_CODE_MESSAGES.EMAIL_INVALID;
}

export function validatePhoneForCode(phoneNumber: string): string | null {
  return phoneNumber.length === PHONE_NUMBER_LENGTH ? null : SEND_CODE_MESSAGES.PHONE_INVALID;
}
