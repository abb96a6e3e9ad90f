import { describe, expect, it } from 'vitest';
import {
  customRateLabel,
  discountedPriceMilli,
  earnedGrade,
  formatDiscountBp,
  memberUnitPriceMilli,
  nextGrade,
  parseDiscountBp,
  PRICING_MESSAGES as M,
  validateCustomRate,
  validateGradeInput,
  type GradeRule,
} from './member-pricing';
import { seoulDay } from './datetime';
import { orderCostWon } from './order-rules';

describe('member prices', () => {
  it('takes the grade discount off, rounded up to the milli-won', () => {
    // ₩1.19/unit less 5 %: 1190 × 0.95 = 1130.5 → 1131 milli-won.
    expect(discountedPriceMilli(1190, 500)).toBe(1131);
    // ₩0.35 less 10 %: 315 exactly.
    expect(discountedPriceMilli(350, 1000)).toBe(315);
    // Never below 1 milli-won.
    expect(discountedPriceMilli(1, 9000)).toBe(1);
    // 1,000 units at 1131 milli-won: 1,131 won.
    expect(orderCostWon(discountedPriceMilli(1190, 500), 1000, 0)).toBe(1131);
  });

  it('lets a custom rate win over the grade, and never charges more than the list price', () => {
    const pricing = {
      gradeDiscountBp: 1000,
      rates: new Map([
        [7, { unitPriceMilli: 800, discountBp: null }],
        [8, { unitPriceMilli: null, discountBp: 2500 }],
        [9, { unitPriceMilli: 5000, discountBp: null }],
      ]),
    };
    expect(memberUnitPriceMilli(7, 1000, pricing)).toBe(800);
    expect(memberUnitPriceMilli(8, 1000, pricing)).toBe(750);
    expect(memberUnitPriceMilli(9, 1000, pricing)).toBe(1000);
    // No rate for service 6: the grade's 10 %.
    expect(memberUnitPriceMilli(6, 1000, pricing)).toBe(900);
    expect(memberUnitPriceMilli(6, 1000, undefined)).toBe(1000);
  });

  it('reads and writes discounts in basis points', () => {
    expect(parseDiscountBp('10.5')).toBe(1050);
    expect(parseDiscountBp('3')).toBe(300);
    expect(parseDiscountBp('91')).toBeNull();
    expect(parseDiscountBp('1.234')).toBeNull();
    expect(formatDiscountBp(1050)).toBe('10.5%');
    expect(formatDiscountBp(5)).toBe('0.05%');
    expect(formatDiscountBp(1000)).toBe('10%');
  });

  it('checks a grade and a rate with Korean messages', () => {
    const grade = { name: 'VIP', discountBp: 500, minSpendWon: 100_000, windowDays: 30 };
    expect(validateGradeInput(grade)).toBeNull();
    expect(validateGradeInput({ ...grade, name: ' ' })).toBe(M.GRADE_NAME_REQUIRED);
    expect(validateGradeInput({ ...grade, name: 'a\u0000' })).toBe(M.GRADE_NAME_CONTROL);
    // A zero-width space makes two names look alike in the console's list.
    expect(validateGradeInput({ ...grade, name: '골\u200B드' })).toBe(M.GRADE_NAME_CONTROL);
    expect(validateGradeInput({ ...grade, discountBp: 9001 })).toBe(M.DISCOUNT_INVALID);
    expect(validateGradeInput({ ...grade, minSpendWon: -1 })).toBe(M.MIN_SPEND_INVALID);
    expect(validateGradeInput({ ...grade, minSpendWon: null })).toBeNull();
    expect(validateGradeInput({ ...grade, windowDays: 0 })).toBe(M.WINDOW_INVALID);
    expect(validateCustomRate({ unitPriceMilli: 800, discountBp: null })).toBeNull();
    expect(validateCustomRate({ unitPriceMilli: 800, discountBp: 100 })).toBe(M.RATE_EITHER);
    expect(validateCustomRate({ unitPriceMilli: null, discountBp: null })).toBe(M.RATE_EITHER);
    expect(validateCustomRate({ unitPriceMilli: 0, discountBp: null })).toBe(M.RATE_PRICE_INVALID);
  });
});

describe('grades earned by spending', () => {
  const grades: GradeRule[] = [
    { id: 1, name: '실버', discountBp: 300, minSpendWon: 100_000, windowDays: 30 },
    { id: 2, name: '골드', discountBp: 500, minSpendWon: 500_000, windowDays: 30 },
    { id: 3, name: '리셀러', discountBp: 1500, minSpendWon: null, windowDays: 30 },
    { id: 4, name: 'VIP', discountBp: 1000, minSpendWon: 1_000_000, windowDays: 90 },
  ];
  const spend = (by: Record<number, number>) => (days: number) => by[days] ?? 0;

  it('gives the earned grade with the largest discount; a manual-only grade never', () => {
    expect(earnedGrade(grades, spend({ 30: 99_999, 90: 99_999 }))).toBeNull();
    expect(earnedGrade(grades, spend({ 30: 100_000, 90: 100_000 }))?.name).toBe('실버');
    expect(earnedGrade(grades, spend({ 30: 600_000, 90: 600_000 }))?.name).toBe('골드');
    expect(earnedGrade(grades, spend({ 30: 200_000, 90: 1_200_000 }))?.name).toBe('VIP');
  });

  it('names the next grade and what it still needs', () => {
    expect(nextGrade(grades, 300, spend({ 30: 420_000 }))).toMatchObject({
      grade: { name: '골드' },
      spentWon: 420_000,
      missingWon: 80_000,
    });
    expect(nextGrade(grades, 1000, spend({}))).toBeNull();
  });

  it("runs by the Seoul day, whatever the machine's zone", () => {
    expect(seoulDay(new Date('2026-11-28T14:59:59Z'))).toBe('2026-11-28');
    expect(seoulDay(new Date('2026-11-28T15:00:00Z'))).toBe('2026-11-29');
  });

  it("labels a member's rate by its kind: a discount by its percent, a fixed price as such", () => {
    expect(customRateLabel({ unitPriceMilli: null, discountBp: 1250 })).toBe('12.5% 할인');
    expect(customRateLabel({ unitPriceMilli: 7200, discountBp: null })).toBe('고정 단가');
  });
});
