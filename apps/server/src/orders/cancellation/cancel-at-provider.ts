/**
 * Why this file: a member's cancellation (cancel-order.workflow.ts) and an operator's (operator-actions.ts)
 * of an order its provider already has both ask that provider to cancel it, after their transaction and
 * in the same way (docs/ARCHITECTURE.md#orders-and-the-background-loop); one copy of the call keeps them
 * alike. No refund is decided here: it follows the provider's status, or the operator's own settlement.
 */
import type { Db } from '../../db/database';
import { ordersRepository, type OrderRow } from '../orders.repository';
import { asProviderError } from '../fulfilment/provider-failure';
import type { ProviderClients } from '../fulfilment/worker-context';

/** What asking came to; each caller words it for its own answer. */
export type ProviderCancelAnswer =
  /** The order has no provider, or its provider is switched off: nothing was asked. */
  | { asked: false }
  | { asked: true; accepted: true }
  /** The provider refused, gave no answer for this order, or could not be reached. */
  | { asked: true; accepted: false; error: string };

export async function cancelAtProvider(
  db: Db,
  providers: ProviderClients,
  order: Pick<OrderRow, 'providerId' | 'providerOrderId'>,
): Promise<ProviderCancelAnswer> {
  const provider =
    order.providerId === null ? undefined : await ordersRepository.providerOf(db, order.providerId);
  if (!provider || !provider.enabled) return { asked: false };
  try {
    const answers = await providers.clientFor(provider).cancel([order.providerOrderId!]);
    const answer = answers.get(order.providerOrderId!);
    if (answer === true) return { asked: true, accepted: true };
    return { asked: true, accepted: false, error: answer?.error ?? 'no answer for this order' };
  } catch (error) {
    return { asked: true, accepted: false, error: asProviderError(error).message };
  }
}
