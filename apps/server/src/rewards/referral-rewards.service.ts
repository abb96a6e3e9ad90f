import {
  ReferralRewardStatus,
  referralHoldDaysOf,
  referralPercentOf,
  referralRewardWon,
  type ReferralRewardStatus as Status,
} from '@smm/domain';
import type {
  AdminReferralReward,
  AdminReferralRewardsResponse,
  ReferralRewardActionResponse,
  ReferralSummaryResponse,
} from '@smm/domain/contract';
import { accountRepository } from '../accounts/account.repository';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { referralRewardsRepository, type ListedReward } from './referral-rewards.repository';
import { settleReward } from './settle-reward';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Rates {
  percent: number;
  holdDays: number;
}

function present(row: ListedReward, rates: Rates): AdminReferralReward {
  const { reward } = row;
  const spent = Number(row.spent);
  return {
    id: reward.id,
    orderId: reward.orderId,
    referrerLoginId: row.referrerLoginId,
    referredLoginId: row.referredLoginId,
    status: reward.status as Status,
    earnedAt: reward.earnedAt.toISOString(),
    dueAt: new Date(reward.earnedAt.getTime() + rates.holdDays * DAY_MS).toISOString(),
    spent: reward.spent ?? spent,
    amount: reward.amount,
    estimate: reward.amount ?? referralRewardWon(spent, rates.percent),
    heldReason: reward.heldReason,
    memo: reward.memo,
    settledAt: reward.settledAt?.toISOString() ?? null,
  };
}

/**
 * Referral rewards as the member's account page and the console see them, and the operator's two
 * actions on one (docs/product.md#referral-rewards-and-charge-bonuses).
 */
export class ReferralRewardsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  private async rates(): Promise<Rates & { enabled: boolean }> {
    const site = await this.settings.current();
    return {
      enabled: site.flag('ENABLE_REFERRAL'),
      percent: referralPercentOf(site.get('REFERRAL_REWARD_PERCENT')),
      holdDays: referralHoldDaysOf(site.get('REFERRAL_HOLD_DAYS')),
    };
  }

  /** GET /service/referral: 404 while ENABLE_REFERRAL is off, as the code's own call. */
  async summary(accountId: number): Promise<ReferralSummaryResponse> {
    const rates = await this.rates();
    if (!rates.enabled) throw appError('NOT_FOUND');
    const account = await accountRepository.findAuthenticatedById(this.db, accountId);
    const totals = await referralRewardsRepository.memberTotals(this.db, accountId);
    const of = (status: Status) => totals.byStatus.find((r) => r.status === status);
    const pending = [of(ReferralRewardStatus.PENDING), of(ReferralRewardStatus.HELD)];
    return {
      referralCode: account?.referralCode ?? null,
      percent: rates.percent,
      holdDays: rates.holdDays,
      referredCount: totals.referredCount,
      // Held ones are still waiting, as far as the member can tell; the estimate is at today's percent.
      pending: {
        count: pending.reduce((sum, r) => sum + (r?.count ?? 0), 0),
        won: pending.reduce((sum, r) => sum + referralRewardWon(r?.spent ?? 0, rates.percent), 0),
      },
      credited: {
        count: of(ReferralRewardStatus.CREDITED)?.count ?? 0,
        won: of(ReferralRewardStatus.CREDITED)?.amount ?? 0,
      },
    };
  }

  /** GET /admin/api/referral-rewards */
  async list(referrerLoginId: string): Promise<AdminReferralRewardsResponse> {
    const rates = await this.rates();
    const [referrers, rewards] = await Promise.all([
      referralRewardsRepository.referrerTotals(this.db),
      referralRewardsRepository.list(this.db, referrerLoginId.trim() === '' ? null : referrerLoginId.trim()),
    ]);
    return {
      referrers: referrers.map(({ pendingSpent, ...r }) => ({
        ...r,
        pendingEstimate: referralRewardWon(pendingSpent, rates.percent),
      })),
      rewards: rewards.map((row) => present(row, rates)),
    };
  }

  /**
   * 적립 보류: a pending or held reward is never credited (WITHHELD), with the operator's memo, in one
   * transaction with its audit entry. A credited or reversed one: 409; withheld already: no change.
   */
  withhold(operatorId: number, id: number, memo: string): Promise<ReferralRewardActionResponse> {
    return this.act(operatorId, id, memo, 'referral-reward.withhold', async (tx, due, now) => {
      const status = due.reward.status;
      if (status === ReferralRewardStatus.WITHHELD) return false;
      if (status !== ReferralRewardStatus.PENDING && status !== ReferralRewardStatus.HELD) {
        throw appError('REWARD_STATE');
      }
      await referralRewardsRepository.setOutcome(tx, due.reward.id, {
        status: ReferralRewardStatus.WITHHELD,
        spent: Math.max(0, due.cost - due.refunded),
        memo: memo.trim(),
        decidedBy: operatorId,
        settledAt: now,
      });
      return true;
    });
  }

  /** 적립 승인: a held reward is credited now at today's percent (settleReward, no second look at the signs). */
  release(operatorId: number, id: number, memo: string): Promise<ReferralRewardActionResponse> {
    return this.act(operatorId, id, memo, 'referral-reward.release', async (tx, due, now, rates) => {
      if (due.reward.status === ReferralRewardStatus.CREDITED) return false;
      if (due.reward.status !== ReferralRewardStatus.HELD) throw appError('REWARD_STATE');
      await settleReward(tx, due, rates.percent, now, { operatorId, memo: memo.trim() });
      return true;
    });
  }

  private async act(
    operatorId: number,
    id: number,
    memo: string,
    action: string,
    change: (
      tx: Parameters<Parameters<Db['transaction']>[0]>[0],
      due: NonNullable<Awaited<ReturnType<typeof referralRewardsRepository.findForUpdate>>>,
      now: Date,
      rates: Rates,
    ) => Promise<boolean>,
  ): Promise<ReferralRewardActionResponse> {
    if (memo.trim() === '') throw appError('REWARD_INVALID');
    const rates = await this.rates();
    const now = this.clock.now();
    const changed = await this.db.transaction(async (tx) => {
      const due = await referralRewardsRepository.findForUpdate(tx, id);
      if (!due) throw appError('NOT_FOUND');
      const before = { status: due.reward.status, amount: due.reward.amount };
      if (!(await change(tx, due, now, rates))) return false;
      const after = await referralRewardsRepository.listOne(tx, id);
      await auditLogRepository.record(tx, {
        operatorId,
        action,
        targetType: 'referral-reward',
        targetId: id,
        before,
        after: { status: after?.reward.status, amount: after?.reward.amount },
        memo: memo.trim(),
      });
      return true;
    });
    const row = await referralRewardsRepository.listOne(this.db, id);
    if (!row) throw appError('NOT_FOUND');
    return { reward: present(row, rates), changed };
  }
}
