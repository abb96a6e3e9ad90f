import type pg from 'pg';

/** What a write can make stale ('pricing': grades, members' grades and custom rates). */
export type CacheTopic = 'settings' | 'catalog' | 'content' | 'pricing';
export const CACHE_TOPICS: readonly CacheTopic[] = ['settings', 'catalog', 'content', 'pricing'];

const CHANNEL = 'smm_cache_invalidate';
/** An account's guard facts changed: `account:<id>`, or `account:*` for every account. */
const ACCOUNT_PREFIX = 'account:';

/**
 * Invalidation of the hot caches across every server process. Writers call `publish` after their
 * write commits; this process drops its copy at once, and on PostgreSQL a NOTIFY reaches every other
 * process that LISTENs on the same database. PGlite is one process by construction, so it is local.
 */
export class CacheBus {
  private readonly listeners = new Map<CacheTopic, Array<() => void>>();
  private readonly accountListeners: Array<(id: number | null) => void> = [];
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(private readonly notify?: (channel: string, payload: string) => Promise<void>) {}

  on(topic: CacheTopic, invalidate: () => void): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), invalidate]);
  }

  async publish(topic: CacheTopic): Promise<void> {
    this.invalidateLocal(topic);
    await this.notify?.(CHANNEL, topic);
  }

  /** Hears account changes: an id, or null for every account (see AccountGuardCache). */
  onAccount(invalidate: (id: number | null) => void): void {
    this.accountListeners.push(invalidate);
  }

  /**
   * An account's guard facts changed (suspended, restored, password, deleted, role): called after the
   * write commits, it drops this process's copy at once and every other process's by NOTIFY. Null: all.
   */
  async publishAccount(id: number | null): Promise<void> {
    this.invalidateAccountLocal(id);
    await this.notify?.(CHANNEL, `${ACCOUNT_PREFIX}${id ?? '*'}`);
  }

  private invalidateAccountLocal(id: number | null): void {
    for (const invalidate of this.accountListeners) invalidate(id);
  }

  invalidateLocal(topic: CacheTopic): void {
    for (const invalidate of this.listeners.get(topic) ?? []) invalidate();
  }

  invalidateAll(): void {
    for (const topic of CACHE_TOPICS) this.invalidateLocal(topic);
    this.invalidateAccountLocal(null);
  }

  /**
   * Listens on a dedicated connection. If it drops, notifications may have been missed, so every
   * cache is dropped and the connection is opened again.
   */
  async listen(connect: () => Promise<pg.Client>, onError: (error: unknown) => void): Promise<void> {
    const client = await connect();
    this.listener = client;
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(ACCOUNT_PREFIX)) {
        const id = payload.slice(ACCOUNT_PREFIX.length);
        this.invalidateAccountLocal(/^\d{1,10}$/.test(id) ? Number(id) : null);
        return;
      }
      const topic = payload as CacheTopic;
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
