import { randomUUID } from 'node:crypto';
import type pg from 'pg';

const CHANNEL = 'smm_lane_wake';
/**
 * Wakes asked for within this many milliseconds go out together, one per provider: a group commit
 * places many orders at once, and one claim per provider sends them all.
 */
const WAKE_DEBOUNCE_MS = 5;

/**
 * Tells the order worker that a provider has a new order to send (docs/ARCHITECTURE.md "Orders and
 * the background loop"), so its lane claims now instead of at the next tick. This process hears it
 * after a short debounce; on PostgreSQL a NOTIFY reaches every other process that LISTENs on the same
 * database (the same pattern as shared/cache-bus.ts). A wake is only a hint: a lost one costs at most
 * a tick's wait, so a listener that drops is simply opened again.
 */
export class LaneWakeBus {
  /** This process's mark on its NOTIFYs, so it does not wake itself twice. */
  private readonly self = randomUUID();
  private readonly handlers: Array<(providerId: number) => void> = [];
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly notify?: (channel: string, payload: string) => Promise<void>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Hears wakes: this process's own and, on PostgreSQL, the other processes'. */
  onWake(handler: (providerId: number) => void): void {
    this.handlers.push(handler);
  }

  /** A new order of `providerId` was committed. Never throws: placing an order does not wait on it. */
  wake(providerId: number): void {
    if (this.closed) return;
    this.pending.add(providerId);
    this.timer ??= setTimeout(() => this.flush(), WAKE_DEBOUNCE_MS);
  }

  private flush(): void {
    this.timer = undefined;
    const providers = [...this.pending];
    this.pending.clear();
    for (const providerId of providers) {
      this.deliver(providerId);
      this.notify?.(CHANNEL, `${this.self}:${providerId}`).catch(this.onError);
    }
  }

  private deliver(providerId: number): void {
    for (const handler of this.handlers) handler(providerId);
  }

  /** Listens on a dedicated connection; one that drops is opened again a second later. */
  async listen(connect: () => Promise<pg.Client>): Promise<void> {
    const client = await connect();
    this.listener = client;
    client.on('notification', (message) => {
      const [from, id] = (message.payload ?? '').split(':');
      if (from === this.self || !id || !/^\d{1,10}$/.test(id)) return;
      this.deliver(Number(id));
    });
    client.on('error', (error) => {
      this.onError(error);
      this.listener = undefined;
      client.end().catch(() => undefined);
      if (!this.closed) {
        setTimeout(() => {
          if (!this.closed) this.listen(connect).catch(this.onError);
        }, 1000).unref();
      }
    });
    await client.query(`LISTEN ${CHANNEL}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.listener?.end().catch(() => undefined);
  }
}
