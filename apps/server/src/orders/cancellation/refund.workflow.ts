import { AutoOrderStatus, LedgerReason, autoOrderCancelRefundWon } from '@smm/domain';
import type { Tx } from '../../db/database';
import { applyLedgerEntry } from '../../ledger/apply-ledger-entry';
import { ordersRepository, type AutoOrderRow, type OrderRow } from '../orders.repository';
import { cancellationRepository } from './cancellation.repository';

/**
 * Gives `amount` of an order's cost back, once: the ledger's (REFUND, `order:<id>`) key admits one
 * refund per order, whoever asks (a worker reading a final provider status, a member's or an
 * operator's cancellation). The caller holds the order (locked, or just moved out of its open states).
 * Its steps: the ledger's credit (applyLedgerEntry), the order's `refunded`, and for a run of an
 * auto-order the auto-order's refunded amount and status. False when nothing was given back.
 */
export async function refundOrder(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'accountId' | 'autoOrderId'>,
  amount: number,
): Promise<boolean> {
  if (amount <= 0) return false;
  const result = await applyLedgerEntry(tx, {
    accountId: order.accountId,
    delta: amount,
    reason: LedgerReason.REFUND,
    reference: `order:${order.id}`,
  });
  if (!result.applied) return false;
  await cancellationRepository.addRefunded(tx, order.id, amount);
  if (order.autoOrderId !== null) await noteAutoOrderRefund(tx, order.autoOrderId, amount);
  return true;
}

/** A run of an auto-order came back short: the auto-order shows the refund and, once done, PARTIAL. */
async function noteAutoOrderRefund(tx: Tx, autoOrderId: number, amount: number): Promise<void> {
  const autoOrder = await ordersRepository.findAutoOrderForUpdate(tx, autoOrderId);
  if (!autoOrder) return;
  await cancellationRepository.setAutoOrderRefunded(tx, autoOrderId, {
    refunded: autoOrder.refunded + amount,
    ...(autoOrder.status === AutoOrderStatus.COMPLETED ? { status: AutoOrderStatus.PARTIAL } : {}),
  });
}

/**
 * Stops an ACTIVE auto-order the caller has locked (the member's cancellation, or an operator's): the
 * runs not yet placed are refunded through the ledger (`auto:<id>`, once) and no run follows.
 * Returns the won given back.
 */
export async function stopAutoOrder(tx: Tx, autoOrder: AutoOrderRow): Promise<number> {
  const amount = autoOrderCancelRefundWon(autoOrder);
  let refunded = 0;
  if (amount > 0) {
    const result = await applyLedgerEntry(tx, {
      accountId: autoOrder.accountId,
      delta: amount,
      reason: LedgerReason.REFUND,
      reference: `auto:${autoOrder.id}`,
    });
    if (result.applied) refunded = amount;
  }
  await cancellationRepository.setAutoOrderRefunded(tx, autoOrder.id, {
    refunded: autoOrder.refunded + refunded,
    status: AutoOrderStatus.CANCLED,
    nextRunAt: null,
  });
  return refunded;
}
