import { describe, expect, it } from 'vitest';
import { HotCache } from './hot-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('HotCache', () => {
  it('shares one load between concurrent readers and serves it from memory afterwards', async () => {
    let loads = 0;
    const cache = new HotCache(async () => ++loads);
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    expect(await cache.get()).toBe(1);
    expect(loads).toBe(1);
  });

  it('never keeps a value whose load began before an invalidation', async () => {
    const first = deferred<string>();
    const loads = [first.promise, Promise.resolve('new')];
    const cache = new HotCache(() => loads.shift()!);
    const early = cache.get();
    cache.invalidate(); // an operator wrote while the old value was being read
    first.resolve('old');
    expect(await early).toBe('old'); // that reader asked before the write
    expect(await cache.get()).toBe('new');
    expect(await cache.get()).toBe('new');
  });

  it('does not cache a failed load', async () => {
    let attempt = 0;
    const cache = new HotCache(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('database restarting');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('database restarting');
    expect(await cache.get()).toBe('ok');
  });
});
