import type { z } from 'zod';

/**
 * A value read often and written rarely (settings, the catalog, notices), kept in memory until a
 * write invalidates it. Concurrent readers of a cold cache share one load; a load that started before
 * an invalidation is never kept, so no reader after a write sees what the writer replaced.
 */
export class HotCache<T> {
  private value: Promise<T> | undefined;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.value) return this.value;
    const loading = this.load();
    this.value = loading;
    // A failed load is not cached: the next reader tries again.
    loading.catch(() => {
      if (this.value === loading) this.value = undefined;
    });
    return loading;
  }

  /**
   * Drops the value, and with it any load still running: readers who asked before the write get that
   * load's answer, every later reader starts a new one.
   */
  invalidate(): void {
    this.value = undefined;
  }
}

/** A response body served as-is: validated against its contract schema and serialised once per load. */
export interface CachedBody<T> {
  data: T;
  json: string;
}

export function cachedBody<T>(data: T): CachedBody<T> {
  return { data, json: JSON.stringify(data) };
}

/**
 * A cached list response: rows loaded, mapped by their presenter, checked against the contract schema
 * and serialised, once per load.
 */
export function cachedList<Row, Item>(
  schema: z.ZodType<Item[]>,
  load: () => Promise<Row[]>,
  present: (row: Row) => Item,
): HotCache<CachedBody<Item[]>> {
  return new HotCache(async () => cachedBody(schema.parse((await load()).map(present))));
}
