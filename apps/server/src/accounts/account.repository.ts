import { normalizeLoginId } from '@smm/domain';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedPerExecutor } from '../db/prepared';
import { accounts } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewMember = Pick<
  typeof accounts.$inferInsert,
  'loginId' | 'passwordHash' | 'email' | 'phoneNumber' | 'registerWhere' | 'referredBy'
>;

/** What a guard needs to know about the caller, read in one indexed query per request. */
const authenticatedColumns = {
  id: accounts.id,
  loginId: accounts.loginId,
  role: accounts.role,
  point: accounts.point,
  apiKeyPrefix: accounts.apiKeyPrefix,
  apiKeySuffix: accounts.apiKeySuffix,
  referralCode: accounts.referralCode,
};
export type AuthenticatedAccount = {
  id: number;
  loginId: string;
  role: AccountRow['role'];
  point: number;
  apiKeyPrefix: string | null;
  apiKeySuffix: string | null;
  referralCode: string | null;
};

/**
 * The guards' lookups run on every authenticated request: prepared once per database (named, so
 * PostgreSQL parses and plans them once per connection, and Drizzle builds the SQL once).
 */
const guardQueriesOf = preparedPerExecutor((ex: Executor) => ({
  byId: ex
    .select(authenticatedColumns)
    .from(accounts)
    .where(and(eq(accounts.id, sql.placeholder('id')), isNull(accounts.deletedAt)))
    .limit(1)
    .prepare('account_authenticated_by_id'),
  byApiKeyHash: ex
    .select(authenticatedColumns)
    .from(accounts)
    .where(and(eq(accounts.apiKeyHash, sql.placeholder('hash')), isNull(accounts.deletedAt)))
    .limit(1)
    .prepare('account_authenticated_by_api_key_hash'),
}));

/**
 * Ids compare by normalizeLoginId() (ASCII case folding), the same function the throttle keys use;
 * `lower(login_id)` is what the unique index holds, and agrees with it for every allow-listed id.
 */
const sameLoginId = (loginId: string) => sql`lower(${accounts.loginId}) = ${normalizeLoginId(loginId)}`;

/** The only SQL on accounts. Deleted accounts are invisible to every read here. */
export const accountRepository = {
  async findActiveByLoginId(ex: Executor, loginId: string): Promise<AccountRow | undefined> {
    const [row] = await ex
      .select()
      .from(accounts)
      .where(and(sameLoginId(loginId), isNull(accounts.deletedAt)))
      .limit(1);
    return row;
  },

  async findAuthenticatedById(ex: Executor, id: number): Promise<AuthenticatedAccount | undefined> {
    const [row] = await guardQueriesOf(ex).byId.execute({ id });
    return row;
  },

  async findAuthenticatedByApiKeyHash(
    ex: Executor,
    apiKeyHash: string,
  ): Promise<AuthenticatedAccount | undefined> {
    const [row] = await guardQueriesOf(ex).byApiKeyHash.execute({ hash: apiKeyHash });
    return row;
  },

  /** Deleted accounts keep their id reserved: ledger rows still point at them. */
  async loginIdExists(ex: Executor, loginId: string): Promise<boolean> {
    const [row] = await ex.select({ id: accounts.id }).from(accounts).where(sameLoginId(loginId)).limit(1);
    return row !== undefined;
  },

  async findActiveByReferralCode(ex: Executor, code: string): Promise<AccountRow | undefined> {
    const [row] = await ex
      .select()
      .from(accounts)
      .where(and(eq(accounts.referralCode, code), isNull(accounts.deletedAt)))
      .limit(1);
    return row;
  },

  async insertMember(ex: Executor, member: NewMember): Promise<AccountRow> {
    const [row] = await ex
      .insert(accounts)
      .values({ ...member, role: 'member' })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /**
   * The account's new API key (its hash and the parts the profile shows); the old hash is overwritten
   * in the same statement, so the old key stops working the moment this commits.
   */
  async replaceApiKey(
    ex: Executor,
    id: number,
    key: { hash: string; prefix: string; suffix: string },
  ): Promise<boolean> {
    const rows = await ex
      .update(accounts)
      .set({ apiKeyHash: key.hash, apiKeyPrefix: key.prefix, apiKeySuffix: key.suffix })
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .returning({ id: accounts.id });
    return rows.length === 1;
  },

  /** Any account of that id, deleted or not, with just what ADMIN_ID handling needs. */
  async findRoleByLoginId(
    ex: Executor,
    loginId: string,
  ): Promise<Pick<AccountRow, 'id' | 'role' | 'origin'> | undefined> {
    const [row] = await ex
      .select({ id: accounts.id, role: accounts.role, origin: accounts.origin })
      .from(accounts)
      .where(sameLoginId(loginId))
      .limit(1);
    return row;
  },

  /** The operator's new password (ADMIN_PASSWORD) and role; a deleted operator comes back. */
  async resetOperator(ex: Executor, id: number, passwordHash: string): Promise<void> {
    await ex
      .update(accounts)
      .set({ passwordHash, role: 'admin', deletedAt: null })
      .where(eq(accounts.id, id));
  },

  async insertOperator(ex: Executor, loginId: string, passwordHash: string): Promise<void> {
    await ex
      .insert(accounts)
      .values({ loginId, passwordHash, email: '', role: 'admin', registerWhere: '', origin: 'admin-config' });
  },

  /** Every operator but the one of `loginId` becomes a member; returns the demoted ids. */
  async demoteOperatorsExcept(ex: Executor, loginId: string): Promise<string[]> {
    const rows = await ex
      .update(accounts)
      .set({ role: 'member' })
      .where(and(eq(accounts.role, 'admin'), not(sameLoginId(loginId))))
      .returning({ loginId: accounts.loginId });
    return rows.map((row) => row.loginId);
  },
};
