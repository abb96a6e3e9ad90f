/**
 * Why this file: content as the operator sees it (docs/product.md#operator-console), one shape for the
 * editors' answers (content-editor.ts, popups-editor.ts) and the console's lists (admin/content).
 */
import type { AdminFaq, AdminNotice, AdminPopup, AdminRegisterWhere } from '@smm/domain/contract';
import type { NoticeRow, PopupRow, QnaRow, RegisterWhereRow } from './content.repository';

export const presentAdminNotice = (row: NoticeRow): AdminNotice => ({
  id: row.id,
  content: row.content,
  isTop: row.isTop,
  bgColor: row.bgColor,
  createdAt: row.createdAt.toISOString(),
});

export const presentAdminFaq = (row: QnaRow): AdminFaq => ({
  id: row.id,
  title: row.title,
  answer: row.answer,
});

export const presentAdminRegisterWhere = (row: RegisterWhereRow): AdminRegisterWhere => ({
  id: row.id,
  text: row.text,
});

export const presentAdminPopup = (row: PopupRow): AdminPopup => ({
  id: row.id,
  enabled: row.enabled,
  imageUrl: row.imageUrl,
  createdAt: row.createdAt.toISOString(),
});
