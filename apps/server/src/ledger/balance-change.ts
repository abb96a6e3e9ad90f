import { sql, type SQL } from 'drizzle-orm';
import { accounts } from '../db/schema';

/**
 * The one statement that changes a balance, the debit of every statement that debits and the credit
 * of applyLedgerEntry alike (a lint rule holds every file outside ledger/ to it): `point + delta` on
 * the account `accountId` names, only where the balance stays ≥ 0. No read-then-write: concurrent
 * changes queue on the row lock and each re-checks the balance it finds, and a debit the balance
 * cannot cover changes nothing, so the statements built on it write nothing after it either.
 *
 * `delta` and `accountId` are SQL (a parameter, or a column of `from`, the rows of a statement that
 * debits several accounts at once); `also` is a further condition on each row; `returning` what the
 * caller reads (the table is `a`). The caller puts it in a CTE of its statement and writes the order,
 * the ledger row and anything else only from what it returned.
 */
export function balanceChange(change: {
  delta: SQL;
  accountId: SQL;
  from?: SQL;
  also?: SQL;
  returning: SQL;
}): SQL {
  const point = sql.identifier(accounts.point.name);
  return sql`UPDATE ${accounts} AS a SET ${point} = a.point + ${change.delta}${change.from ? sql` FROM ${change.from}` : sql``}
      WHERE a.id = ${change.accountId} AND a.point + ${change.delta} >= 0${change.also ? sql` AND ${change.also}` : sql``}
      RETURNING ${change.returning}`;
}
