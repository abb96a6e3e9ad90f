import { LedgerReason, chargeBonusWon, parseBonusTiers } from '@smm/domain';
import type { Tx } from '../db/database';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { settingsRepository } from '../settings/settings.repository';

/**
 * A credited charge's bonus (충전 보너스, docs/product.md#referral-rewards-and-charge-bonuses): the tier
 * its points reach in CHARGE_BONUS_TIERS, as its own ledger entry (`CHARGE_BONUS charge:<id>`) in the
 * transaction that credits the charge, so the two land together or not at all and a second credit of
 * the charge adds no second bonus. The tiers are read in that transaction (a credit is rare; the
 * operator's latest tiers apply), not from a process's cached copy. Returns the bonus given (0: none).
 */
export async function creditChargeBonus(
  tx: Tx,
  charge: { id: number; accountId: number; point: number },
): Promise<number> {
  const [stored] = await settingsRepository.listByKeys(tx, ['CHARGE_BONUS_TIERS']);
  const bonus = chargeBonusWon(charge.point, parseBonusTiers(stored?.value ?? '') ?? []);
  if (bonus <= 0) return 0;
  const result = await applyLedgerEntry(tx, {
    accountId: charge.accountId,
    delta: bonus,
    reason: LedgerReason.CHARGE_BONUS,
    reference: `charge:${charge.id}`,
  });
  return result.applied ? bonus : 0;
}
