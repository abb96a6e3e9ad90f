import { z } from 'zod';
import { INQUIRY_STATES, INQUIRY_TYPES } from '../inquiry-rules';
import { adminOrderItem } from './admin-orders';
import { memberLedgerItem } from './admin-points';
import { adminChargeItem } from './points';
import { page, pageNumber, requestText } from './common';

/**
 * 1:1 문의 calls (docs/product.md#inquiries): the member's list, thread and messages, and the operator's
 * queue. A member's new inquiry and message are multipart forms (an optional image), read by their route;
 * the text rules and their Korean messages are the domain's (validateInquiry), run by form and server.
 */

const inquiryType = z.enum(INQUIRY_TYPES);
const inquiryState = z.enum(INQUIRY_STATES);
const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** `:id` of an inquiry. */
export const inquiryPathParams = z.object({ id });
/** `:id/attachments/:name` of an inquiry's image (a stored name: 32 hex digits and an extension). */
export const inquiryAttachmentParams = z.object({ id, name: z.string().max(40) });

/** One inquiry in the member's list (and at the head of its thread). */
export const inquirySummary = z.object({
  id: z.number().int(),
  type: inquiryType,
  title: z.string(),
  state: inquiryState,
  orderId: z.number().int().nullable(),
  chargeId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** An operator's reply the member has not yet opened the thread to read. */
  unread: z.boolean(),
});
export type InquirySummary = z.infer<typeof inquirySummary>;

/** GET /service/inquiries?page= — the member's inquiries, newest first. */
export const inquiriesQuery = z.object({ page: pageNumber });
export const inquiriesResponse = page(inquirySummary);
export type InquiriesResponse = z.infer<typeof inquiriesResponse>;

/** One message of a thread as the member sees it (an operator's internal note never is one). */
export const inquiryMessage = z.object({
  id: z.number().int(),
  author: z.enum(['member', 'operator']),
  text: z.string(),
  /** Where the image is read (the member's own token), or null. */
  attachmentUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type InquiryMessage = z.infer<typeof inquiryMessage>;

/** GET /service/inquiries/:id, and the answer of a new inquiry or message. */
export const inquiryThread = z.object({
  inquiry: inquirySummary.extend({
    closedAt: z.string().nullable(),
    /** The member may write in it now (a closed one up to INQUIRY_REOPEN_DAYS after its closing). */
    canWrite: z.boolean(),
  }),
  messages: z.array(inquiryMessage),
});
export type InquiryThread = z.infer<typeof inquiryThread>;

/** GET /service/inquiries/unread — the top bar's badge and the 주문내역 rows' marks. */
export const inquiryUnreadResponse = z.object({
  /** Inquiries with a reply the member has not read. */
  count: z.number().int(),
  /** The orders those inquiries are about. */
  orderIds: z.array(z.number().int()),
});
export type InquiryUnreadResponse = z.infer<typeof inquiryUnreadResponse>;

// ---------- the operator's queue ----------

/** GET /admin/api/inquiries?state=&type=&page= — oldest waiting first, then by id. */
export const adminInquiriesQuery = z.object({
  state: inquiryState.optional(),
  type: inquiryType.optional(),
  page: pageNumber,
});
export type AdminInquiriesQuery = z.input<typeof adminInquiriesQuery>;

export const adminInquiryItem = z.object({
  id: z.number().int(),
  type: inquiryType,
  title: z.string(),
  state: inquiryState,
  accountId: z.number().int(),
  loginId: z.string(),
  orderId: z.number().int().nullable(),
  chargeId: z.number().int().nullable(),
  assignedOperatorId: z.number().int().nullable(),
  assignedLoginId: z.string().nullable(),
  /** When it began waiting for an answer (null unless 답변 대기). */
  waitingSince: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminInquiryItem = z.infer<typeof adminInquiryItem>;
export const adminInquiriesResponse = page(adminInquiryItem);
export type AdminInquiriesResponse = z.infer<typeof adminInquiriesResponse>;

export const adminInquiryMessage = z.object({
  id: z.number().int(),
  author: z.enum(['member', 'operator']),
  authorLoginId: z.string(),
  /** An internal note: operators only. */
  internal: z.boolean(),
  text: z.string(),
  attachmentUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminInquiryMessage = z.infer<typeof adminInquiryMessage>;

/**
 * The linked charge beside the thread as the charges list shows it, with the bank deposits attached to
 * it (an operator attaches one on 입금 내역).
 */
export const adminInquiryCharge = adminChargeItem.extend({
  deposits: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int().nullable(),
      depositorName: z.string().nullable(),
      status: z.string(),
      depositedAt: z.string().nullable(),
    }),
  ),
});

/** GET /admin/api/inquiries/:id, and the answer of every operator action on it. */
export const adminInquiryThread = z.object({
  inquiry: adminInquiryItem,
  messages: z.array(adminInquiryMessage),
  /**
   * The linked order as the orders list shows it (status, provider order id, what the provider sent back,
   * refunds, newest refill), so the orders screen's action dialogs take it as it is.
   */
  order: adminOrderItem.nullable(),
  charge: adminInquiryCharge.nullable(),
  /** The member's ledger rows of the linked order (its debit, refunds) or charge (its credit), oldest first. */
  ledger: z.array(memberLedgerItem),
  /** Every operator account, by login id: whom the inquiry can be assigned to. */
  operators: z.array(z.object({ id: z.number().int(), loginId: z.string() })),
});
export type AdminInquiryThread = z.infer<typeof adminInquiryThread>;

/** POST /admin/api/inquiries/:id/reply and …/notes. */
export const adminInquiryTextRequest = z.object({ text: requestText(20_000) });
export type AdminInquiryTextRequest = z.input<typeof adminInquiryTextRequest>;

/** POST /admin/api/inquiries/:id/assign — an operator's account id, or null to clear. */
export const adminInquiryAssignRequest = z.object({ operatorId: id.nullable() });
export type AdminInquiryAssignRequest = z.input<typeof adminInquiryAssignRequest>;
