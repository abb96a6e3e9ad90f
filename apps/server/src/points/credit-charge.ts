import { ChargeStatus, LedgerReason } from '@smm/domain';
import type { Tx } from '../db/database';
import { appError } from '../errors/app-error';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { creditChargeBonus } from '../rewards/charge-bonus';
import { chargesRepository, type ChargeRow } from './charges.repository';

/**
 * Credits a locked charge: SUCCESS with its response time (and the deposit or operator that settled
 * it) and the ledger credit of its points (reference `charge:<id>`), in the caller's transaction. The
 * ledger's (reason, reference) key makes a second credit of the same charge impossible whatever path
 * (deposit, operator, retry) tries it. Its bonus (충전 보너스), if its points reach a tier, is credited
 * in the same transaction as its own entry (`CHARGE_BONUS charge:<id>`, once too).
 */
export async function creditCharge(
  tx: Tx,
  charge: ChargeRow,
  settledBy: { depositId: number | null; decidedBy: number | null; now: Date },
): Promise<ChargeRow> {
  // A charge its member withdrew is never credited (docs/product.md#refill-and-cancellation), whatever
  // path asks: each caller refuses it first, this is the last word.
  if (charge.status === ChargeStatus.WITHDRAWN) {
    throw appError('CHARGE_STATE', '회원이 취소한 충전 신청은 충전할 수 없습니다.');
  }
  const updated = await chargesRepository.setOutcome(tx, charge.id, {
    status: ChargeStatus.SUCCESS,
    responseAt: settledBy.now,
    depositId: settledBy.depositId,
    decidedBy: settledBy.decidedBy,
  });
  const credit = await applyLedgerEntry(tx, {
    accountId: charge.accountId,
    delta: charge.point,
    reason: LedgerReason.CHARGE,
    reference: `charge:${charge.id}`,
  });
  if (credit.applied) await creditChargeBonus(tx, charge);
  return updated;
}
