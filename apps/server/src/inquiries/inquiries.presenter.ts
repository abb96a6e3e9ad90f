/**
 * Why this file: 1:1 문의 as the member and as the operator see them (docs/product.md#inquiries), one
 * shape each for the lists, the threads and every action's answer.
 */
import { canMemberWrite, type InquiryState, type InquiryType } from '@smm/domain';
import type {
  AdminInquiryItem,
  AdminInquiryMessage,
  AdminInquiryThread,
  InquiryMessage,
  InquirySummary,
  InquiryThread,
} from '@smm/domain/contract';
import type { InquiryMessageRow, InquiryRow } from './inquiries.repository';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Where a member reads an image of their own inquiry, and an operator any. */
export const memberAttachmentUrl = (inquiryId: number, name: string) =>
  `/service/inquiries/${inquiryId}/attachments/${name}`;
export const operatorAttachmentUrl = (inquiryId: number, name: string) =>
  `/admin/api/inquiries/${inquiryId}/attachments/${name}`;

export function presentInquirySummary(row: InquiryRow): InquirySummary {
  return {
    id: row.id,
    type: row.type as InquiryType,
    title: row.title,
    state: row.state as InquiryState,
    orderId: row.orderId,
    chargeId: row.chargeId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unread: row.lastReplyMessageId > row.memberReadMessageId,
  };
}

const presentMessage = (row: InquiryMessageRow): InquiryMessage => ({
  id: row.id,
  author: row.author as InquiryMessage['author'],
  text: row.text,
  attachmentUrl: row.attachment === null ? null : memberAttachmentUrl(row.inquiryId, row.attachment),
  createdAt: row.createdAt.toISOString(),
});

/** The member's thread: internal notes are never passed in (the repository leaves them out). */
export function presentInquiryThread(
  row: InquiryRow,
  messages: InquiryMessageRow[],
  now: Date,
): InquiryThread {
  return {
    inquiry: {
      ...presentInquirySummary(row),
      closedAt: iso(row.closedAt),
      canWrite: canMemberWrite(row.state as InquiryState, row.closedAt, now),
    },
    messages: messages.filter((message) => !message.internal).map(presentMessage),
  };
}

export function presentAdminInquiry(
  row: InquiryRow,
  loginId: string,
  assignedLoginId: string | null,
): AdminInquiryItem {
  return {
    id: row.id,
    type: row.type as InquiryType,
    title: row.title,
    state: row.state as InquiryState,
    accountId: row.accountId,
    loginId,
    orderId: row.orderId,
    chargeId: row.chargeId,
    assignedOperatorId: row.assignedOperatorId,
    assignedLoginId,
    waitingSince: iso(row.waitingSince),
    closedAt: iso(row.closedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentAdminMessage = (row: InquiryMessageRow, loginId: string): AdminInquiryMessage => ({
  id: row.id,
  author: row.author as AdminInquiryMessage['author'],
  authorLoginId: loginId,
  internal: row.internal,
  text: row.text,
  attachmentUrl: row.attachment === null ? null : operatorAttachmentUrl(row.inquiryId, row.attachment),
  createdAt: row.createdAt.toISOString(),
});

export type { AdminInquiryThread };
