import type { Notice, Popup, Qna, RegisterWhere } from '@smm/domain/contract';
import type { NoticeRow, PopupRow, QnaRow, RegisterWhereRow } from './content.repository';

export const presentRegisterWhere = (row: RegisterWhereRow): RegisterWhere => ({
  id: row.id,
  text: row.text,
});

export const presentNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  content: row.content,
  isTop: row.isTop,
  bgColor: row.bgColor,
});

export const presentQna = (row: QnaRow): Qna => ({ title: row.title, answer: row.answer });

export const presentPopup = (row: PopupRow): Popup => ({
  id: row.id,
  enabled: row.enabled,
  imageUrl: row.imageUrl,
});
