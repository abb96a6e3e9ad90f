import { describe, expect, it } from 'vitest';
import { secondsSinceProgress, statusCheckSeconds } from './status-check-interval';

describe('statusCheckSeconds: refresh by need', () => {
  it('asks a recently placed or moved order every base interval', () => {
    expect(statusCheckSeconds(30, 0)).toBe(30);
    expect(statusCheckSeconds(30, 599)).toBe(30);
    // Negative (a clock step) or unknown: the base, never longer.
    expect(statusCheckSeconds(30, -5)).toBe(30);
    expect(statusCheckSeconds(30, Number.NaN)).toBe(30);
  });

  it('halves the rate for each doubling of the time without progress, capped at 10 minutes', () => {
    expect(statusCheckSeconds(30, 600)).toBe(60);
    expect(statusCheckSeconds(30, 1_199)).toBe(60);
    expect(statusCheckSeconds(30, 1_200)).toBe(120);
    expect(statusCheckSeconds(30, 2_400)).toBe(240);
    expect(statusCheckSeconds(30, 4_800)).toBe(480);
    expect(statusCheckSeconds(30, 9_600)).toBe(600);
    expect(statusCheckSeconds(30, 86_400 * 365)).toBe(600);
  });

  it('never asks more often than the operator set, even past the cap', () => {
    expect(statusCheckSeconds(900, 0)).toBe(900);
    expect(statusCheckSeconds(900, 86_400)).toBe(900);
  });

  it('counts from progress_at, or from the placing for an order from before that column', () => {
    const now = new Date('2030-01-01T00:10:00Z');
    const createdAt = new Date('2030-01-01T00:00:00Z');
    expect(secondsSinceProgress({ progressAt: null, createdAt }, now)).toBe(600);
    expect(secondsSinceProgress({ progressAt: new Date('2030-01-01T00:09:00Z'), createdAt }, now)).toBe(60);
  });
});
