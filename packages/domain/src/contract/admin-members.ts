import { z } from 'zod';
import { adminRefillItem } from './admin-orders';
import { page, pageNumber, requestText } from './common';

/**
 * The console's members area: GET /admin/api/members (search, filter, sort, 50 a page),
 * GET /admin/api/members/:loginId (profile, recent orders and charges), and the actions
 * POST …/suspend, …/restore, …/api-key/reset (each audited, idempotent: `changed: false` when the
 * member was already in the asked state). `:loginId` is `memberPathParams` (contract/admin.ts).
 */
export const adminMembersQuery = z.object({
  /** Part of a login id, an e-mail or a phone number (dashes and spaces ignored for phones). */
  q: requestText(100),
  status: z.enum(['active', 'suspended', 'all']).optional().default('all'),
  sort: z.enum(['joined', 'point', 'loginId']).optional().default('joined'),
  dir: z.enum(['asc', 'desc']).optional().default('desc'),
  page: pageNumber,
});

export const adminMemberItem = z.object({
  loginId: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  point: z.number().int(),
  registerWhere: z.string(),
  createdAt: z.string(),
  /** When an operator suspended the member; null while the member may use the site. */
  suspendedAt: z.string().nullable(),
  /** Orders and auto-orders placed (an auto-order's runs are not counted again). */
  orderCount: z.number().int(),
  /** Won spent on orders less what was refunded (the ledger's ORDER and REFUND entries). */
  totalSpent: z.number().int(),
  /** Won of credited charges (the ledger's CHARGE entries); operator adjustments are not charges. */
  totalCharged: z.number().int(),
});
export type AdminMemberItem = z.infer<typeof adminMemberItem>;
export const adminMembersResponse = page(adminMemberItem);
export type AdminMembersResponse = z.infer<typeof adminMembersResponse>;

export const adminMemberOrder = z.object({
  id: z.number().int(),
  /** An order, or an auto-order (its status is an AutoOrderStatus). */
  kind: z.enum(['order', 'auto']),
  service: z.string(),
  link: z.string(),
  amount: z.number().int(),
  cost: z.number().int(),
  refunded: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type AdminMemberOrder = z.infer<typeof adminMemberOrder>;

export const adminMemberCharge = z.object({
  id: z.number().int(),
  depositorName: z.string(),
  point: z.number().int(),
  payable: z.number().int(),
  feeType: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
  responseAt: z.string().nullable(),
});
export type AdminMemberCharge = z.infer<typeof adminMemberCharge>;

export const adminMemberProfile = adminMemberItem.extend({
  referralCode: z.string().nullable(),
  /** Login id of the member whose referral code was given at sign-up (null: none, or since deleted). */
  referredBy: z.string().nullable(),
  /** The key masked as the member's own profile shows it; null when none is issued. */
  apiKey: z.string().nullable(),
  /** Naver / Kakao accounts linked to the member. */
  socialProviders: z.array(z.enum(['naver', 'kakao'])),
});
export type AdminMemberProfile = z.infer<typeof adminMemberProfile>;

/** The 20 newest of each; the full lists are the orders and money screens. */
export const adminMemberDetailResponse = z.object({
  member: adminMemberProfile,
  recentOrders: z.array(adminMemberOrder),
  recentCharges: z.array(adminMemberCharge),
  /** The member's newest refills (state, order, reason; docs/product.md#refill-and-cancellation). */
  recentRefills: z.array(adminRefillItem),
});
export type AdminMemberDetailResponse = z.infer<typeof adminMemberDetailResponse>;

/** Suspend (memo required, checked by validateMemberActionMemo), restore, API key reset. */
export const memberActionRequest = z.object({ memo: requestText(500) });
export type MemberActionRequest = z.input<typeof memberActionRequest>;
export const memberActionResponse = z.object({ member: adminMemberProfile, changed: z.boolean() });
export type MemberActionResponse = z.infer<typeof memberActionResponse>;
