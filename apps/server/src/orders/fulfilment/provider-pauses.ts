import { ProviderError, type ProviderApi } from '../../providers/provider-api';
import type { Clock } from '../../shared/clock';
import type { OrderRow } from '../orders.repository';
import { laneRepository } from './lane.repository';
import type { TickReport, WorkerContext } from './worker-context';

/**
 * Providers that asked this process to slow down (HTTP 429, docs/ARCHITECTURE.md "Orders and the
 * background loop"), each until its Retry-After has passed by the worker's clock. Kept in memory: a
 * pause is about this process's own calls, and another process learns it from its own first 429.
 * While a provider is paused its lane makes no call to it and gives its claimed orders back, due when
 * the pause ends; no claim of this process takes its orders; the other providers' lanes go on.
 */
export class ProviderPauses {
  private readonly ends = new Map<number, number>();

  constructor(private readonly clock: Clock) {}

  /** Pauses `providerId` for `ms` from now; a shorter pause never cuts a longer one short. */
  pause(providerId: number, ms: number): void {
    const end = this.clock.now().getTime() + ms;
    if (end > (this.ends.get(providerId) ?? 0)) this.ends.set(providerId, end);
  }

  /** What is left of `providerId`'s pause in ms; 0 when it is not paused. */
  remainingMs(providerId: number): number {
    const end = this.ends.get(providerId);
    if (end === undefined) return 0;
    const left = end - this.clock.now().getTime();
    if (left > 0) return left;
    this.ends.delete(providerId);
    return 0;
  }

  /** The providers paused now: the claims leave their orders alone. */
  paused(): number[] {
    return [...this.ends.keys()].filter((id) => this.remainingMs(id) > 0);
  }

  /**
   * `client` as a lane uses it: a call while the provider is paused is not made (a ProviderError that
   * nothing went out, carrying the time left), and a 429 pauses the provider before it is passed on.
   */
  guard(providerId: number, client: ProviderApi): ProviderApi {
    const call = async <T>(action: string, make: () => Promise<T>): Promise<T> => {
      const left = this.remainingMs(providerId);
      if (left > 0) {
        throw new ProviderError(
          `${action}: not sent, the provider asked us to wait (HTTP 429)`,
          true,
          'not-sent',
          null,
          left,
        );
      }
      try {
        return await make();
      } catch (error) {
        if (error instanceof ProviderError && error.retryAfterMs !== null)
          this.pause(providerId, error.retryAfterMs);
        throw error;
      }
    };
    return {
      add: (input) => call('add', () => client.add(input)),
      statuses: (ids) => call('status', () => client.statuses(ids)),
      status: (id) => call('status', () => client.status(id)),
      cancel: (ids) => call('cancel', () => client.cancel(ids)),
      balance: () => call('balance', () => client.balance()),
      refill: (ids) => call('refill', () => client.refill(ids)),
      refillStatuses: (ids) => call('refill_status', () => client.refillStatuses(ids)),
    };
  }
}

/**
 * A claimed order whose call its provider turned away with a 429 (or that its lane did not make while
 * the provider was paused): not a failure of the order. No attempt is counted, no error noted, no
 * back-off: it goes back due when the pause ends (`error.retryAfterMs` from now).
 */
export async function giveBackWhilePaused(
  ctx: WorkerContext,
  order: OrderRow,
  error: ProviderError,
  report: TickReport,
): Promise<void> {
  const until = new Date(ctx.clock.now().getTime() + (error.retryAfterMs ?? 0));
  if (await laneRepository.giveBack(ctx.db, order, order.leaseToken!, until)) report.rateLimited += 1;
  else report.leaseLost += 1;
}
