import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { orders } from '../../db/schema';
import { openOrder as open } from '../orders.repository';

/**
 * The lanes' own writes beside the claim (docs/ARCHITECTURE.md "Orders and the background loop"):
 * handing a claimed order back unsent, while its provider asked us to slow down (HTTP 429) or after
 * the operator paused its sending (then due at once, to wait or go to a failover on the next claim).
 */
export const laneRepository = {
  /**
   * Gives a claimed order back with nothing counted against it, due again at `until` (the end of its
   * provider's pause after an HTTP 429, or now), fenced like every write of a claim: only while `token` is
   * on the open row. An order the provider never accepted also loses its sending mark: this is only
   * called when its `add` surely did not reach the provider's order logic (answered 429, or never
   * made), so sending it again later cannot send it twice.
   */
  async giveBack(
    ex: Executor,
    order: { id: number; providerOrderId: string | null },
    token: string,
    until: Date,
  ): Promise<boolean> {
    const fence = and(eq(orders.id, order.id), eq(orders.leaseToken, token), open);
    const rows = await ex
      .update(orders)
      .set({
        nextCheckAt: until,
        leasedUntil: null,
        leaseToken: null,
        ...(order.providerOrderId === null ? { submittingSince: null } : {}),
      })
      .where(
        and(
          fence,
          order.providerOrderId === null ? isNull(orders.providerOrderId) : isNotNull(orders.providerOrderId),
        ),
      )
      .returning({ id: orders.id });
    return rows.length === 1;
  },
};
