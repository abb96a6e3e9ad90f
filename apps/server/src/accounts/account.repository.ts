import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
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
  referralCode: accounts.referralCode,
};
export type AuthenticatedAccount = {
  id: number;
  loginId: string;
  role: AccountRow['role'];
  point: number;
  apiKeyPrefix: string | null;
  referralCode: string | null;
};

const sameLoginId = (loginId: string) => sql`lower(${accounts.loginId}) = lower(${loginId})`;

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
    const [row] = await ex
      .select(authenticatedColumns)
      .from(accounts)
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .limit(1);
    return row;
  },

  async findAuthenticatedByApiKeyHash(
    ex: Executor,
    apiKeyHash: string,
  ): Promise<AuthenticatedAccount | undefined> {
    const [row] = await ex
      .select(authenticatedColumns)
      .from(accounts)
      .where(and(eq(accounts.apiKeyHash, apiKeyHash), isNull(accounts.deletedAt)))
      .limit(1);
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

  /** Creates the operator or brings an existing account of that id up to operator with the given hash. */
  async upsertOperator(ex: Executor, loginId: string, passwordHash: string): Promise<void> {
    const existing = await ex.select({ id: accounts.id }).from(accounts).where(sameLoginId(loginId)).limit(1);
    if (existing[0]) {
      await ex
        .update(accounts)
        .set({ passwordHash, role: 'admin', deletedAt: null })
        .where(eq(accounts.id, existing[0].id));
      return;
    }
    await ex.insert(accounts).values({ loginId, passwordHash, email: '', role: 'admin', registerWhere: '' });
  },
};
