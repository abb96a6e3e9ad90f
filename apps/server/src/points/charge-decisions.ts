/**
 * Why this file: an operator's decisions on charges and held deposits change the charge, the deposit
 * and the member's balance, so they live in the points domain that owns them
 * (docs/product.md#operator-console: accept or reject charges, attach a held deposit); the console's
 * routes only call them. They credit like every other path (docs/ARCHITECTURE.md#charges-and-deposits).
 */
import { ChargeStatus } from '@smm/domain';
import type {
  AdminChargeItem,
  AttachDepositRequest,
  AttachDepositResponse,
  ChargeDecisionResponse,
} from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { presentAdminCharge, presentAdminDeposit } from './charges.presenter';
import { chargesRepository, type ChargeRow } from './charges.repository';
import { creditCharge } from './credit-charge';
import { depositsRepository } from './deposits.repository';

/** The answers of an operator's charge and deposit actions (the console shows them as they are). */
export const CHARGE_ADMIN_MESSAGES = {
  CHARGE_NOT_FOUND: '충전 신청을 찾을 수 없습니다.',
  DEPOSIT_NOT_FOUND: '입금 내역을 찾을 수 없습니다.',
  ALREADY_ACCEPTED: '이미 수락된 충전 신청은 거절할 수 없습니다. 잔액 조정을 이용해 주세요.',
  CHARGE_SETTLED_BY_OTHER: '이 충전 신청은 이미 다른 입금으로 수락되었습니다.',
  DEPOSIT_USED: '이 입금은 이미 다른 충전 신청에 반영되었습니다.',
  WITHDRAWN:
    '회원이 취소한 충전 신청은 수락하거나 입금을 연결할 수 없습니다. 입금을 반영하려면 잔액 조정을 이용해 주세요.',
  REJECT_WITHDRAWN: '회원이 이미 취소한 충전 신청입니다.',
  AMOUNT_MISMATCH: (deposit: number, payable: number) =>
    `입금액(${deposit.toLocaleString('ko-KR')}원)과 충전 신청의 입금할 금액(${payable.toLocaleString('ko-KR')}원)이 다릅니다.`,
} as const;

/**
 * The operator's decisions on charges: accept, reject, attach a held deposit. Each action
 * locks what it changes, is idempotent (the asked state already reached: `changed: false`, nothing
 * written), credits only through creditCharge (the ledger's `charge:<id>` key forbids a second credit)
 * and writes its audit entry in the same transaction.
 */
export class ChargeDecisions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Credits a pending (or lapsed) charge by hand. Accepting an accepted one changes nothing; one its member
   * withdrew is never credited (docs/product.md#refill-and-cancellation).
   */
  accept(operatorId: number, chargeId: number, memo: string): Promise<ChargeDecisionResponse> {
    return this.decide(operatorId, chargeId, memo, 'charge.accept', async (tx, charge) => {
      if (charge.status === ChargeStatus.SUCCESS) return false;
      if (charge.status === ChargeStatus.WITHDRAWN) {
        throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.WITHDRAWN);
      }
      await creditCharge(tx, charge, { depositId: null, decidedBy: operatorId, now: this.clock.now() });
      return true;
    });
  }

  /** Refuses a pending charge. An accepted one cannot be refused (its money is the member's). */
  reject(operatorId: number, chargeId: number, memo: string): Promise<ChargeDecisionResponse> {
    return this.decide(operatorId, chargeId, memo, 'charge.reject', async (tx, charge) => {
      if (charge.status === ChargeStatus.SUCCESS) {
        throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.ALREADY_ACCEPTED);
      }
      if (charge.status === ChargeStatus.WITHDRAWN) {
        throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.REJECT_WITHDRAWN);
      }
      if (charge.status === ChargeStatus.FAIL) return false;
      await chargesRepository.setOutcome(tx, charge.id, {
        status: ChargeStatus.FAIL,
        responseAt: this.clock.now(),
        decidedBy: operatorId,
      });
      return true;
    });
  }

  /**
   * One operator decision on a locked charge: `change` returns false when the charge is already where
   * it was asked to go (nothing written); otherwise the before/after pair goes to the audit log.
   */
  private decide(
    operatorId: number,
    chargeId: number,
    memo: string,
    action: 'charge.accept' | 'charge.reject',
    change: (tx: Tx, charge: ChargeRow) => Promise<boolean>,
  ): Promise<ChargeDecisionResponse> {
    return this.db.transaction(async (tx) => {
      const charge = await this.lockCharge(tx, chargeId);
      const before = await this.present(tx, chargeId);
      if (!(await change(tx, charge))) return { charge: before, changed: false };
      const after = await this.present(tx, chargeId);
      await auditLogRepository.record(tx, {
        operatorId,
        action,
        targetType: 'charge',
        targetId: chargeId,
        before,
        after,
        memo: memo.trim(),
      });
      return { charge: after, changed: true };
    });
  }

  /**
   * Credits the charge an operator identified for a held deposit (unmatched, late or unreadable).
   * The amounts must agree when the deposit's is known; attaching it again to the same charge is a no-op.
   */
  attach(operatorId: number, depositId: number, body: AttachDepositRequest): Promise<AttachDepositResponse> {
    return this.db.transaction(async (tx) => {
      const deposit = await depositsRepository.lockById(tx, depositId);
      if (!deposit) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.DEPOSIT_NOT_FOUND);
      const charge = await this.lockCharge(tx, body.chargeId);
      if (deposit.status === 'MATCHED') {
        if (deposit.chargeId !== charge.id)
          throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.DEPOSIT_USED);
        return {
          charge: await this.present(tx, charge.id),
          deposit: presentAdminDeposit(deposit),
          changed: false,
        };
      }
      if (charge.status === ChargeStatus.SUCCESS) {
        throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.CHARGE_SETTLED_BY_OTHER);
      }
      if (charge.status === ChargeStatus.WITHDRAWN) {
        throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.WITHDRAWN);
      }
      if (deposit.amount !== null && deposit.amount !== charge.payable) {
        throw appError('CHARGE_STATE', CHARGE_ADMIN_MESSAGES.AMOUNT_MISMATCH(deposit.amount, charge.payable));
      }
      const before = { charge: await this.present(tx, charge.id), deposit: presentAdminDeposit(deposit) };
      const now = this.clock.now();
      await creditCharge(tx, charge, { depositId: deposit.id, decidedBy: operatorId, now });
      const settled = await depositsRepository.setOutcome(tx, deposit.id, {
        status: 'MATCHED',
        chargeId: charge.id,
        resolvedAt: now,
      });
      const after = { charge: await this.present(tx, charge.id), deposit: presentAdminDeposit(settled) };
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'deposit.attach',
        targetType: 'deposit',
        targetId: deposit.id,
        before,
        after,
        memo: body.memo.trim(),
      });
      return { ...after, changed: true };
    });
  }

  private async lockCharge(tx: Tx, chargeId: number) {
    const charge = await chargesRepository.lockById(tx, chargeId);
    if (!charge) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.CHARGE_NOT_FOUND);
    return charge;
  }

  private async present(tx: Tx, chargeId: number): Promise<AdminChargeItem> {
    const row = await chargesRepository.withNamesById(tx, chargeId);
    if (!row) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.CHARGE_NOT_FOUND);
    return presentAdminCharge(row);
  }
}
