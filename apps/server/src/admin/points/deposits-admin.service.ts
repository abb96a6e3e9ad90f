import type { DepositCandidatesResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { appError } from '../../errors/app-error';
import { CHARGE_ADMIN_MESSAGES } from '../../points/charge-decisions';
import { presentAdminCharge } from '../../points/charges.presenter';
import { pointsAdminRepository } from './points-admin.repository';

const CANDIDATE_LIMIT = 20;

/**
 * The charges a held deposit may pay for, as the console offers them to attach. The list of deposits
 * is ChargesAdminService's; a deposit the operator enters by hand (seen in the bank's own app) is
 * stored and matched like a relay's by DepositIntake.receiveFromOperator (points/deposit-intake.ts).
 */
export class DepositsAdminService {
  constructor(private readonly db: Db) {}

  async candidates(depositId: number): Promise<DepositCandidatesResponse> {
    const deposit = await pointsAdminRepository.depositById(this.db, depositId);
    if (!deposit) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.DEPOSIT_NOT_FOUND);
    const rows = await pointsAdminRepository.depositCandidates(this.db, deposit, CANDIDATE_LIMIT);
    return { items: rows.map(presentAdminCharge) };
  }
}
