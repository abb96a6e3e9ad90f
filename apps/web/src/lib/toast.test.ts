import { describe, expect, it } from 'vitest';
import { toastDuration } from './toast';

/** A three-line error toast once got the same 2 s as "저장했습니다.". */
describe('toastDuration', () => {
  const threeLines =
    '같은 입금자명과 입금액으로 입금 대기 중인 충전 신청이 있습니다. 입금을 정확히 확인할 수 있도록 충전 금액을 조금 다르게 (예: ₩12,001) 입력해 주세요.';

  it('gives a short success its 2 s and a short error longer', () => {
    expect(toastDuration('저장했습니다.', 'success')).toBe(2000);
    expect(toastDuration('저장하지 못했습니다.', 'error')).toBeGreaterThanOrEqual(4000);
  });

  it('grows with the text: a three-line error stays long enough to read (about 15 characters a second)', () => {
    const ms = toastDuration(threeLines, 'error');
    expect(ms).toBeGreaterThanOrEqual(1000 + (threeLines.length / 15) * 1000);
    expect(ms).toBeGreaterThan(toastDuration(threeLines, 'success'));
    expect(toastDuration(threeLines, 'success')).toBeGreaterThan(toastDuration('저장했습니다.', 'success'));
  });

  it('never shows one forever: the close button is there for the rest', () => {
    expect(toastDuration('가'.repeat(2000), 'error')).toBe(15_000);
  });
});
