import type { ProviderApi, ProviderOrderInput } from '../../providers/provider-api';
import { ProviderError } from '../../providers/provider-api';
import type { OrderRow } from '../orders.repository';
import { ORPHAN_SUBMISSION, asProviderError, recordProviderFailure } from './provider-failure';
import { leaseUntil, seconds, type TickReport, type WorkerContext } from './worker-context';
import { fulfilmentRepository } from './fulfilment.repository';

/**
 * What the provider is sent, by the type the order was bought as (docs/product.md#service-types): a
 * Default order its quantity, a Custom Comments order its comments (the quantity is their count, so it
 * is not sent), a Package nothing more (its quantity is the provider's own).
 */
export function providerOrderInput(
  order: Pick<OrderRow, 'link' | 'amount' | 'serviceType' | 'comments'>,
  providerServiceId: string,
): ProviderOrderInput {
  const base = { service: providerServiceId, link: order.link };
  switch (order.serviceType) {
    case 'custom_comments':
      return { ...base, comments: order.comments ?? '' };
    case 'package':
      return base;
    default:
      return { ...base, quantity: order.amount };
  }
}

/**
 * Sends one claimed order to its provider, once. Its steps: the fence (markSending: only if this claim
 * still holds it unsent), the provider's `add`, the provider's order id recorded (markSubmitted), or
 * on an order closed meanwhile noted for an operator (noteOrphanSubmission). A failure goes to
 * recordProviderFailure, which decides on the order as it is then.
 */
export async function sendToProvider(
  ctx: WorkerContext,
  client: ProviderApi,
  order: OrderRow,
  report: TickReport,
): Promise<void> {
  const token = order.leaseToken!;
  let providerOrderId: string;
  try {
    if (!order.providerServiceId) throw new ProviderError('service has no provider service id', false);
    const now = ctx.clock.now();
    // The fence: sent only if this claim still owns the unsent order, checked as it is marked sending.
    if (!(await ctx.sendMarks.markSending(order.id, token, now, leaseUntil(ctx, now)))) {
      report.leaseLost += 1;
      return;
    }
    try {
      ({ providerOrderId } = await client.add(providerOrderInput(order, order.providerServiceId)));
    } catch (error) {
      // Sent, and anything but the client's own verdict is not understood: the provider may have it.
      throw asProviderError(error, 'unknown');
    }
  } catch (error) {
    await recordProviderFailure(ctx, order, asProviderError(error), report);
    return;
  }
  // The provider has the order now. Should recording that fail (the database gone for a moment),
  // the error is not taken for a provider failure to retry: the order keeps its sending mark, and
  // once its lease ends the next claim holds it for an operator instead of sending it twice.
  const now = ctx.clock.now();
  const recorded = await ctx.sendMarks.markSubmitted(
    order.id,
    providerOrderId,
    seconds(now, ctx.options.statusRefreshSeconds),
    now,
  );
  if (recorded) {
    report.submitted += 1;
    return;
  }
  // Closed while its answer was on the way (an operator cancelled it): the provider runs an order the
  // panel no longer pays for. Said on the order for the operator, never dropped silently.
  report.failures += 1;
  ctx.options.onProviderError?.('submit');
  await fulfilmentRepository.noteOrphanSubmission(
    ctx.db,
    order.id,
    `${ORPHAN_SUBMISSION} (공급사 주문번호 ${providerOrderId})`,
    now,
  );
}
