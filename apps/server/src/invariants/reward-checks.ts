import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

type Db = Database['db'];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The money invariants of charge bonuses and referral rewards (docs/ARCHITECTURE.md#referral-rewards-and-charge-bonuses),
 * read straight from the tables, as a list of violations (empty when all hold):
 *  - a CHARGE_BONUS entry belongs to a credited charge of the same account, beside its CHARGE entry;
 *  - a REFERRAL_REWARD entry belongs to a CREDITED reward, on its referrer, for its amount; a CREDITED
 *    reward with points has exactly that entry, no other status has one;
 *  - a reward names a finished (COMPLETED or PARTIAL) order of the referred member, whose referrer it
 *    pays, never the member themself; a settled one's amount is ⌊kept × percent / 100⌋.
 */
export async function checkRewardInvariants(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const bonuses = await rows<{ reference: string; why: string }>(
    db,
    sql`SELECT b.reference,
          CASE WHEN c.id IS NULL THEN 'names no charge'
               WHEN c.status <> 1 THEN 'its charge is not credited'
               WHEN c.account_id <> b.account_id THEN 'on another account'
               WHEN NOT EXISTS (SELECT 1 FROM point_ledger l WHERE l.reason = 'CHARGE' AND l.reference = b.reference)
                 THEN 'without its CHARGE entry'
               WHEN b.delta <= 0 OR b.delta > c.point THEN 'an impossible amount'
          END AS why
        FROM point_ledger b LEFT JOIN charges c ON b.reference = 'charge:' || c.id
        WHERE b.reason = 'CHARGE_BONUS'`,
  );
  for (const b of bonuses) if (b.why) violations.push(`CHARGE_BONUS ${b.reference}: ${b.why}`);

  const rewards = await rows<{
    id: number;
    status: string;
    amount: number | null;
    spent: number | null;
    percent: number | null;
    referrer_id: number;
    referred_id: number;
    order_status: number;
    order_account: number;
    referred_by: number | null;
    entries: number;
    entry_sum: string | null;
    entry_account_ok: boolean | null;
  }>(
    db,
    sql`SELECT r.id, r.status, r.amount, r.spent, r.percent, r.referrer_id, r.referred_id,
          o.status AS order_status, o.account_id AS order_account, a.referred_by,
          (SELECT count(*)::int FROM point_ledger l WHERE l.reason = 'REFERRAL_REWARD' AND l.reference = 'referral:' || r.id) AS entries,
          (SELECT sum(l.delta) FROM point_ledger l WHERE l.reason = 'REFERRAL_REWARD' AND l.reference = 'referral:' || r.id) AS entry_sum,
          (SELECT bool_and(l.account_id = r.referrer_id) FROM point_ledger l
            WHERE l.reason = 'REFERRAL_REWARD' AND l.reference = 'referral:' || r.id) AS entry_account_ok
        FROM referral_rewards r JOIN orders o ON o.id = r.order_id JOIN accounts a ON a.id = r.referred_id`,
  );
  for (const r of rewards) {
    const tag = `reward ${r.id}`;
    if (r.order_status !== 2 && r.order_status !== 3)
      violations.push(`${tag}: its order is in status ${r.order_status}`);
    if (r.order_account !== r.referred_id) violations.push(`${tag}: its order is not the referred member's`);
    if (r.referred_by !== r.referrer_id) violations.push(`${tag}: pays someone who did not refer the member`);
    if (r.referrer_id === r.referred_id) violations.push(`${tag}: pays the member's own order`);
    const credited = r.status === 'CREDITED';
    const amount = r.amount ?? 0;
    if (credited && amount > 0) {
      if (r.entries !== 1 || Number(r.entry_sum) !== amount || r.entry_account_ok !== true) {
        violations.push(`${tag}: CREDITED ${amount} but ledger has ${r.entries} entries of ${r.entry_sum}`);
      }
    } else if (r.entries > 0) violations.push(`${tag}: ${r.status} (amount ${amount}) but credited`);
    if (
      credited &&
      r.spent !== null &&
      r.percent !== null &&
      amount !== Math.floor((r.spent * r.percent) / 100)
    ) {
      violations.push(`${tag}: amount ${amount} ≠ ⌊${r.spent} × ${r.percent} %⌋`);
    }
  }
  const strays = await rows<{ reference: string }>(
    db,
    sql`SELECT reference FROM point_ledger WHERE reason = 'REFERRAL_REWARD'
        AND reference NOT IN (SELECT 'referral:' || id FROM referral_rewards)`,
  );
  for (const s of strays) violations.push(`REFERRAL_REWARD ${s.reference} names no reward`);
  return violations;
}
