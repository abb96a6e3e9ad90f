import { ReferralRewardStatus } from '@smm/domain';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/database';
import { accounts, orders, referralRewards } from '../db/schema';

export type ReferralRewardRow = typeof referralRewards.$inferSelect;

const referrer = alias(accounts, 'referrer');
const referred = alias(accounts, 'referred');

const signUpFacts = (a: typeof referrer | typeof referred) => ({
  email: a.email,
  phoneNumber: a.phoneNumber,
  signupAddress: a.signupAddress,
  signupDevice: a.signupDevice,
  deletedAt: a.deletedAt,
});

/** A reward with what settling it reads: the order's cost and refund, both members' sign-up facts. */
const settleColumns = {
  reward: referralRewards,
  cost: orders.cost,
  refunded: orders.refunded,
  referrer: signUpFacts(referrer),
  referred: signUpFacts(referred),
};

export type RewardToSettle = Awaited<ReturnType<typeof referralRewardsRepository.claimDue>>[number];

/** A reward as the console lists it: the row, both login ids, and what its order kept. */
const listColumns = {
  reward: referralRewards,
  referrerLoginId: referrer.loginId,
  referredLoginId: referred.loginId,
  spent: sql<number>`(${orders.cost} - ${orders.refunded})::int`,
};
export type ListedReward = Awaited<ReturnType<typeof referralRewardsRepository.list>>[number];

/** The SQL of referral rewards (docs/ARCHITECTURE.md#referral-rewards-and-charge-bonuses). */
export const referralRewardsRepository = {
  /**
   * The reward of an order that just finished (COMPLETED or PARTIAL), in the transaction that finished
   * it: one statement, which inserts nothing unless its member was referred by someone else; a second
   * finish of the order (an operator's partial of a completed one) keeps the first row.
   */
  async record(tx: Tx, order: { id: number; accountId: number }, now: Date): Promise<void> {
    await tx.execute(sql`
      INSERT INTO ${referralRewards} (order_id, referrer_id, referred_id, earned_at)
      SELECT ${order.id}, a.referred_by, a.id, ${now}
      FROM ${accounts} a
      WHERE a.id = ${order.accountId} AND a.referred_by IS NOT NULL AND a.referred_by <> a.id
      ON CONFLICT (order_id) DO NOTHING`);
  },

  /** Pending rewards earned at or before `earnedBy`, oldest first, claimed (SKIP LOCKED) for this transaction. */
  async claimDue(tx: Tx, earnedBy: Date, limit: number) {
    return tx
      .select(settleColumns)
      .from(referralRewards)
      .innerJoin(orders, eq(orders.id, referralRewards.orderId))
      .innerJoin(referrer, eq(referrer.id, referralRewards.referrerId))
      .innerJoin(referred, eq(referred.id, referralRewards.referredId))
      .where(
        and(
          eq(referralRewards.status, ReferralRewardStatus.PENDING),
          lte(referralRewards.earnedAt, earnedBy),
        ),
      )
      .orderBy(asc(referralRewards.earnedAt))
      .limit(limit)
      .for('update', { of: referralRewards, skipLocked: true });
  },

  /** One reward, locked (an operator's action). */
  async findForUpdate(tx: Tx, id: number) {
    const [row] = await tx
      .select(settleColumns)
      .from(referralRewards)
      .innerJoin(orders, eq(orders.id, referralRewards.orderId))
      .innerJoin(referrer, eq(referrer.id, referralRewards.referrerId))
      .innerJoin(referred, eq(referred.id, referralRewards.referredId))
      .where(eq(referralRewards.id, id))
      .for('update', { of: referralRewards });
    return row;
  },

  async setOutcome(
    tx: Tx,
    id: number,
    outcome: Partial<
      Pick<
        ReferralRewardRow,
        'status' | 'spent' | 'percent' | 'amount' | 'heldReason' | 'memo' | 'decidedBy' | 'settledAt'
      >
    >,
  ): Promise<void> {
    await tx.update(referralRewards).set(outcome).where(eq(referralRewards.id, id));
  },

  /** A member's referral block: how many they referred, their rewards by status (count, won settled, won kept). */
  async memberTotals(ex: Executor, accountId: number) {
    const [referredRow] = await ex
      .select({ count: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(accounts.referredBy, accountId));
    const byStatus = await ex
      .select({
        status: referralRewards.status,
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${referralRewards.amount}), 0)::int`,
        spent: sql<number>`coalesce(sum(${orders.cost} - ${orders.refunded}), 0)::bigint`,
      })
      .from(referralRewards)
      .innerJoin(orders, eq(orders.id, referralRewards.orderId))
      .where(eq(referralRewards.referrerId, accountId))
      .groupBy(referralRewards.status);
    return {
      referredCount: Number(referredRow?.count ?? 0),
      byStatus: byStatus.map((r) => ({
        ...r,
        count: Number(r.count),
        amount: Number(r.amount),
        spent: Number(r.spent),
      })),
    };
  },

  /** Every referrer's totals, by the most referred first (the console). */
  async referrerTotals(ex: Executor) {
    const result = (await ex.execute(sql`
      SELECT r.login_id AS "referrerLoginId",
        (SELECT count(*) FROM ${accounts} x WHERE x.referred_by = r.id)::int AS "referredCount",
        count(*) FILTER (WHERE w.status = 'PENDING')::int AS "pendingCount",
        coalesce(sum(o.cost - o.refunded) FILTER (WHERE w.status = 'PENDING'), 0)::bigint AS "pendingSpent",
        count(*) FILTER (WHERE w.status = 'HELD')::int AS "heldCount",
        count(*) FILTER (WHERE w.status = 'CREDITED')::int AS "creditedCount",
        coalesce(sum(w.amount) FILTER (WHERE w.status = 'CREDITED'), 0)::int AS "creditedWon",
        count(*) FILTER (WHERE w.status = 'WITHHELD')::int AS "withheldCount"
      FROM ${accounts} r
      JOIN ${referralRewards} w ON w.referrer_id = r.id
      JOIN ${orders} o ON o.id = w.order_id
      GROUP BY r.id, r.login_id
      ORDER BY "referredCount" DESC, r.login_id
      LIMIT 500`)) as unknown as {
      rows: {
        referrerLoginId: string;
        referredCount: number;
        pendingCount: number;
        pendingSpent: number | string;
        heldCount: number;
        creditedCount: number;
        creditedWon: number;
        withheldCount: number;
      }[];
    };
    return result.rows.map((r) => ({ ...r, pendingSpent: Number(r.pendingSpent) }));
  },

  /** The latest 200 rewards, of one referrer (by login id) when given. */
  async list(ex: Executor, referrerLoginId: string | null) {
    return ex
      .select(listColumns)
      .from(referralRewards)
      .innerJoin(orders, eq(orders.id, referralRewards.orderId))
      .innerJoin(referrer, eq(referrer.id, referralRewards.referrerId))
      .innerJoin(referred, eq(referred.id, referralRewards.referredId))
      .where(
        referrerLoginId === null ? undefined : sql`lower(${referrer.loginId}) = lower(${referrerLoginId})`,
      )
      .orderBy(desc(referralRewards.id))
      .limit(200);
  },

  async listOne(ex: Executor, id: number) {
    const [row] = await ex
      .select(listColumns)
      .from(referralRewards)
      .innerJoin(orders, eq(orders.id, referralRewards.orderId))
      .innerJoin(referrer, eq(referrer.id, referralRewards.referrerId))
      .innerJoin(referred, eq(referred.id, referralRewards.referredId))
      .where(inArray(referralRewards.id, [id]));
    return row;
  },
};
