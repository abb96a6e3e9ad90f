import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  isMailboxAddress,
  isPhoneNumberDigits,
  isResetTokenUsable,
  maskLoginId,
  normalizeEmail,
  normalizePhoneNumber,
  resetTokenExpiry,
  validateChangePassword,
  validateResetPassword,
  validateSocialRegister,
} from './account-rules';
import { REGISTER_MESSAGES } from './auth-rules';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.sig`;

describe('validateSocialRegister (docs/product.md#account-rules)', () => {
  const ok = { registerWhere: '검색', sendCode: '12345' };
  it.each([
    [
      { ...ok, registerWhere: ' ' },
      { phoneEnabled: true, phoneCodeSent: true },
      REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED,
    ],
    [ok, { phoneEnabled: true, phoneCodeSent: false }, REGISTER_MESSAGES.PHONE_CODE_NOT_SENT],
    [
      { ...ok, sendCode: '1234' },
      { phoneEnabled: true, phoneCodeSent: true },
      REGISTER_MESSAGES.PHONE_CODE_LENGTH,
    ],
    [{ ...ok, sendCode: '' }, { phoneEnabled: false, phoneCodeSent: false }, null],
    [ok, { phoneEnabled: true, phoneCodeSent: true }, null],
  ])('%o with %o → %s', (input, ctx, expected) => {
    expect(validateSocialRegister(input, ctx)).toBe(expected);
  });
});

describe('change and reset password rules', () => {
  it('change password: current, new, re-entry in §5 order, then the sign-up password rules', () => {
    const input = { currentPassword: 'old-pass-1', newPassword: 'new-pass-1', newPasswordRe: 'new-pass-1' };
    expect(validateChangePassword({ ...input, currentPassword: '' })).toBe(
      ACCOUNT_MESSAGES.CURRENT_PASSWORD_REQUIRED,
    );
    expect(validateChangePassword({ ...input, newPassword: '' })).toBe(
      ACCOUNT_MESSAGES.NEW_PASSWORD_REQUIRED,
    );
    expect(validateChangePassword({ ...input, newPasswordRe: 'x' })).toBe(
      ACCOUNT_MESSAGES.NEW_PASSWORD_RE_DIFFERS,
    );
    expect(validateChangePassword({ ...input, newPassword: 'short', newPasswordRe: 'short' })).toBe(
      REGISTER_MESSAGES.PASSWORD_TOO_SHORT,
    );
    expect(validateChangePassword(input)).toBeNull();
  });

  it('reset password: both fields agree', () => {
    expect(validateResetPassword({ password: 'new-pass-1', passwordRe: 'new-pass-2' })).toBe(
      ACCOUNT_MESSAGES.PASSWORD_RE_DIFFERS,
    );
    expect(validateResetPassword({ password: 'new-pass-1', passwordRe: 'new-pass-1' })).toBeNull();
  });
});

describe('reset-link tokens (docs/product.md#account-recovery)', () => {
  const now = Date.UTC(2026, 0, 1);
  it('reads exp in seconds from the payload without checking the signature', () => {
    expect(resetTokenExpiry(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000);
  });
  it.each([
    ['missing', null],
    ['empty', ''],
    ['not a JWT', 'abc'],
    ['a payload that is not JSON', 'a.%%%.c'],
    ['no exp', jwt({ sub: '1' })],
    ['a string exp', jwt({ exp: '1800000000' })],
  ])('%s is unusable', (_, token) => {
    expect(resetTokenExpiry(token)).toBeNull();
    expect(isResetTokenUsable(token, now)).toBe(false);
  });
  it('is usable until its exp, not at or after it', () => {
    const exp = now / 1000 + 60;
    expect(isResetTokenUsable(jwt({ exp }), now)).toBe(true);
    expect(isResetTokenUsable(jwt({ exp }), exp * 1000)).toBe(false);
  });
});

describe('maskLoginId', () => {
  it.each([
    ['a', 'a*'],
    ['ab', 'a*'],
    ['abcd', 'a**d'],
    ['member1', 'me****1'],
  ])('%s → %s', (id, masked) => expect(maskLoginId(id)).toBe(masked));
});

describe('addresses a code or link may go to', () => {
  it.each([
    ['member@example.com', true],
    ['first.last+tag@mail.example.co.kr', true],
    ['홍길동@한국.kr', true],
    ['a@b', false],
    ['a@b.c, d@e.f', false],
    ['Name <a@b.kr>', false],
    ['a b@c.kr', false],
    ['"a"@b.kr', false],
    ['a@b..kr', false],
    ['a@b.kr.', false],
    ['a@b.kr\n', false],
    [`${'a'.repeat(250)}@b.kr`, false],
  ])('isMailboxAddress(%j) is %s', (email, ok) => expect(isMailboxAddress(email)).toBe(ok));

  it('takes phone numbers as exactly 11 digits, and compares them as digits', () => {
    expect(isPhoneNumberDigits('01012345678')).toBe(true);
    for (const bad of ['010-1234-5678', '0101234567', '0101234567a', '010123456789']) {
      expect(isPhoneNumberDigits(bad)).toBe(false);
    }
    expect(normalizePhoneNumber('010-1234-5678')).toBe('01012345678');
    expect(normalizeEmail('  Some.One@Example.COM ')).toBe('some.one@example.com');
  });
});
