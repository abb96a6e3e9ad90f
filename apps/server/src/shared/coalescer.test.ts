import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer';

/** A flush the test lets finish: the calls made meanwhile queue for the next one. */
function gatedFlush() {
  const flushes: number[][] = [];
  let release: (() => void) | undefined;
  const flush = async (items: number[]) => {
    flushes.push(items);
    await new Promise<void>((resolve) => (release = resolve));
    if (items.includes(-1)) throw new Error('statement failed');
    return items.map((n) => n * 10);
  };
  return { flushes, flush, release: () => release?.() };
}

describe('Coalescer', () => {
  it('writes a caller alone at once, and the callers that came during that flush together in the next', async () => {
    const gate = gatedFlush();
    const coalescer = new Coalescer(gate.flush);
    const first = coalescer.run(1);
    const later = [2, 3, 4].map((n) => coalescer.run(n));
    expect(gate.flushes).toEqual([[1]]);
    gate.release();
    expect(await first).toBe(10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.flushes).toEqual([[1], [2, 3, 4]]);
    gate.release();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('fails every caller of a failed flush, and only them', async () => {
    const gate = gatedFlush();
    const coalescer = new Coalescer(gate.flush);
    const first = coalescer.run(1);
    const failing = [coalescer.run(-1), coalescer.run(5)];
    gate.release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    gate.release();
    for (const call of failing) await expect(call).rejects.toThrow('statement failed');
    const after = coalescer.run(6);
    await new Promise((resolve) => setImmediate(resolve));
    gate.release();
    expect(await after).toBe(60);
  });

  it('takes at most maxItems a flush', async () => {
    const gate = gatedFlush();
    const coalescer = new Coalescer(gate.flush, 2);
    const calls = [1, 2, 3, 4, 5].map((n) => coalescer.run(n));
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gate.release();
    }
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40, 50]);
    expect(gate.flushes).toEqual([[1], [2, 3], [4, 5]]);
  });
});
