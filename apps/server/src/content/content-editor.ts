/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * Content is this folder's state, so the operator's edits of it live here beside the member reads and
 * the hot cache they drop; admin/content keeps only the console's routes and its lists.
 */
import {
  CONTENT_MESSAGES,
  isFullOrder,
  validateFaq,
  validateNotice,
  validateRegisterWhere,
} from '@smm/domain';
import type {
  ChangedResponse,
  FaqResponse,
  NoticeResponse,
  RegisterWhereResponse,
} from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import { presentAdminFaq, presentAdminNotice, presentAdminRegisterWhere } from './operator-content.presenter';
import { contentRepository, LIST_LOCKS, lockList } from './content.repository';
import type { ContentService } from './content.service';
import { registerWhereRepository } from './register-where.repository';

const invalid = (message: string) => appError('CONTENT_INVALID', message);
const notFound = (message: string) => appError('NOT_FOUND', message);

/** Windows line ends as the browser sends them from a textarea → one kind; outer blank space dropped. */
const normaliseText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** The audit entry of one reorder: the ids before and after. */
const ORDER_TARGET_ID = 'all';

/**
 * Notices, FAQ and sign-up routes as the operator edits them. Each write runs in one transaction that
 * locks what it changes (the row, or the whole list when the list's set or order matters), writes its
 * audit entry with before/after, and answers `changed: false` with nothing written when the asked state
 * is already there. After a write the members' hot cache is dropped (content.changed()), so the next
 * member request sees it.
 */
export class ContentEditor {
  constructor(
    private readonly db: Db,
    private readonly content: ContentService,
  ) {}

  // ---------- notices ----------

  async createNotice(
    operatorId: number,
    body: { content: string; isTop: boolean; bgColor: string | null },
  ): Promise<NoticeResponse> {
    const values = this.noticeValues(body);
    const notice = await this.db.transaction(async (tx) => {
      const after = presentAdminNotice(await contentRepository.insertNotice(tx, values));
      await this.audit(tx, operatorId, 'notice.create', 'notice', after.id, null, after);
      return after;
    });
    await this.content.changed();
    return { notice, changed: true };
  }

  async updateNotice(
    operatorId: number,
    id: number,
    body: { content: string; isTop: boolean; bgColor: string | null },
  ): Promise<NoticeResponse> {
    const values = this.noticeValues(body);
    const result = await this.db.transaction(async (tx) => {
      const row = await contentRepository.lockNotice(tx, id);
      if (!row) throw notFound(CONTENT_MESSAGES.NOTICE_NOT_FOUND);
      const before = presentAdminNotice(row);
      if (row.content === values.content && row.isTop === values.isTop && row.bgColor === values.bgColor)
        return { notice: before, changed: false };
      const after = presentAdminNotice(await contentRepository.updateNotice(tx, id, values));
      await this.audit(tx, operatorId, 'notice.update', 'notice', id, before, after);
      return { notice: after, changed: true };
    });
    if (result.changed) await this.content.changed();
    return result;
  }

  async deleteNotice(operatorId: number, id: number): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      const row = await contentRepository.lockNotice(tx, id);
      if (!row) return false;
      await contentRepository.deleteNotice(tx, id);
      await this.audit(tx, operatorId, 'notice.delete', 'notice', id, presentAdminNotice(row), null);
      return true;
    });
    if (changed) await this.content.changed();
    return { changed };
  }

  private noticeValues(body: { content: string; isTop: boolean; bgColor: string | null }) {
    const values = {
      content: normaliseText(body.content),
      isTop: body.isTop,
      bgColor: body.bgColor === null || body.bgColor === '' ? null : body.bgColor.toLowerCase(),
    };
    const problem = validateNotice(values);
    if (problem) throw invalid(problem);
    return values;
  }

  // ---------- FAQ ----------

  async createFaq(operatorId: number, body: { title: string; answer: string }): Promise<FaqResponse> {
    const values = this.faqValues(body);
    const faq = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.qnas);
      const after = presentAdminFaq(await contentRepository.insertQna(tx, values));
      await this.audit(tx, operatorId, 'faq.create', 'faq', after.id, null, after);
      return after;
    });
    await this.content.changed();
    return { faq, changed: true };
  }

  async updateFaq(
    operatorId: number,
    id: number,
    body: { title: string; answer: string },
  ): Promise<FaqResponse> {
    const values = this.faqValues(body);
    const result = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.qnas);
      const row = await contentRepository.lockQna(tx, id);
      if (!row) throw notFound(CONTENT_MESSAGES.FAQ_NOT_FOUND);
      const before = presentAdminFaq(row);
      if (row.title === values.title && row.answer === values.answer) return { faq: before, changed: false };
      const after = presentAdminFaq(await contentRepository.updateQna(tx, id, values));
      await this.audit(tx, operatorId, 'faq.update', 'faq', id, before, after);
      return { faq: after, changed: true };
    });
    if (result.changed) await this.content.changed();
    return result;
  }

  async deleteFaq(operatorId: number, id: number): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.qnas);
      const row = await contentRepository.lockQna(tx, id);
      if (!row) return false;
      await contentRepository.deleteQna(tx, id);
      await this.audit(tx, operatorId, 'faq.delete', 'faq', id, presentAdminFaq(row), null);
      return true;
    });
    if (changed) await this.content.changed();
    return { changed };
  }

  /** `ids`: every FAQ exactly once, in the new order (a list changed meanwhile → 400, reload). */
  async reorderFaqs(operatorId: number, ids: readonly number[]): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.qnas);
      const current = (await contentRepository.listQnas(tx)).map((row) => row.id);
      if (!isFullOrder(ids, current)) throw invalid(CONTENT_MESSAGES.ORDER_MISMATCH);
      if (ids.every((id, i) => current[i] === id)) return false;
      await contentRepository.setQnaOrder(tx, ids);
      await this.audit(tx, operatorId, 'faq.reorder', 'faq', ORDER_TARGET_ID, { ids: current }, { ids });
      return true;
    });
    if (changed) await this.content.changed();
    return { changed };
  }

  private faqValues(body: { title: string; answer: string }) {
    const values = { title: normaliseText(body.title), answer: normaliseText(body.answer) };
    const problem = validateFaq(values);
    if (problem) throw invalid(problem);
    return values;
  }

  // ---------- sign-up routes ----------
  // Accounts keep the text they signed up with (accounts.register_where is text, not a reference), so
  // renaming or deleting a route never changes a member's record; it only changes what new sign-ups
  // may choose.

  async createRegisterWhere(operatorId: number, body: { text: string }): Promise<RegisterWhereResponse> {
    const text = this.registerWhereText(body.text);
    const registerWhere = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.registerWheres);
      if (await registerWhereRepository.textTaken(tx, text))
        throw invalid(CONTENT_MESSAGES.REGISTER_WHERE_DUPLICATE);
      const after = presentAdminRegisterWhere(await registerWhereRepository.insert(tx, text));
      await this.audit(tx, operatorId, 'register-route.create', 'register-route', after.id, null, after);
      return after;
    });
    await this.content.changed();
    return { registerWhere, changed: true };
  }

  async renameRegisterWhere(
    operatorId: number,
    id: number,
    body: { text: string },
  ): Promise<RegisterWhereResponse> {
    const text = this.registerWhereText(body.text);
    const result = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.registerWheres);
      const row = await registerWhereRepository.lock(tx, id);
      if (!row) throw notFound(CONTENT_MESSAGES.REGISTER_WHERE_NOT_FOUND);
      const before = presentAdminRegisterWhere(row);
      if (row.text === text) return { registerWhere: before, changed: false };
      if (await registerWhereRepository.textTaken(tx, text, id))
        throw invalid(CONTENT_MESSAGES.REGISTER_WHERE_DUPLICATE);
      const after = presentAdminRegisterWhere(await registerWhereRepository.rename(tx, id, text));
      await this.audit(tx, operatorId, 'register-route.update', 'register-route', id, before, after);
      return { registerWhere: after, changed: true };
    });
    if (result.changed) await this.content.changed();
    return result;
  }

  async deleteRegisterWhere(operatorId: number, id: number): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.registerWheres);
      const row = await registerWhereRepository.lock(tx, id);
      if (!row) return false;
      await registerWhereRepository.remove(tx, id);
      await this.audit(
        tx,
        operatorId,
        'register-route.delete',
        'register-route',
        id,
        presentAdminRegisterWhere(row),
        null,
      );
      return true;
    });
    if (changed) await this.content.changed();
    return { changed };
  }

  async reorderRegisterWheres(operatorId: number, ids: readonly number[]): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      await lockList(tx, LIST_LOCKS.registerWheres);
      const current = (await registerWhereRepository.list(tx)).map((row) => row.id);
      if (!isFullOrder(ids, current)) throw invalid(CONTENT_MESSAGES.ORDER_MISMATCH);
      if (ids.every((id, i) => current[i] === id)) return false;
      await registerWhereRepository.setOrder(tx, ids);
      await this.audit(
        tx,
        operatorId,
        'register-route.reorder',
        'register-route',
        ORDER_TARGET_ID,
        { ids: current },
        { ids },
      );
      return true;
    });
    if (changed) await this.content.changed();
    return { changed };
  }

  private registerWhereText(raw: string): string {
    const problem = validateRegisterWhere(raw.trim());
    if (problem) throw invalid(problem);
    return raw.trim();
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: string,
    targetType: string,
    targetId: number | string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return auditLogRepository.record(tx, { operatorId, action, targetType, targetId, before, after });
  }
}
