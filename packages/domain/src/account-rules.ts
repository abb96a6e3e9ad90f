import {
  isVerificationCode,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTER_MESSAGES,
  SEND_CODE_MESSAGES,
} from './auth-rules';

/**
 * Account rules (docs/product.md#account-rules) shared by the screens and the
 * server: the same checks in the same order with the same Korean messages.
 */
export const ACCOUNT_MESSAGES = {
  CURRENT_PASSWORD_REQUIRED: '현재 비밀번호를 입력해주세요.',
  NEW_PASSWORD_REQUIRED: '새 비밀번호를 입력해주세요.',
  NEW_PASSWORD_RE_DIFFERS: '비밀번호 재확인이 다릅니다.',
  CURRENT_PASSWORD_WRONG: '현재 비밀번호가 다릅니다.',
  PASSWORD_CHANGED: '비밀번호가 변경되었습니다. 다시 로그인해주세요.',
  PASSWORD_RE_DIFFERS: '비밀번호 확인이 다릅니다.',
  PASSWORD_RESET: '비밀번호가 재설정되었습니다.',
  RESET_LINK_INVALID: '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다.',
  FIND_PASSWORD_SENT: '이메일이 전송되었습니다.',
  FIND_ID_NOT_FOUND: '해당 이메일로 가입된 아이디가 없습니다.',
  ACCOUNT_DELETED: '회원탈퇴가 완료되었습니다.',
  ACCOUNT_DELETE_FAILED: '회원탈퇴에 실패했습니다.',
  REFERRAL_ISSUED: '추천인 코드가 발급되었습니다.',
  CODE_INVALID: '인증코드가 올바르지 않거나 만료되었습니다. 다시 전송해주세요.',
  CODE_TOO_SOON: '인증코드는 1분에 한 번 보낼 수 있습니다. 잠시 후 다시 시도해주세요.',
  CODE_DAILY_LIMIT: '오늘 보낼 수 있는 인증코드를 모두 사용했습니다. 내일 다시 시도해주세요.',
  // Find id and find password: said when no mail goes out, never "sent" (docs/product.md#account-recovery).
  RECOVERY_TOO_SOON: (seconds: number) =>
    `같은 이메일로는 1분에 한 번 요청할 수 있습니다. ${seconds}초 후에 다시 시도해주세요.`,
  RECOVERY_DAILY_LIMIT: '오늘 이 이메일로 보낼 수 있는 메일을 모두 보냈습니다. 내일 다시 시도해주세요.',
  NAVER_LOGIN_FAILED: '네이버 로그인에 실패했습니다.',
  KAKAO_LOGIN_FAILED: '카카오 로그인에 실패했습니다.',
  KAKAO_SDK_FAILED: '카카오 인증에 실패했습니다.',
  SOCIAL_NOT_REGISTERED: '가입되지 않은 계정입니다. 회원가입을 진행해주세요.',
  SOCIAL_ALREADY_REGISTERED: '이미 가입된 계정입니다. 로그인해주세요.',
  LOGIN_SUCCESS: '로그인에 성공했습니다.',
  UNKNOWN: '오류가 발생했습니다.',
} as const;

/** Codes are 5 characters (docs/product.md#limits); ours are digits, typed easily on a phone. */
export const VERIFICATION_CODE_RULES = {
  length: 5,
  ttlSeconds: 10 * 60,
  resendCooldownSeconds: 60,
  /** Wrong guesses before a code is dead (5 digits: a guesser gets 5 in 100,000). */
  maxAttempts: 5,
} as const;

/** Password-reset links live 30 minutes and work once. */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

/** E-mail addresses compare trimmed and lower-cased (codes, uniqueness, find id / password). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Phone numbers compare as their digits: 010-1234-5678 and 01012345678 are one number. */
export function normalizePhoneNumber(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '');
}

const MAILBOX_PART = String.raw`[^\s@,;:<>()[\]\\"]+`;
const DOMAIN_LABEL = String.raw`[^\s@,;:<>()[\]\\".]+`;
const MAILBOX = new RegExp(`^${MAILBOX_PART}@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`, 'u');

/**
 * One plain mailbox, `local@domain.tld`, that the server may send mail to. The form's rule ('@'
 * and '.') also lets through "a@b.kr, c@d.kr" or "Name <a@b.kr>", which a mailer would read as other
 * or more recipients; the server sends only to what passes this (no spaces, commas, brackets, quotes).
 */
export function isMailboxAddress(email: string): boolean {
  return email.length <= 254 && MAILBOX.test(email) && !/[\u0000-\u001f\u007f-\u009f]/.test(email);
}

/** A phone number a text message can go to: exactly 11 digits (docs/product.md#limits), nothing else. */
export function isPhoneNumberDigits(phoneNumber: string): boolean {
  return /^[0-9]{11}$/.test(phoneNumber);
}

/** A new password: the sign-up rules (no spaces, 8–100 characters). */
function newPasswordProblem(password: string): string | null {
  if (/\s/.test(password)) return REGISTER_MESSAGES.PASSWORD_HAS_SPACE;
  if (password.length < PASSWORD_MIN_LENGTH) return REGISTER_MESSAGES.PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return REGISTER_MESSAGES.PASSWORD_TOO_LONG;
  return null;
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  /** Form-only; the server passes the new password again. */
  newPasswordRe: string;
}

/** Change password (docs/product.md#account-rules), in its order, then the sign-up password rules. */
export function validateChangePassword(input: ChangePasswordInput): string | null {
  const m = ACCOUNT_MESSAGES;
  if (input.currentPassword.length === 0) return m.CURRENT_PASSWORD_REQUIRED;
  if (input.newPassword.length === 0) return m.NEW_PASSWORD_REQUIRED;
  if (input.newPassword !== input.newPasswordRe) return m.NEW_PASSWORD_RE_DIFFERS;
  return newPasswordProblem(input.newPassword);
}

/** Reset password (docs/product.md#account-rules): the fields agree; then the sign-up password rules. */
export function validateResetPassword(input: { password: string; passwordRe: string }): string | null {
  if (input.password.length === 0) return REGISTER_MESSAGES.PASSWORD_REQUIRED;
  if (input.password !== input.passwordRe) return ACCOUNT_MESSAGES.PASSWORD_RE_DIFFERS;
  return newPasswordProblem(input.password);
}

export interface SocialRegisterInput {
  registerWhere: string;
  sendCode?: string;
}

export interface SocialRegisterContext {
  phoneEnabled: boolean;
  /** Whether a code was sent for the phone: form state on the web, a stored code on the server. */
  phoneCodeSent: boolean;
}

/**
 * Social sign-up (docs/product.md#account-rules), in its order: the sign-up route, then (phone flag on) the
 * code was sent and is 5 characters. The referral code is optional.
 */
export function validateSocialRegister(
  input: SocialRegisterInput,
  ctx: SocialRegisterContext,
): string | null {
  const m = REGISTER_MESSAGES;
  if (input.registerWhere.trim().length === 0) return m.REGISTER_WHERE_REQUIRED;
  if (ctx.phoneEnabled) {
    if (!ctx.phoneCodeSent) return m.PHONE_CODE_NOT_SENT;
    if (!isVerificationCode(input.sendCode)) return m.PHONE_CODE_LENGTH;
  }
  return null;
}

/** Re-exported so a screen needs one import for the send-code rules too. */
export { SEND_CODE_MESSAGES };

/**
 * Find id answers the id masked: enough for its owner to recognise, not enough for whoever typed
 * someone else's address (`member1` → `me****1`; the full id is also mailed to the address).
 */
export function maskLoginId(loginId: string): string {
  if (loginId.length <= 2) return `${loginId.slice(0, 1)}*`;
  if (loginId.length <= 4)
    return `${loginId.slice(0, 1)}${'*'.repeat(loginId.length - 2)}${loginId.slice(-1)}`;
  return `${loginId.slice(0, 2)}${'*'.repeat(loginId.length - 3)}${loginId.slice(-1)}`;
}

/**
 * The `exp` (seconds) of a reset link's token, read without checking its signature (the server does
 * that): null when the token is not a JWT with a numeric exp. The reset screen sends the reader back
 * when it is missing, unreadable or past (docs/product.md#account-recovery).
 */
export function resetTokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    const exp = (payload as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Whether a reset link can still be used at `nowMs` (docs/product.md#account-recovery). */
export function isResetTokenUsable(token: string | null | undefined, nowMs: number): boolean {
  const exp = resetTokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}
