import { randomUUID } from 'node:crypto';
import { normalizeDepositorName, OPERATOR_DEPOSIT_MESSAGES, validateOperatorDeposit } from '@smm/domain';
import type {
  DepositCandidatesResponse,
  OperatorDepositRequest,
  OperatorDepositResponse,
} from '@smm/domain/contract';
import { auditLogRepository } from '../../audit/audit-log.repository';
import type { Db } from '../../db/database';
import { appError } from '../../errors/app-error';
import { presentAdminCharge, presentAdminDeposit } from '../../points/charges.presenter';
import { chargesRepository } from '../../points/charges.repository';
import type { DepositIntake } from '../../points/deposit-intake';
import { depositsRepository } from '../../points/deposits.repository';
import type { Clock } from '../../shared/clock';
import { CHARGE_ADMIN_MESSAGES } from './charges-admin.service';

const CANDIDATE_LIMIT = 20;

/**
 * The operator's side of deposits beyond the list and attach (ChargesAdminService): the charges a
 * held deposit may pay for, and a deposit the operator enters by hand (seen in the bank's own app),
 * which is stored and matched exactly like a relay's.
 */
export class DepositsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly intake: DepositIntake,
  ) {}

  async candidates(depositId: number): Promise<DepositCandidatesResponse> {
    const deposit = await depositsRepository.findById(this.db, depositId);
    if (!deposit) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.DEPOSIT_NOT_FOUND);
    const rows = await chargesRepository.depositCandidates(this.db, deposit, CANDIDATE_LIMIT);
    return { items: rows.map(presentAdminCharge) };
  }

  /**
   * Stores the deposit and its audit entry in one transaction, then matches it with the webhook's
   * matching (DepositIntake.match: the pending charge with its name and amount is credited, else it is
   * held as UNMATCHED or LATE). The Idempotency-Key is the deposit's reference, so the same form sent
   * twice, or raced, stores one deposit.
   */
  async create(
    operatorId: number,
    body: OperatorDepositRequest,
    idempotencyKey?: string,
  ): Promise<OperatorDepositResponse> {
    const now = this.clock.now();
    const message = validateOperatorDeposit(body, now);
    if (message) throw appError('BAD_REQUEST', message);
    const name = body.depositorName.trim();
    const reference = `${operatorId}:${idempotencyKey ?? randomUUID()}`;
    const { deposit, created } = await this.db.transaction(async (tx) => {
      const stored = await depositsRepository.insertOnce(tx, {
        source: 'operator',
        reference,
        depositorName: name,
        depositorKey: normalizeDepositorName(name),
        amount: body.amount,
        depositedAt: body.depositedAt ? new Date(body.depositedAt) : now,
        rawText: null,
        bank: null,
        accountTail: null,
        status: 'RECEIVED',
        createdAt: now,
      });
      if (stored.created) {
        await auditLogRepository.record(tx, {
          operatorId,
          action: 'deposit.create',
          targetType: 'deposit',
          targetId: stored.deposit.id,
          before: null,
          after: presentAdminDeposit(stored.deposit),
          memo: body.memo.trim(),
        });
      }
      return stored;
    });
    if (!created) {
      if (deposit.depositorName !== name || deposit.amount !== body.amount) {
        throw appError('BAD_REQUEST', OPERATOR_DEPOSIT_MESSAGES.KEY_REUSED);
      }
      const current = await depositsRepository.findById(this.db, deposit.id);
      return { deposit: presentAdminDeposit(current ?? deposit), duplicate: true };
    }
    const settled = await this.intake.match(deposit.id);
    return { deposit: presentAdminDeposit(settled), duplicate: false };
  }
}
