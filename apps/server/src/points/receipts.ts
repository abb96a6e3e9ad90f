/**
 * Why this file: marking a receipt issued changes the charge (who issued it, when) and is an audited
 * operator action (docs/product.md#operator-console: mark tax invoices and cash receipts issued), so it
 * lives with the charges it changes; the console lists and exports receipts and routes this one call here.
 */
import { ChargeStatus, isIssuableReceiptKind, RECEIPT_MESSAGES } from '@smm/domain';
import type { IssueReceiptResponse, ReceiptItem } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { CHARGE_ADMIN_MESSAGES } from './charge-decisions';
import { chargesRepository } from './charges.repository';
import { presentReceipt } from './receipts.presenter';

/**
 * Tax invoices and cash receipts asked for with credited charges. The documents themselves are issued
 * on 홈택스; the panel records who marked which one issued.
 */
export class ReceiptsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Marks a credited charge's receipt issued. Issuing an issued one changes nothing; a charge not
   * credited, or that asked for no receipt, is refused (409).
   */
  issue(operatorId: number, chargeId: number, memo: string): Promise<IssueReceiptResponse> {
    return this.db.transaction(async (tx) => {
      const charge = await chargesRepository.lockById(tx, chargeId);
      if (!charge) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.CHARGE_NOT_FOUND);
      if (charge.status !== ChargeStatus.SUCCESS)
        throw appError('CHARGE_STATE', RECEIPT_MESSAGES.NOT_CREDITED);
      if (!isIssuableReceiptKind(charge.receiptKind))
        throw appError('CHARGE_STATE', RECEIPT_MESSAGES.NOT_REQUESTED);
      const before = await this.present(tx, chargeId);
      if (charge.receiptIssuedAt) return { receipt: before, changed: false };
      await chargesRepository.markReceiptIssued(tx, chargeId, this.clock.now(), operatorId);
      const after = await this.present(tx, chargeId);
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'receipt.issue',
        targetType: 'charge',
        targetId: chargeId,
        before,
        after,
        memo: memo.trim(),
      });
      return { receipt: after, changed: true };
    });
  }

  private async present(tx: Tx, chargeId: number): Promise<ReceiptItem> {
    const row = await chargesRepository.receiptById(tx, chargeId);
    if (!row) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.CHARGE_NOT_FOUND);
    return presentReceipt(row);
  }
}
