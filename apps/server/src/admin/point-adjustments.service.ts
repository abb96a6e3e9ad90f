import { LedgerReason, POINT_ADJUSTMENT_MESSAGES, validatePointAdjustment } from '@smm/domain';
import type { PointAdjustmentRequest, PointAdjustmentResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import { accountRepository } from '../accounts/account.repository';
import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { pointAdjustmentsRepository } from './point-adjustments.repository';

/**
 * An operator's manual balance change: the adjustment row (who, how much, why), its ledger entry and
 * its audit entry in one transaction. A debit larger than the balance is refused (409), like any other.
 */
export class PointAdjustmentsService {
  constructor(private readonly db: Db) {}

  async adjust(
    operatorId: number,
    memberLoginId: string,
    body: PointAdjustmentRequest,
  ): Promise<PointAdjustmentResponse> {
    const message = validatePointAdjustment(body);
    if (message) throw appError('ADJUSTMENT_INVALID', message);
    const member = await accountRepository.findActiveByLoginId(this.db, memberLoginId);
    if (!member) throw appError('NOT_FOUND', POINT_ADJUSTMENT_MESSAGES.MEMBER_NOT_FOUND);
    return this.db.transaction(async (tx) => {
      const adjustmentId = await pointAdjustmentsRepository.insert(tx, {
        accountId: member.id,
        operatorId,
        delta: body.delta,
        memo: body.memo.trim(),
      });
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
        memo: body.memo.trim(),
      });
      return { adjustmentId, balance: result.balance };
    });
  }
}
