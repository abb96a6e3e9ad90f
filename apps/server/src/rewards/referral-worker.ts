import { ReferralRewardStatus, referralHoldDaysOf, referralPercentOf } from '@smm/domain';
import type { Db } from '../db/database';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { referralRewardsRepository } from './referral-rewards.repository';
import { settleReward } from './settle-reward';

export interface ReferralTickReport {
  credited: number;
  reversed: number;
  held: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Referral rewards' share of the background loop (docs/ARCHITECTURE.md#background-work): pending rewards
 * past the holding period, claimed with SKIP LOCKED in short transactions and settled (settleReward).
 * While ENABLE_REFERRAL is off or REFERRAL_REWARD_PERCENT is empty, nothing is settled: the rewards wait,
 * they are not lost.
 */
export class ReferralWorker {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly batchSize = 200,
  ) {}

  async tick(): Promise<ReferralTickReport> {
    const report: ReferralTickReport = { credited: 0, reversed: 0, held: 0 };
    const site = await this.settings.current();
    const percent = referralPercentOf(site.get('REFERRAL_REWARD_PERCENT'));
    if (!site.flag('ENABLE_REFERRAL') || percent === 0) return report;
    const holdMs = referralHoldDaysOf(site.get('REFERRAL_HOLD_DAYS')) * DAY_MS;
    for (;;) {
      const now = this.clock.now();
      const settled = await this.db.transaction(async (tx) => {
        const due = await referralRewardsRepository.claimDue(
          tx,
          new Date(now.getTime() - holdMs),
          this.batchSize,
        );
        for (const reward of due) {
          const status = await settleReward(tx, reward, percent, now, null);
          if (status === ReferralRewardStatus.CREDITED) report.credited += 1;
          else if (status === ReferralRewardStatus.REVERSED) report.reversed += 1;
          else if (status === ReferralRewardStatus.HELD) report.held += 1;
        }
        return due.length;
      });
      if (settled < this.batchSize) break;
    }
    return report;
  }
}
