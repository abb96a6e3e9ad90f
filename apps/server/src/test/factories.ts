import { LedgerReason, type Role } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateApiKey } from '../auth/api-keys';
import { hashPassword } from '../auth/password-hasher';
import { accounts } from '../db/schema';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { signBody } from '../points/webhook-signature';
import { TEST_DEPOSIT_SECRET } from './test-app';

/**
 * Members made straight in the database (sign-up over HTTP is tested once, in auth.routes.test.ts):
 * the default password's argon2 hash is computed once per test process, not once per member.
 */
export const DEFAULT_PASSWORD = 'correct-horse-1';
let defaultHash: Promise<string> | undefined;
let counter = 0;

export interface TestMember {
  accountId: number;
  id: string;
  password: string;
  email: string;
  role: Role;
  /** Present when created with `apiKey: true`: the full key, as the member was shown it. */
  apiKey?: string;
}

export async function createMember(
  app: FastifyInstance,
  options: { id?: string; password?: string; role?: Role; point?: number; apiKey?: boolean } = {},
): Promise<TestMember> {
  counter += 1;
  const id = options.id ?? `member${counter}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const passwordHash =
    password === DEFAULT_PASSWORD
      ? await (defaultHash ??= hashPassword(DEFAULT_PASSWORD))
      : await hashPassword(password);
  const role = options.role ?? 'member';
  const email = `${id}@example.com`;
  const key = options.apiKey ? generateApiKey() : undefined;
  const { db } = app.database;
  const [row] = await db
    .insert(accounts)
    .values({
      loginId: id,
      passwordHash,
      email,
      role,
      registerWhere: '지인 추천',
      apiKeyHash: key?.hash ?? null,
      apiKeyPrefix: key?.prefix ?? null,
      apiKeySuffix: key?.suffix ?? null,
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('member insert returned no row');
  if (options.point) await creditMember(app, row.id, options.point);
  return { accountId: row.id, id, password, email, role, ...(key ? { apiKey: key.key } : {}) };
}

/** A balance given the only way money moves: a ledger entry. */
export async function creditMember(app: FastifyInstance, accountId: number, amount: number): Promise<number> {
  counter += 1;
  const result = await app.database.db.transaction((tx) =>
    applyLedgerEntry(tx, {
      accountId,
      delta: amount,
      reason: LedgerReason.ADJUSTMENT,
      reference: `test-credit-${accountId}-${counter}`,
    }),
  );
  if (!result.applied) throw new Error('test credit was not applied');
  return result.balance;
}

/** A login token without the login endpoint (no argon2 verify, no throttle). */
export function tokenFor(
  app: FastifyInstance,
  member: Pick<TestMember, 'accountId' | 'role'>,
): Promise<string> {
  return app.services.tokens.issue({ accountId: member.accountId, role: member.role });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function pointOf(app: FastifyInstance, accountId: number): Promise<number> {
  const [row] = await app.database.db
    .select({ point: accounts.point })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new Error(`no account ${accountId}`);
  return row.point;
}

/** Every member's balance next to the sum of their ledger: the money invariant, for `toEqual`. */
export async function balancesAndLedgerSums(app: FastifyInstance) {
  const result = (await app.database.db.execute(sql`
    SELECT a.id, a.point, coalesce((SELECT sum(l.delta) FROM point_ledger l WHERE l.account_id = a.id), 0)::int AS sum
    FROM accounts a ORDER BY a.id`)) as unknown as { rows: { id: number; point: number; sum: number }[] };
  return result.rows.map((r) => ({ id: r.id, point: Number(r.point), ledger: Number(r.sum) }));
}

/** A deposit hook call signed as a relay would sign it (X-Signature over the exact raw body). */
export function postSigned(
  app: FastifyInstance,
  url: '/hooks/deposit' | '/hooks/bank-sms',
  body: unknown,
  secret: string = TEST_DEPOSIT_SECRET,
) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
    payload: raw,
  });
}
