import type pg from 'pg';

/** What a write can make stale. */
export type CacheTopic = 'settings' | 'catalog' | 'content';
export const CACHE_TOPICS: readonly CacheTopic[] = ['settings', 'catalog', 'content'];

const CHANNEL = 'smm_cache_invalidate';

/**
 * Invalidation of the hot caches across every server process. Writers call `publish` after their
 * write commits; this process drops its copy at once, and on PostgreSQL a NOTIFY reaches every other
 * process that LISTENs on the same database. PGlite is one process by construction, so it is local.
 */
export class CacheBus {
  private readonly listeners = new Map<CacheTopic, Array<() => void>>();
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(private readonly notify?: (channel: string, topic: CacheTopic) => Promise<void>) {}

  on(topic: CacheTopic, invalidate: () => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), invalidate]);
  }

  async publish(topic: CacheTopic): Promise<void> {
    this.invalidateLocal(topic);
    await this.notify?.(CHANNEL, topic);
  }

  invalidateLocal(topic: CacheTopic): void {
    for (const invalidate of this.listeners.get(topic) ?? []) invalidate();
  }

  invalidateAll(): void {
    for (const topic of CACHE_TOPICS) this.invalidateLocal(topic);
  }

  /**
   * Listens on a dedicated connection. If it drops, notifications may have been missed, so every
   * cache is dropped and the connection is opened again.
   */
  async listen(connect: () => Promise<pg.Client>, onError: (error: unknown) => void): Promise<void> {
    const client = await connect();
    this.listener = client;
    client.on('notification', (message) => {
      const topic = message.payload as CacheTopic;
      if (CACHE_TOPICS.includes(topic)) this.invalidateLocal(topic);
    });
    client.on('error', (error) => {
      onError(error);
      this.invalidateAll();
      this.listener = undefined;
      client.end().catch(() => undefined);
      if (!this.closed) {
        setTimeout(() => {
          if (!this.closed) this.listen(connect, onError).catch(onError);
        }, 1000).unref();
      }
    });
    await client.query(`LISTEN ${CHANNEL}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }
}
