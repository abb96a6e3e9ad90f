import {
  LedgerReason,
  ReferralRewardStatus,
  referralRewardWon,
  selfReferralSign,
  type ReferralRewardStatus as Status,
} from '@smm/domain';
import type { Tx } from '../db/database';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { referralRewardsRepository, type RewardToSettle } from './referral-rewards.repository';

/** Who settles: the background loop (null) or an operator releasing a held reward, with the memo. */
export type Settler = { operatorId: number; memo: string } | null;

/**
 * The end of a reward's holding period (docs/product.md#referral-rewards-and-charge-bonuses), in the
 * caller's transaction with the reward locked:
 *  - the referrer's account deleted: WITHHELD (nobody could use the points);
 *  - the order refunded meanwhile so far that nothing is left to reward: REVERSED, nothing credited;
 *  - the two accounts look like one person's (the same phone, e-mail shape, device or sign-up address)
 *    and no operator has released it: HELD for an operator;
 *  - else ⌊(cost − refunded) × percent / 100⌋ credited as `REFERRAL_REWARD referral:<id>`, once
 *    whoever tries (the ledger's key), and CREDITED.
 * Returns the status it reached.
 */
export async function settleReward(
  tx: Tx,
  due: RewardToSettle,
  percent: number,
  now: Date,
  settler: Settler,
): Promise<Status> {
  const { reward } = due;
  const spent = Math.max(0, due.cost - due.refunded);
  const decided = settler ? { decidedBy: settler.operatorId, memo: settler.memo } : {};
  if (due.referrer.deletedAt) {
    await referralRewardsRepository.setOutcome(tx, reward.id, {
      status: ReferralRewardStatus.WITHHELD,
      spent,
      memo: '추천인 탈퇴',
      settledAt: now,
    });
    return ReferralRewardStatus.WITHHELD;
  }
  const amount = referralRewardWon(spent, percent);
  if (amount === 0 && due.refunded > 0) {
    await referralRewardsRepository.setOutcome(tx, reward.id, {
      status: ReferralRewardStatus.REVERSED,
      spent,
      percent,
      amount: 0,
      settledAt: now,
      ...decided,
    });
    return ReferralRewardStatus.REVERSED;
  }
  const sign = settler ? null : selfReferralSign(due.referrer, due.referred);
  if (sign) {
    await referralRewardsRepository.setOutcome(tx, reward.id, {
      status: ReferralRewardStatus.HELD,
      spent,
      heldReason: sign,
    });
    return ReferralRewardStatus.HELD;
  }
  if (amount > 0) {
    await applyLedgerEntry(tx, {
      accountId: reward.referrerId,
      delta: amount,
      reason: LedgerReason.REFERRAL_REWARD,
      reference: `referral:${reward.id}`,
    });
  }
  await referralRewardsRepository.setOutcome(tx, reward.id, {
    status: ReferralRewardStatus.CREDITED,
    spent,
    percent,
    amount,
    settledAt: now,
    ...decided,
  });
  return ReferralRewardStatus.CREDITED;
}
