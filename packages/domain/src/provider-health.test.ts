import { describe, expect, it } from 'vitest';
import { formatErrorRate, formatLatency, providerActionLabel } from './provider-health';

describe('provider health words', () => {
  it('names the SMM API v2 actions in Korean, and an unknown one as sent', () => {
    expect(providerActionLabel('add')).toBe('주문 전송');
    expect(providerActionLabel('refill_status')).toBe('리필 상태');
    expect(providerActionLabel('mystery')).toBe('mystery');
  });

  it('writes the error rate to one decimal, and a dash without calls', () => {
    expect(formatErrorRate(0, 0)).toBe('—');
    expect(formatErrorRate(8, 2)).toBe('25%');
    expect(formatErrorRate(3, 1)).toBe('33.3%');
    expect(formatErrorRate(10, 10)).toBe('100%');
  });

  it('writes latency in ms under a second and in seconds above', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(849.6)).toBe('850ms');
    expect(formatLatency(2450)).toBe('2.5초');
    expect(formatLatency(10_000)).toBe('10초');
  });
});
