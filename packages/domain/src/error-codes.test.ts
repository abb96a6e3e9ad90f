import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';
import { ERROR_CATALOG } from './errors';

describe('error codes', () => {
  it('are the catalog codes, each once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(ERROR_CATALOG).sort());
  });

  it('recognise a catalog code and nothing else', () => {
    for (const code of Object.keys(ERROR_CATALOG)) expect(isErrorCode(code)).toBe(true);
    for (const value of ['toString', '__proto__', 'hasOwnProperty', 'not_found', '', 404, null, undefined]) {
      expect(isErrorCode(value)).toBe(false);
    }
  });
});
