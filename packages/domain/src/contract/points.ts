import { z } from 'zod';
import { BANK_CODES } from '../bank-sms';
import { errorBody, page, pageNumber, pathText, requestText } from './common';

/**
 * Point charges (docs/product.md#charges-and-deposits). Numbers and texts are checked by the domain rules
 * (validateChargeRequest), not here, so the member gets the rule's Korean message.
 */
const detailText = requestText(200);
export const chargeFeeValue = z
  .object({
    company: detailText,
    businessNumber: detailText,
    leader: detailText,
    phone: detailText,
    jobType: detailText,
    jobType2: detailText,
    address: detailText,
    email: detailText,
  })
  .partial();

/** POST /service/point */
export const chargeRequest = z.object({
  /** Depositor name, exactly as the transfer will show it. */
  name: requestText(100),
  point: z.number(),
  /** ReceiptKind: 0 CASH_RECEIPT, 1 TAX_INVOICE, 2 NONE. */
  feeType: z.number(),
  /** Invoice details for TAX_INVOICE, { phone } for CASH_RECEIPT; null or absent for NONE. */
  feeValue: chargeFeeValue.nullable().optional().default(null),
});
export type ChargeRequest = z.infer<typeof chargeRequest>;

const chargeStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const receiptKind = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * One charge's transfer instructions: where to transfer, exactly how much, under which name, by when.
 * `accountHolder` is the holder's name alone (accountHolderName: the label 예금주 is the screen's).
 */
export const chargeTransfer = z.object({
  id: z.number().int(),
  point: z.number().int(),
  /** Won to transfer: point × 1.1 for a tax invoice, else point. */
  payable: z.number().int(),
  depositorName: z.string(),
  feeType: receiptKind,
  bankName: z.string(),
  accountNumber: z.string(),
  accountHolder: z.string(),
  createdAt: z.string(),
  /** The charge lapses at this time if no matching deposit has arrived. */
  expiresAt: z.string(),
});
export type ChargeTransfer = z.infer<typeof chargeTransfer>;

/** What the transfer-instruction panel shows right after POST /service/point. */
export const chargeRequestResponse = chargeTransfer.extend({
  message: z.string(),
  /**
   * Won added to `point` and `payable` to tell this charge from another member's pending one with the
   * same depositor name and amount (setting ENABLE_CHARGE_DISTINCT_AMOUNT); 0 when nothing was added.
   */
  extraWon: z.number().int(),
});
export type ChargeRequestResponse = z.infer<typeof chargeRequestResponse>;

/**
 * The 409 of POST /service/point. When the charge that holds the same depositor name and amount is the
 * member's own, `pendingChargeId` names it, so the screen offers its instructions (신청한 충전 보기)
 * instead of a second charge; another member's charge is never named.
 */
export const chargeConflictBody = errorBody.extend({ pendingChargeId: z.number().int().optional() });
export type ChargeConflictBody = z.infer<typeof chargeConflictBody>;

/**
 * GET /service/point/:id (one of the member's own charges; 404 for anyone else's) and
 * GET /service/point-pending (all of the member's PENDING charges, newest first): a charge's transfer
 * instructions, found again after a reload.
 */
export const chargeTransferStatus = chargeTransfer.extend({
  status: chargeStatus,
  /**
   * Seconds until `expiresAt` by the server's clock when it answered (0 once past, or when the charge is
   * no longer pending): the screen counts down from it, so a wrong device clock does not move the deadline.
   */
  secondsLeft: z.number().int().min(0),
});
export type ChargeTransferStatus = z.infer<typeof chargeTransferStatus>;
export const pendingChargesResponse = z.array(chargeTransferStatus);
export type PendingChargesResponse = z.infer<typeof pendingChargesResponse>;

/** GET /service/point-history?page= — the member's own charges, newest first. */
export const chargeHistoryQuery = z.object({ page: pageNumber });
export type ChargeHistoryQuery = z.infer<typeof chargeHistoryQuery>;

export const chargeHistoryItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  point: z.number().int(),
  payable: z.number().int(),
  feeType: receiptKind,
  status: chargeStatus,
  /** When it was accepted (credited) or refused/expired; null while pending. */
  responseAt: z.string().nullable(),
});
export type ChargeHistoryItem = z.infer<typeof chargeHistoryItem>;
export const chargeHistoryResponse = page(chargeHistoryItem);
export type ChargeHistoryResponse = z.infer<typeof chargeHistoryResponse>;

/**
 * POST /hooks/deposit — one incoming transfer, as a bank-notification relay reports it, signed with
 * `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`. `reference` is the relay's own id of the
 * transfer, so a replay is recognised.
 */
export const depositHookRequest = z.object({
  name: requestText(100),
  amount: z.number().int().min(1).max(1_000_000_000),
  depositedAt: z.iso.datetime({ offset: true }),
  reference: pathText(200),
  /**
   * The bank of the receiving account, when the relay knows it: two reports of one transfer never
   * name different banks, so a known bank tells apart transfers that are otherwise alike.
   */
  bank: z.enum(BANK_CODES).optional(),
  /**
   * The receiving account as the relay knows it, masked or not (`123-456789`, `123456**789`): digits,
   * hyphens and `*` only, at most 40 characters (checked by isDepositAccount, a 400 with its message
   * otherwise). Only its visible tail is kept (accountTailOf); reports whose tails do not end one
   * another arrived in different accounts, so they are different transfers.
   */
  account: z.string().max(1000).optional(),
});
export type DepositHookRequest = z.infer<typeof depositHookRequest>;

/**
 * POST /hooks/bank-sms — the raw text of a bank's deposit notification (same signature). Without a
 * `reference` the text itself identifies the message (banks print the time to the minute).
 */
export const bankSmsHookRequest = z.object({
  text: requestText(4000),
  reference: pathText(200).optional(),
});
export type BankSmsHookRequest = z.infer<typeof bankSmsHookRequest>;

/**
 * What became of a deposit: RECEIVED (stored, not yet matched), MATCHED (credited a charge),
 * UNMATCHED (no pending charge has its name and amount), LATE (its charge had expired: held for an
 * operator), UNPARSED (a bank message nobody could read: held for an operator), DUPLICATE (another
 * report — other channel, other wording — of a transfer already reported: never credited by itself,
 * held for an operator, `duplicateOf` names the earlier report).
 */
export const DEPOSIT_STATUSES = [
  'RECEIVED',
  'MATCHED',
  'UNMATCHED',
  'LATE',
  'UNPARSED',
  'DUPLICATE',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const depositStatus = z.enum(DEPOSIT_STATUSES);

export const depositHookResponse = z.object({
  depositId: z.number().int(),
  status: depositStatus,
  /**
   * True when this reference had been posted before: nothing changed this time. (A new report of a
   * transfer already reported under another reference is stored, with status DUPLICATE.)
   */
  duplicate: z.boolean(),
  chargeId: z.number().int().nullable(),
});
export type DepositHookResponse = z.infer<typeof depositHookResponse>;

// --- Operator API (role admin) -----------------------------------------------------------------

export const idPathParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminChargesQuery = z.object({
  status: z.coerce.number().int().min(0).max(3).optional(),
  /** Part of the member's login id or of the depositor name. */
  q: requestText(100),
  /** ReceiptKind: 0 CASH_RECEIPT, 1 TAX_INVOICE, 2 NONE. */
  feeType: z.coerce.number().int().min(0).max(2).optional(),
  page: pageNumber,
});
export type AdminChargesQuery = z.infer<typeof adminChargesQuery>;

export const adminChargeItem = z.object({
  id: z.number().int(),
  memberLoginId: z.string(),
  depositorName: z.string(),
  point: z.number().int(),
  payable: z.number().int(),
  feeType: receiptKind,
  /** The receipt details (invoice or cash receipt), or null. */
  feeValue: z.record(z.string(), z.string()).nullable(),
  status: chargeStatus,
  createdAt: z.string(),
  expiresAt: z.string(),
  responseAt: z.string().nullable(),
  /** The deposit that credited it, if one did. */
  depositId: z.number().int().nullable(),
  /** The operator who accepted or rejected it by hand, if one did. */
  decidedBy: z.string().nullable(),
  /** When an operator marked its tax invoice / cash receipt issued (증빙 발행), if one did. */
  receiptIssuedAt: z.string().nullable(),
});
export type AdminChargeItem = z.infer<typeof adminChargeItem>;
export const adminChargesResponse = page(adminChargeItem);
export type AdminChargesResponse = z.infer<typeof adminChargesResponse>;

export const adminDepositsQuery = z.object({
  status: depositStatus.optional(),
  page: pageNumber,
});
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuery>;

export const adminDepositItem = z.object({
  id: z.number().int(),
  source: z.enum(['webhook', 'bank-sms', 'operator']),
  reference: z.string(),
  depositorName: z.string().nullable(),
  amount: z.number().int().nullable(),
  depositedAt: z.string().nullable(),
  /** The bank message as received (bank-sms only). */
  rawText: z.string().nullable(),
  bank: z.string().nullable(),
  /** The visible tail digits of the receiving account (`789` of `123456**789`), when reported. */
  accountTail: z.string().nullable(),
  status: depositStatus,
  chargeId: z.number().int().nullable(),
  /** The earlier report of the same bank transfer (set when the deposit was held as DUPLICATE). */
  duplicateOf: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminDepositItem = z.infer<typeof adminDepositItem>;
/**
 * A deposit as the console's list shows it: with an operator-entered deposit's 등록 사유 as typed
 * (its deposit.create audit entry's memo), shown in place of its reference (an internal key); null
 * for the other sources.
 */
export const adminDepositWithMemo = adminDepositItem.extend({ memo: z.string().nullable() });
export type AdminDepositWithMemo = z.infer<typeof adminDepositWithMemo>;
/**
 * A deposit in the console's list: with, when it is held as DUPLICATE, the earlier report of the
 * transfer it may repeat, so the two are compared side by side (name, amount, bank, account, time,
 * source, raw text or reason) — their names may differ where the sender's text was read two ways.
 */
export const adminDepositListItem = adminDepositWithMemo.extend({
  original: adminDepositWithMemo.nullable(),
});
export type AdminDepositListItem = z.infer<typeof adminDepositListItem>;
export const adminDepositsResponse = page(adminDepositListItem);
export type AdminDepositsResponse = z.infer<typeof adminDepositsResponse>;

/** Accept or reject by hand; the memo goes to the audit log. */
export const chargeDecisionRequest = z.object({ memo: requestText(200) });
export type ChargeDecisionRequest = z.infer<typeof chargeDecisionRequest>;

export const chargeDecisionResponse = z.object({
  charge: adminChargeItem,
  /** False when the charge was already in the asked state: nothing changed. */
  changed: z.boolean(),
});
export type ChargeDecisionResponse = z.infer<typeof chargeDecisionResponse>;

/** POST /admin/api/deposits/:id/attach — credit a held deposit to the charge an operator identified. */
export const attachDepositRequest = z.object({
  chargeId: z.number().int().min(1).max(2_147_483_647),
  memo: requestText(200),
});
export type AttachDepositRequest = z.infer<typeof attachDepositRequest>;

export const attachDepositResponse = z.object({
  charge: adminChargeItem,
  deposit: adminDepositItem,
  changed: z.boolean(),
});
export type AttachDepositResponse = z.infer<typeof attachDepositResponse>;
