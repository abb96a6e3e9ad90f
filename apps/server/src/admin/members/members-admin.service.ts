import {
  ADMIN_MEMBERS_PAGE_SIZE,
  MEMBER_ADMIN_MESSAGES,
  maskApiKey,
  validateMemberActionMemo,
} from '@smm/domain';
import type {
  AdminMemberDetailResponse,
  AdminMemberItem,
  AdminMemberOrder,
  AdminMemberProfile,
  AdminMembersResponse,
  MemberActionResponse,
} from '@smm/domain/contract';
import { accountRepository, type AccountRow } from '../../accounts/account.repository';
import { auditLogRepository } from '../../audit/audit-log.repository';
import type { Db, Executor, Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import type { Clock } from '../../shared/clock';
import {
  membersAdminRepository,
  type MemberListFilter,
  type MemberSummaryRow,
} from './members-admin.repository';

/** The profile shows the newest 20 orders and charges; the full lists are the orders and money screens. */
export const MEMBER_RECENT_LIMIT = 20;

type MemberAction = 'member.suspend' | 'member.restore' | 'member.api-key-reset';

const presentSummary = (row: MemberSummaryRow): AdminMemberItem => ({
  loginId: row.loginId,
  email: row.email,
  phoneNumber: row.phoneNumber,
  point: row.point,
  registerWhere: row.registerWhere,
  createdAt: row.createdAt.toISOString(),
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  orderCount: row.orderCount,
  totalSpent: row.totalSpent,
  totalCharged: row.totalCharged,
});

const maskedKeyOf = (account: Pick<AccountRow, 'apiKeyPrefix' | 'apiKeySuffix'>): string | null =>
  account.apiKeyPrefix === null
    ? null
    : account.apiKeySuffix === null
      ? account.apiKeyPrefix
      : maskApiKey(account.apiKeyPrefix, account.apiKeySuffix);

/**
 * The console's members (issue 11 §5): search, profile, suspend / restore, API key reset.
 *
 * A suspension stops the member at the door only: login (password, Naver, Kakao), every request with
 * an older token and the API key are refused from the next request on (the guards read
 * `suspended_at` each time). Work already placed keeps running: the background loop fulfils and
 * refunds their paid orders and auto-order runs, and a transfer for a pending charge is still
 * credited, because that money is the member's and an operator who wants it back adjusts the balance.
 *
 * Each action locks the account row, is idempotent (already there → `changed: false`, nothing
 * written) and writes its audit entry in the same transaction.
 */
export class MembersAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(query: MemberListFilter & { page: number }): Promise<AdminMembersResponse> {
    const filter: MemberListFilter = { ...query, q: query.q.trim() };
    const offset = (query.page - 1) * ADMIN_MEMBERS_PAGE_SIZE;
    const { rows, total } = await membersAdminRepository.page(
      this.db,
      filter,
      ADMIN_MEMBERS_PAGE_SIZE,
      offset,
    );
    return { items: rows.map(presentSummary), page: query.page, pageSize: ADMIN_MEMBERS_PAGE_SIZE, total };
  }

  async detail(loginId: string): Promise<AdminMemberDetailResponse> {
    const account = await this.findMember(this.db, loginId);
    const [member, orders, autoOrders, charges] = await Promise.all([
      this.profileOf(this.db, account),
      membersAdminRepository.recentOrders(this.db, account.id, MEMBER_RECENT_LIMIT),
      membersAdminRepository.recentAutoOrders(this.db, account.id, MEMBER_RECENT_LIMIT),
      membersAdminRepository.recentCharges(this.db, account.id, MEMBER_RECENT_LIMIT),
    ]);
    // Orders and auto-orders draw their ids from one sequence: newest first across both.
    const recentOrders: AdminMemberOrder[] = [
      ...orders.map((row) => ({ ...row, kind: 'order' as const })),
      ...autoOrders.map((row) => ({ ...row, kind: 'auto' as const })),
    ]
      .sort((a, b) => b.id - a.id)
      .slice(0, MEMBER_RECENT_LIMIT)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return {
      member,
      recentOrders,
      recentCharges: charges.map((charge) => ({
        id: charge.id,
        depositorName: charge.depositorName,
        point: charge.point,
        payable: charge.payable,
        feeType: charge.feeType,
        status: charge.status,
        createdAt: charge.createdAt.toISOString(),
        responseAt: charge.responseAt?.toISOString() ?? null,
      })),
    };
  }

  suspend(operatorId: number, loginId: string, memo: string): Promise<MemberActionResponse> {
    this.checkMemo(memo, true);
    return this.act(operatorId, loginId, memo, 'member.suspend', async (tx, account) => {
      if (account.suspendedAt) return null;
      const now = this.clock.now();
      await accountRepository.setSuspendedAt(tx, account.id, now);
      return { before: { suspendedAt: null }, after: { suspendedAt: now.toISOString() } };
    });
  }

  restore(operatorId: number, loginId: string, memo: string): Promise<MemberActionResponse> {
    this.checkMemo(memo, false);
    return this.act(operatorId, loginId, memo, 'member.restore', async (tx, account) => {
      if (!account.suspendedAt) return null;
      await accountRepository.setSuspendedAt(tx, account.id, null);
      return { before: { suspendedAt: account.suspendedAt.toISOString() }, after: { suspendedAt: null } };
    });
  }

  /** The key stops at once; the member issues a new one on their account page (shown once, as always). */
  resetApiKey(operatorId: number, loginId: string, memo: string): Promise<MemberActionResponse> {
    this.checkMemo(memo, false);
    return this.act(operatorId, loginId, memo, 'member.api-key-reset', async (tx, account) => {
      const before = maskedKeyOf(account);
      if (before === null && account.apiKeyHash === null) return null;
      await accountRepository.revokeApiKey(tx, account.id);
      return { before: { apiKey: before }, after: { apiKey: null } };
    });
  }

  private checkMemo(memo: string, required: boolean): void {
    const message = validateMemberActionMemo(memo, required);
    if (message) throw appError('BAD_REQUEST', message);
  }

  /**
   * One operator action on a locked member: `change` returns null when the member is already in the
   * asked state (nothing written, no audit entry), else the before/after pair for the audit log.
   */
  private act(
    operatorId: number,
    loginId: string,
    memo: string,
    action: MemberAction,
    change: (tx: Tx, account: AccountRow) => Promise<{ before: unknown; after: unknown } | null>,
  ): Promise<MemberActionResponse> {
    return this.db.transaction(async (tx) => {
      const account = await accountRepository.lockActiveByLoginId(tx, loginId);
      if (!account) throw appError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.MEMBER_NOT_FOUND);
      if (account.role !== 'member') {
        throw appError(
          'MEMBER_STATE',
          action === 'member.suspend'
            ? MEMBER_ADMIN_MESSAGES.OPERATOR_NOT_SUSPENDABLE
            : MEMBER_ADMIN_MESSAGES.OPERATOR_NOT_MANAGED,
        );
      }
      const changed = await change(tx, account);
      if (changed) {
        await auditLogRepository.record(tx, {
          operatorId,
          action,
          targetType: 'member',
          targetId: account.loginId,
          before: changed.before,
          after: changed.after,
          memo: memo.trim(),
        });
      }
      const current = await accountRepository.findActiveByLoginId(tx, account.loginId);
      if (!current) throw new Error(`member ${account.id} vanished inside its own transaction`);
      return { member: await this.profileOf(tx, current), changed: changed !== null };
    });
  }

  /** An active member (not an operator) of that id, compared as every login id is (normalizeLoginId). */
  private async findMember(ex: Executor, loginId: string): Promise<AccountRow> {
    const account = await accountRepository.findActiveByLoginId(ex, loginId);
    if (!account || account.role !== 'member') {
      throw appError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.MEMBER_NOT_FOUND);
    }
    return account;
  }

  private async profileOf(ex: Executor, account: AccountRow): Promise<AdminMemberProfile> {
    const [summary, referredBy, socialProviders] = await Promise.all([
      membersAdminRepository.summaryOf(ex, account.id),
      account.referredBy === null
        ? Promise.resolve(undefined)
        : membersAdminRepository.activeLoginIdOf(ex, account.referredBy),
      membersAdminRepository.socialProvidersOf(ex, account.id),
    ]);
    if (!summary) throw appError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.MEMBER_NOT_FOUND);
    return {
      ...presentSummary(summary),
      referralCode: account.referralCode,
      referredBy: referredBy ?? null,
      apiKey: maskedKeyOf(account),
      socialProviders,
    };
  }
}
