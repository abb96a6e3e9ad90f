/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * This is the read model of the console's members screens (docs/product.md#operator-console): the
 * search and a member's profile. What changes a member (suspend, restore, API key reset) is
 * accounts/member-administration.ts.
 */
import { ADMIN_MEMBERS_PAGE_SIZE, MEMBER_ADMIN_MESSAGES } from '@smm/domain';
import type {
  AdminMemberDetailResponse,
  AdminMemberItem,
  AdminMemberOrder,
  AdminMemberProfile,
  AdminMembersResponse,
} from '@smm/domain/contract';
import { maskedKeyOf } from '../../accounts/masked-api-key';
import type { Db, Executor } from '../../db/database';
import { appError } from '../../errors/app-error';
import {
  membersAdminRepository,
  type MemberAccountRow,
  type MemberListFilter,
  type MemberSummaryRow,
} from './members-admin.repository';
import { presentAdminRefill } from '../../orders/refills/operator-refills.presenter';

/** The profile shows the newest 20 orders and charges; the full lists are the orders and money screens. */
export const MEMBER_RECENT_LIMIT = 20;

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

/** The console's members: search and profile. */
export class MembersAdminService {
  constructor(private readonly db: Db) {}

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
    const [member, orders, autoOrders, charges, refills] = await Promise.all([
      this.profileOf(this.db, account),
      membersAdminRepository.recentOrders(this.db, account.id, MEMBER_RECENT_LIMIT),
      membersAdminRepository.recentAutoOrders(this.db, account.id, MEMBER_RECENT_LIMIT),
      membersAdminRepository.recentCharges(this.db, account.id, MEMBER_RECENT_LIMIT),
      membersAdminRepository.recentRefills(this.db, account.id, MEMBER_RECENT_LIMIT),
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
        feeType: charge.receiptKind,
        status: charge.status,
        createdAt: charge.createdAt.toISOString(),
        responseAt: charge.responseAt?.toISOString() ?? null,
      })),
      recentRefills: refills.map(presentAdminRefill),
    };
  }

  /** An active member (not an operator) of that id, compared as every login id is (normalizeLoginId). */
  private async findMember(ex: Executor, loginId: string): Promise<MemberAccountRow> {
    const account = await membersAdminRepository.activeAccountByLoginId(ex, loginId);
    if (!account || account.role !== 'member') {
      throw appError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.MEMBER_NOT_FOUND);
    }
    return account;
  }

  /** The profile of that account; the member actions answer with it, read in their own transaction. */
  async profileOf(ex: Executor, account: MemberAccountRow): Promise<AdminMemberProfile> {
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
