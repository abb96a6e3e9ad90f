import { describe, expect, it } from 'vitest';
import { accountHolderName, chargeTimeLeftText } from './pending-charge';

const MIN = 60_000;

describe('chargeTimeLeftText', () => {
  it.each([
    [3 * 60 * MIN, '3시간 남음'],
    [3 * 60 * MIN - 1, '2시간 59분 남음'],
    [2 * 60 * MIN + 41 * MIN + 59_000, '2시간 41분 남음'],
    [60 * MIN, '1시간 남음'],
    [59 * MIN + 59_999, '59분 남음'],
    [5 * MIN, '5분 남음'],
    [MIN, '1분 남음'],
    [59_999, '1분 미만 남음'],
    [1, '1분 미만 남음'],
    [0, '입금 기한 지남'],
    [-5 * MIN, '입금 기한 지남'],
    [Number.NaN, '입금 기한 지남'],
  ])('%d ms left reads %s', (ms, text) => {
    expect(chargeTimeLeftText(ms)).toBe(text);
  });
});

describe('accountHolderName', () => {
  it.each([
    ['예금주 (주)소셜부스트', '(주)소셜부스트'],
    ['예금주: 홍길동', '홍길동'],
    ['  예금주명 홍길동 ', '홍길동'],
    ['예금주홍길동', '홍길동'],
    ['(주)소셜부스트', '(주)소셜부스트'],
    ['홍길동 (예금주)', '홍길동 (예금주)'],
    ['예금주', '예금주'],
    ['', ''],
  ])('%j is shown as %j', (display, name) => {
    expect(accountHolderName(display)).toBe(name);
  });
});
