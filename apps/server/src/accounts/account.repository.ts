import { normalizeLoginId } from '@smm/domain';
import { and, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { preparedPerExecutor } from '../db/prepared';
import { accounts } from '../db/schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewMember = Pick<
  typeof accounts.$inferInsert,
  | 'loginId'
  | 'passwordHash'
  | 'email'
  | 'phoneNumber'
  | 'registerWhere'
  | 'referredBy'
  | 'signupAddress'
  | 'signupDevice'
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
  sessionsValidAfter: accounts.sessionsValidAfter,
  suspendedAt: accounts.suspendedAt,
};
export type AuthenticatedAccount = {
  id: number;
  loginId: string;
  role: AccountRow['role'];
  point: number;
  apiKeyPrefix: string | null;
  apiKeySuffix: string | null;
  referralCode: string | null;
  sessionsValidAfter: Date | null;
  /** Set while an operator has suspended the account: the guards refuse its tokens and API key. */
  suspendedAt: Date | null;
};

/**
 * What the member and operator guards decide on (docs/ARCHITECTURE.md#the-account-cache): kept in memory
 * per process, so anything else a route needs (the balance, the API key's parts) it reads itself.
 */
export type GuardAccount = Pick<
  AuthenticatedAccount,
  'id' | 'loginId' | 'role' | 'sessionsValidAfter' | 'suspendedAt'
>;

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

/** E-mails compare as normalizeEmail() does (trimmed, lower-cased): older rows were stored as typed. */
const sameEmail = (normalizedEmail: string) => sql`lower(btrim(${accounts.email})) = ${normalizedEmail}`;

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

  /**
   * Any account holding that id. A deleted account holds `deleted:<id>` instead of its old id (see
   * `releaseDeleted`), which no allow-listed id can equal, so a deleted member's id is free again;
   * ledger rows, orders and charges point at the account row, not at the id.
   */
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

  /** Whether an active account holds this e-mail (`normalizedEmail` from normalizeEmail()). */
  async activeEmailExists(ex: Executor, normalizedEmail: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(sameEmail(normalizedEmail), isNull(accounts.deletedAt)))
      .limit(1);
    return row !== undefined;
  },

  /** Whether an active account holds this phone number (`digits` from normalizePhoneNumber()). */
  async activePhoneExists(ex: Executor, digits: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          sql`regexp_replace(coalesce(${accounts.phoneNumber}, ''), '[^0-9]', '', 'g') = ${digits}`,
          isNull(accounts.deletedAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Find id / find password: the latest active member registered with this e-mail. */
  async findActiveMemberByEmail(
    ex: Executor,
    normalizedEmail: string,
  ): Promise<Pick<AccountRow, 'id' | 'loginId'> | undefined> {
    const [row] = await ex
      .select({ id: accounts.id, loginId: accounts.loginId })
      .from(accounts)
      .where(and(sameEmail(normalizedEmail), isNull(accounts.deletedAt), eq(accounts.role, 'member')))
      .orderBy(desc(accounts.id))
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

  /** The active account's password hash (change password checks the current one against it). */
  async findPasswordHash(ex: Executor, id: number): Promise<string | undefined> {
    const [row] = await ex
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .limit(1);
    return row?.passwordHash;
  },

  /** A new password; every login token issued before `now` stops working (sessionsValidAfter). */
  async updatePasswordHash(ex: Executor, id: number, passwordHash: string, now: Date): Promise<boolean> {
    const rows = await ex
      .update(accounts)
      .set({ passwordHash, sessionsValidAfter: now })
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .returning({ id: accounts.id });
    return rows.length === 1;
  },

  /**
   * The account's referral code: `candidate` when it had none, else the one it already holds (one
   * statement, so two racing requests agree on one code). A candidate another account holds throws a
   * unique violation: the caller draws again. Undefined when the account is gone.
   */
  async issueReferralCode(ex: Executor, id: number, candidate: string): Promise<string | undefined> {
    const [row] = await ex
      .update(accounts)
      .set({ referralCode: sql`coalesce(${accounts.referralCode}, ${candidate})` })
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .returning({ referralCode: accounts.referralCode });
    return row?.referralCode ?? undefined;
  },

  /**
   * Account deletion (docs/product.md#terms-and-privacy): the member can never sign in again and what names
   * them is released — id (replaced by `deleted:<account id>`, off the id allow-list, so the old id can
   * be registered again), e-mail, phone, sign-up route, referral code, password hash and API key. The
   * row itself stays: point_ledger, orders and charges point at it and are kept (payment records, 5
   * years). `point` is not touched (only the ledger writes it), so point = Σ ledger still holds. Only a
   * member row changes (operators cannot delete themselves); false when there was none to release.
   */
  async releaseDeleted(ex: Executor, id: number, now: Date): Promise<boolean> {
    const rows = await ex
      .update(accounts)
      .set({
        loginId: `deleted:${id}`,
        // Not an argon2 hash: verifying any password against it fails.
        passwordHash: '!deleted',
        email: '',
        phoneNumber: null,
        registerWhere: '',
        referralCode: null,
        apiKeyHash: null,
        apiKeyPrefix: null,
        apiKeySuffix: null,
        deletedAt: now,
      })
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt), eq(accounts.role, 'member')))
      .returning({ id: accounts.id });
    return rows.length === 1;
  },

  /**
   * The console's member actions: the active account of that id, locked until the transaction ends,
   * so a suspension and a racing restore (or two suspensions) are applied one after the other.
   */
  async lockActiveByLoginId(tx: Tx, loginId: string): Promise<AccountRow | undefined> {
    const [row] = await tx
      .select()
      .from(accounts)
      .where(and(sameLoginId(loginId), isNull(accounts.deletedAt)))
      .limit(1)
      .for('update');
    return row;
  },

  /**
   * Suspends (a date) or restores (null) an active member. The guards read `suspended_at` on every
   * request, so tokens and the API key stop (or work again) the moment this commits. Operators are
   * never suspended here (the console would lock itself out).
   */
  async setSuspendedAt(ex: Executor, id: number, suspendedAt: Date | null): Promise<boolean> {
    const rows = await ex
      .update(accounts)
      .set({ suspendedAt })
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt), eq(accounts.role, 'member')))
      .returning({ id: accounts.id });
    return rows.length === 1;
  },

  /** An operator's reset: the member's key stops at once and they must issue a new one. */
  async revokeApiKey(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex
      .update(accounts)
      .set({ apiKeyHash: null, apiKeyPrefix: null, apiKeySuffix: null })
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .returning({ id: accounts.id });
    return rows.length === 1;
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
