import type { z } from 'zod';

/**
 * A value read often and written rarely (settings, the catalogue, notices), kept in memory until a
 * write invalidates it. Concurrent readers of a cold cache share one load; a load that started before
 * an invalidation is not stored, so a reader never brings back what a writer just replaced.
 */
export class HotCache<T> {
  private value: Promise<T> | undefined;
  private generation = 0;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.value) return this.value;
    const generation = this.generation;
    const loading = this.load();
    this.value = loading;
    loading.then(
      () => {
        if (this.generation !== generation && this.value === loading) this.value = undefined;
      },
      () => {
        // A failed load is not cached: the next reader tries again.
        if (this.value === loading) this.value = undefined;
      },
    );
    return loading;
  }

  invalidate(): void {
    this.generation += 1;
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
