import { describe, expect, it } from 'vitest';
import {
  LOGIN_MESSAGES,
  REGISTER_MESSAGES,
  validateLogin,
  validateRegister,
  type RegisterContext,
  type RegisterInput,
} from './auth-rules';
import { isAllowedLoginId, normalizeLoginId } from './login-id';

describe('normalizeLoginId', () => {
  it('lowers ASCII letters only', () => {
    expect(normalizeLoginId('Admin_01.X-Y')).toBe('admin_01.x-y');
  });

  it('never folds a non-ASCII letter onto an ASCII id', () => {
    // toLowerCase() maps U+0130 to 'i' + U+0307 and U+212A (Kelvin) to 'k'.
    expect(normalizeLoginId('admİn')).not.toBe('admin');
    expect(normalizeLoginId('admİn').normalize('NFKD')).not.toContain('admin');
    expect(normalizeLoginId('\u212Aim')).toBe('\u212Aim');
  });
});

describe('isAllowedLoginId', () => {
  it.each(['abcd', 'member_1', 'a.b-c', 'ABCD', 'x'.repeat(30)])('allows %j', (id) => {
    expect(isAllowedLoginId(id)).toBe(true);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'x'.repeat(31)],
    ['Turkish dotted I', 'admİn'],
    ['Cyrillic a', 'аdmin'],
    ['fullwidth', 'ａｄｍｉｎ'],
    ['zero-width space', 'ad\u200Bmin'],
    ['zero-width joiner', 'ad\u200Dmin'],
    ['right-to-left override', 'ad\u202Emin'],
    ['NUL', 'adm\u0000in'],
    ['control', 'adm\u0007in'],
    ['Korean', '관리자관리자'],
    ['at sign', 'a@bcd'],
    ['trailing newline', 'admin\n'],
  ])('refuses %s', (_name, id) => {
    expect(isAllowedLoginId(id)).toBe(false);
  });
});

describe('hardening rules after the base rules of docs/product.md#login-and-sign-up-rules', () => {
  const valid: RegisterInput = {
    id: 'member1',
    password: 'secret123',
    email: 'member1@example.com',
    registerWhere: '검색',
  };
  const off: RegisterContext = {
    emailVerifyEnabled: false,
    phoneEnabled: false,
    emailCodeSent: false,
    phoneCodeSent: false,
  };

  it('refuses an id off the allow-list with the Korean format message', () => {
    expect(REGISTER_MESSAGES.ID_FORMAT).toBe('아이디는 영문, 숫자, _ - . 으로 4~30자 입력해주세요.');
    for (const id of ['abc', 'admİn', 'ad\u200Bmin', 'adm\u0000in']) {
      expect(validateRegister({ ...valid, id }, off), id).toBe(REGISTER_MESSAGES.ID_FORMAT);
    }
  });

  it('keeps the base rules first: a spaced or over-long id still gets its own message', () => {
    expect(validateRegister({ ...valid, id: 'a b' }, off)).toBe(REGISTER_MESSAGES.ID_HAS_SPACE);
    expect(validateRegister({ ...valid, id: 'x'.repeat(31) }, off)).toBe(REGISTER_MESSAGES.ID_TOO_LONG);
    // A bad id with a missing sign-up route: the base rule speaks first.
    expect(validateRegister({ ...valid, id: 'abc', registerWhere: '' }, off)).toBe(
      REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED,
    );
  });

  it('requires at least 8 password characters, keeps the 100 maximum', () => {
    expect(validateRegister({ ...valid, password: '1234567' }, off)).toBe(
      REGISTER_MESSAGES.PASSWORD_TOO_SHORT,
    );
    expect(REGISTER_MESSAGES.PASSWORD_TOO_SHORT).toBe('비밀번호는 8자 이상 입력해주세요.');
    expect(validateRegister({ ...valid, password: '12345678' }, off)).toBeNull();
    expect(validateRegister({ ...valid, password: 'x'.repeat(101) }, off)).toBe(
      REGISTER_MESSAGES.PASSWORD_TOO_LONG,
    );
  });

  it('refuses control characters in the e-mail', () => {
    expect(validateRegister({ ...valid, email: 'a\u0000@example.com' }, off)).toBe(
      REGISTER_MESSAGES.EMAIL_FORMAT,
    );
  });

  it('login refuses an id off the allow-list, after the base rules', () => {
    expect(validateLogin({ id: 'admİn', password: 'x' })).toBe(LOGIN_MESSAGES.ID_FORMAT);
    expect(validateLogin({ id: 'adm\u0000in', password: 'x' })).toBe(LOGIN_MESSAGES.ID_FORMAT);
    expect(validateLogin({ id: 'abc', password: '' })).toBe(LOGIN_MESSAGES.PASSWORD_REQUIRED);
    expect(validateLogin({ id: 'member1', password: 'x' })).toBeNull();
  });
});
