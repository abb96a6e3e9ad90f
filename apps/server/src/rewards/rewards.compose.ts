/**
 * Why this file: the composition root's part for referral rewards
 * (docs/product.md#referral-rewards-and-charge-bonuses), kept here so the root stays a list of parts.
 * Charge bonuses need no part: they are credited inside creditCharge.
 */
import type { Db } from '../db/database';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { ReferralRewardsService } from './referral-rewards.service';
import { ReferralWorker } from './referral-worker';

/** The member's and the console's reads and actions (`rewards`), and the background loop's share (`worker`). */
export function composeRewards(db: Db, settings: SettingsService, clock: Clock) {
  return {
    rewards: new ReferralRewardsService(db, settings, clock),
    worker: new ReferralWorker(db, settings, clock),
  };
}
