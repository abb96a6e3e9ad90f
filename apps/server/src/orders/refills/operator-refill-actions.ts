/**
 * Why this file: an operator's 재전송 and 거절 of a member's refill change the refill's state and the
 * audit log (docs/product.md#refill-and-cancellation), so they live with the orders whose refills they
 * are; the console's routes (admin/orders) only call them. Each follows the console's pattern
 * (docs/ARCHITECTURE.md#operator-console): the row locked in one transaction, the state already
 * reached answers `changed: false`, the audit entry in the same transaction. Refills move no money.
 */
import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_REFILL_MESSAGES,
  REFILL_MESSAGES,
  isOpenRefillStatus,
  refillRejectRefusal,
  refillResendReached,
  refillResendRefusal,
} from '@smm/domain';
import type { AdminRefillItem, RefillActionResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../../audit/audit-log.repository';
import { isUniqueViolation, type Db, type Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import type { Clock } from '../../shared/clock';
import { presentAdminRefill } from './operator-refills.presenter';
import { operatorRefillsRepository as refills, type RefillRow } from './operator-refills.repository';
import { ordersRepository } from '../orders.repository';
import { requestRefillOfLocked } from './request-refill.workflow';

const m = ADMIN_REFILL_MESSAGES;

export class OperatorRefillActions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * 리필 요청 for a member's order (docs/product.md#refill-and-cancellation): the member's own rules
   * (requestRefillOfLocked: the window the order was bought with, one open refill, one a day, a
   * provider that has it), on the order locked as a member's request locks it; the refill is the
   * member's, asked by `operator`. The audit entry (`order.refill`, the new refill as its after) is in
   * the same transaction.
   */
  async request(operatorId: number, orderId: number, memo: string): Promise<RefillActionResponse> {
    try {
      return await this.db.transaction(async (tx) => {
        const order = await ordersRepository.findOrderForUpdate(tx, orderId);
        if (!order) throw appError('ORDER_NOT_FOUND', ADMIN_ORDER_MESSAGES.ORDER_NOT_FOUND);
        const refill = await requestRefillOfLocked(tx, order, 'operator', this.clock.now());
        const after = await this.present(tx, refill.id);
        await auditLogRepository.record(tx, {
          operatorId,
          action: 'order.refill',
          targetType: 'order',
          targetId: orderId,
          before: null,
          after,
          memo: memo.trim(),
        });
        return { refill: after, changed: true };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw appError('REFILL_REFUSED', REFILL_MESSAGES.ALREADY_OPEN);
      throw error;
    }
  }

  /**
   * Asks again: a REJECTED refill, or a PENDING one its provider never took, goes back to PENDING due
   * now with its attempts and reason cleared, and the next tick sends it. Refused while another refill
   * of the order is open (one open refill per order), while a worker holds it, or once the provider has
   * it.
   */
  async resend(operatorId: number, refillId: number, memo: string): Promise<RefillActionResponse> {
    try {
      return await this.db.transaction(async (tx) => {
        const now = this.clock.now();
        const refill = await this.lock(tx, refillId);
        const before = await this.present(tx, refillId);
        if (refillResendReached(refill, now)) return { refill: before, changed: false };
        const refusal = refillResendRefusal(refill, now);
        if (refusal) throw appError('REFILL_REFUSED', refusal);
        if (await refills.otherOpenExists(tx, refill.orderId, refill.id)) {
          throw appError('REFILL_REFUSED', m.RESEND_OPEN_EXISTS);
        }
        await refills.resetForResend(tx, refill.id, now);
        const after = await this.present(tx, refillId);
        await this.audit(tx, operatorId, 'refill.resend', before, after, memo);
        return { refill: after, changed: true };
      });
    } catch (error) {
      // A member's new request won the race for the order's one open refill.
      if (isUniqueViolation(error)) throw appError('REFILL_REFUSED', m.RESEND_OPEN_EXISTS);
      throw error;
    }
  }

  /**
   * Ends an open refill as REJECTED with the operator's reason (the member sees it); a finished one
   * answers `changed: false`. Refused while a worker holds it.
   */
  reject(operatorId: number, refillId: number, memo: string): Promise<RefillActionResponse> {
    const reason = memo.trim();
    if (!reason) throw appError('BAD_REQUEST', m.REJECT_MEMO_REQUIRED);
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const refill = await this.lock(tx, refillId);
      const before = await this.present(tx, refillId);
      if (!isOpenRefillStatus(refill.status)) return { refill: before, changed: false };
      const refusal = refillRejectRefusal(refill, now);
      if (refusal) throw appError('REFILL_REFUSED', refusal);
      await refills.reject(tx, refill.id, reason, now);
      const after = await this.present(tx, refillId);
      await this.audit(tx, operatorId, 'refill.reject', before, after, reason);
      return { refill: after, changed: true };
    });
  }

  /**
   * The order first, then the refill: a member's new refill request locks the same order, so the two
   * never pass each other on the order's one open refill.
   */
  private async lock(tx: Tx, refillId: number): Promise<RefillRow> {
    const unlocked = await refills.withNames(tx, refillId);
    if (!unlocked) throw appError('ORDER_NOT_FOUND', m.REFILL_NOT_FOUND);
    await ordersRepository.findOrderForUpdate(tx, unlocked.order.id);
    const refill = await refills.findForUpdate(tx, refillId);
    if (!refill) throw appError('ORDER_NOT_FOUND', m.REFILL_NOT_FOUND);
    return refill;
  }

  private async present(tx: Tx, refillId: number): Promise<AdminRefillItem> {
    const row = await refills.withNames(tx, refillId);
    if (!row) throw appError('ORDER_NOT_FOUND', m.REFILL_NOT_FOUND);
    return presentAdminRefill(row);
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: 'refill.resend' | 'refill.reject',
    before: AdminRefillItem,
    after: AdminRefillItem,
    memo: string,
  ): Promise<void> {
    return auditLogRepository.record(tx, {
      operatorId,
      action,
      targetType: 'refill',
      targetId: after.id,
      before,
      after,
      memo: memo.trim(),
    });
  }
}
