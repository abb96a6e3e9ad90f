/**
 * Login ids: what may be one, and the one function that says when two ids are the same.
 *
 * Ids are an allow-list of ASCII letters, digits, `_`, `-` and `.`, 4–30 characters, so no zero-width,
 * control, right-to-left or lookalike character (Cyrillic `а`, Turkish `İ`, fullwidth `ａ` …) can make
 * an id that looks like another one or that reaches another account through case folding.
 */

export const LOGIN_ID_MIN_LENGTH = 4;
export const LOGIN_ID_MAX_LENGTH = 30;
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_.-]{4,30}$/;

export const LOGIN_ID_MESSAGES = {
  ID_FORMAT: '아이디는 영문, 숫자, _ - . 으로 4~30자 입력해주세요.',
} as const;

/** True when `id` is on the allow-list (and so safe to normalise, count and look up). */
export function isAllowedLoginId(id: string): boolean {
  return LOGIN_ID_PATTERN.test(id);
}

/**
 * The canonical form of an id: ASCII letters lowered, nothing else touched. Every comparison of ids
 * (sign-up uniqueness, login lookup, throttle keys, ADMIN_ID) goes through this one function; the
 * database compares `lower(login_id)` with its result, which agrees for every allow-listed id.
 * Deliberately not `String.prototype.toLowerCase()`: that maps `İ` (U+0130) to `i̇` and the Kelvin
 * sign to `k`, so a non-ASCII id could land on an ASCII account under a key of its own.
 */
export function normalizeLoginId(id: string): string {
  return id.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
