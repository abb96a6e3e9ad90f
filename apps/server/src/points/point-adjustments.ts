import { LedgerReason, POINT_ADJUSTMENT_MESSAGES, validatePointAdjustment } from '@smm/domain';
import type { PointAdjustmentRequest, PointAdjustmentResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import { accountRepository } from '../accounts/account.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { pointAdjustmentsRepository } from './point-adjustments.repository';

/**
 * An operator's manual balance change: the adjustment row (who, how much, why), its ledger entry and
 * its audit entry in one transaction. A debit larger than the balance is refused (409), like any other.
 * With an Idempotency-Key (the console sends one per opened form) a repeated or raced submission
 * applies once: the later ones answer the first one's result and write nothing.
 */
export class PointAdjustmentsService {
  constructor(private readonly db: Db) {}

  async adjust(
    operatorId: number,
    memberLoginId: string,
    body: PointAdjustmentRequest,
    idempotencyKey?: string,
  ): Promise<PointAdjustmentResponse> {
    const message = validatePointAdjustment(body);
    if (message) throw appError('ADJUSTMENT_INVALID', message);
    const member = await accountRepository.findActiveByLoginId(this.db, memberLoginId);
    if (!member) throw appError('NOT_FOUND', POINT_ADJUSTMENT_MESSAGES.MEMBER_NOT_FOUND);
    const memo = body.memo.trim();
    const row = { accountId: member.id, operatorId, delta: body.delta, memo };
    return this.db.transaction(async (tx) => {
      let adjustmentId: number;
      if (idempotencyKey === undefined) {
        adjustmentId = await pointAdjustmentsRepository.insert(tx, row);
      } else {
        const inserted = await pointAdjustmentsRepository.insertOnce(tx, { ...row, idempotencyKey });
        if (inserted === undefined) return this.earlierResult(tx, operatorId, idempotencyKey, row);
        adjustmentId = inserted;
      }
      const result = await applyLedgerEntry(tx, {
        accountId: member.id,
        delta: body.delta,
        reason: LedgerReason.ADJUSTMENT,
        reference: `adjustment:${adjustmentId}`,
      });
      if (!result.applied) throw new Error('a new adjustment id was already in the ledger');
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'point.adjust',
        targetType: 'member',
        targetId: member.loginId,
        before: { point: result.balance - body.delta },
        after: { point: result.balance, adjustmentId },
        memo,
      });
      return { adjustmentId, balance: result.balance };
    });
  }

  /**
   * The answer of the adjustment this key already made. The same key with another member, amount or
   * reason is a client mistake, refused rather than silently answered with the other adjustment.
   */
  private async earlierResult(
    tx: Tx,
    operatorId: number,
    idempotencyKey: string,
    asked: { accountId: number; delta: number; memo: string },
  ): Promise<PointAdjustmentResponse> {
    const earlier = await pointAdjustmentsRepository.findByKey(tx, operatorId, idempotencyKey);
    if (!earlier) throw new Error('an idempotency key conflicted with no stored adjustment');
    if (
      earlier.accountId !== asked.accountId ||
      earlier.delta !== asked.delta ||
      earlier.memo !== asked.memo
    ) {
      throw appError('ADJUSTMENT_INVALID', POINT_ADJUSTMENT_MESSAGES.KEY_REUSED);
    }
    const balance = await pointAdjustmentsRepository.balanceAfter(tx, earlier.id);
    if (balance === undefined) throw new Error(`adjustment ${earlier.id} has no ledger entry`);
    return { adjustmentId: earlier.id, balance };
  }
}
