import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../admin-points';
import { page, pageNumber, requestText } from './common';
import { adminChargeItem, adminDepositItem } from './points';

/**
 * The console's points calls beyond the charge/deposit lists of contract/points.ts: adjustment
 * idempotency, deposit candidates, operator-entered deposits, a member's ledger, receipts to issue.
 */

/**
 * `Idempotency-Key` (the console sends a UUID per opened form): the same key applies once. Other
 * headers pass through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional(),
});

/** GET /admin/api/deposits/:id/candidates — charges this deposit may pay for, newest first. */
export const depositCandidatesResponse = z.object({ items: z.array(adminChargeItem) });
export type DepositCandidatesResponse = z.infer<typeof depositCandidatesResponse>;

/**
 * POST /admin/api/deposits — a transfer the operator saw in the bank's app; matched like a relay's
 * (validateOperatorDeposit gives the Korean messages). Audited as 'deposit.create'.
 */
export const operatorDepositRequest = z.object({
  depositorName: requestText(100),
  amount: z.number(),
  /** ISO time with an offset; absent means now. */
  depositedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  memo: requestText(200),
});
export type OperatorDepositRequest = z.infer<typeof operatorDepositRequest>;
export const operatorDepositResponse = z.object({
  deposit: adminDepositItem,
  /** True when this Idempotency-Key had been used before: nothing changed this time. */
  duplicate: z.boolean(),
});
export type OperatorDepositResponse = z.infer<typeof operatorDepositResponse>;

/** GET /admin/api/members/:loginId/ledger?page= — the member's ledger, newest first. */
export const memberLedgerQuery = z.object({ page: pageNumber });
export type MemberLedgerQuery = z.infer<typeof memberLedgerQuery>;
export const memberLedgerItem = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(['CHARGE', 'ORDER', 'REFUND', 'ADJUSTMENT', 'REFERRAL_REWARD', 'CHARGE_BONUS']),
  /** LEDGER_REASON_LABELS of the reason. */
  reasonLabel: z.string(),
  reference: z.string(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type MemberLedgerItem = z.infer<typeof memberLedgerItem>;
export const memberLedgerResponse = page(memberLedgerItem).extend({
  loginId: z.string(),
  balance: z.number().int(),
});
export type MemberLedgerResponse = z.infer<typeof memberLedgerResponse>;

/** Receipts still to issue (todo) or issued (done). */
export const RECEIPT_STATUSES = ['todo', 'done'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
const receiptKind = z.union([z.literal(0), z.literal(1)]);

/** GET /admin/api/receipts?status=&kind=&page= and GET /admin/api/receipts.csv?status=&kind= */
export const receiptsQuery = z.object({
  status: z.enum(RECEIPT_STATUSES).optional().default('todo'),
  /** ReceiptKind: 0 cash receipt, 1 tax invoice; absent: both. */
  kind: z.coerce.number().int().min(0).max(1).optional(),
  page: pageNumber,
});
export type ReceiptsQuery = z.infer<typeof receiptsQuery>;

export const receiptItem = z.object({
  chargeId: z.number().int(),
  kind: receiptKind,
  memberLoginId: z.string(),
  depositorName: z.string(),
  point: z.number().int(),
  /** 공급가액, 부가세, 합계 (packages/domain receiptAmounts). */
  supplyAmount: z.number().int(),
  vatAmount: z.number().int(),
  totalAmount: z.number().int(),
  /** The details the member gave (company, businessNumber, leader, phone, jobType, jobType2, address, email). */
  details: z.record(z.string(), z.string()),
  /** When the charge was credited. */
  creditedAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  issuedBy: z.string().nullable(),
});
export type ReceiptItem = z.infer<typeof receiptItem>;
export const receiptsResponse = page(receiptItem);
export type ReceiptsResponse = z.infer<typeof receiptsResponse>;

export const chargeIdPathParams = z.object({
  chargeId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** POST /admin/api/receipts/:chargeId/issue — issued on 홈택스; idempotent, audited 'receipt.issue'. */
export const issueReceiptRequest = z.object({ memo: requestText(200) });
export const issueReceiptResponse = z.object({ receipt: receiptItem, changed: z.boolean() });
export type IssueReceiptResponse = z.infer<typeof issueReceiptResponse>;
