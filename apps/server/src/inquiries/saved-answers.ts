/**
 * Why this file: 자주 쓰는 답변 (docs/product.md#inquiries) are inquiries' own state, so their list and
 * the operator's edits live here; admin/inquiries keeps only the console's routes.
 */
import { CONTENT_MESSAGES, SAVED_ANSWER_MESSAGES, isFullOrder, validateSavedAnswer } from '@smm/domain';
import type { AdminSavedAnswer, ChangedResponse, SavedAnswerResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { savedAnswersRepository as repo, type SavedAnswerRow } from './saved-answers.repository';

const TARGET = 'saved-answer';
/** The audit entry of one reorder: the ids before and after. */
const ORDER_TARGET_ID = 'all';

const present = (row: SavedAnswerRow): AdminSavedAnswer => ({
  id: row.id,
  title: row.title,
  text: row.text,
  updatedAt: row.updatedAt.toISOString(),
});

/** Windows line ends as a textarea sends them → one kind; outer blank space dropped. */
const normalise = (body: { title: string; text: string }) => {
  const values = { title: body.title.trim(), text: body.text.replace(/\r\n?/g, '\n').trim() };
  const problem = validateSavedAnswer(values);
  if (problem) throw appError('INQUIRY_INVALID', problem);
  return values;
};

/**
 * The operators' saved answers, built like the FAQ's editor (docs/ARCHITECTURE.md#operator-console):
 * each write in one transaction that locks what it changes, with its audit entry (before/after), and
 * `changed: false` with nothing written when the asked state is already there.
 */
export class SavedAnswers {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<AdminSavedAnswer[]> {
    return (await repo.list(this.db)).map(present);
  }

  async create(operatorId: number, body: { title: string; text: string }): Promise<SavedAnswerResponse> {
    const values = normalise(body);
    const savedAnswer = await this.db.transaction(async (tx) => {
      await repo.lockList(tx);
      const after = present(await repo.insert(tx, values, this.clock.now()));
      await this.audit(tx, operatorId, 'saved-answer.create', after.id, null, after);
      return after;
    });
    return { savedAnswer, changed: true };
  }

  async update(
    operatorId: number,
    id: number,
    body: { title: string; text: string },
  ): Promise<SavedAnswerResponse> {
    const values = normalise(body);
    return this.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw appError('NOT_FOUND', SAVED_ANSWER_MESSAGES.NOT_FOUND);
      const before = present(row);
      if (row.title === values.title && row.text === values.text)
        return { savedAnswer: before, changed: false };
      const after = present(await repo.update(tx, id, values, this.clock.now()));
      await this.audit(tx, operatorId, 'saved-answer.update', id, before, after);
      return { savedAnswer: after, changed: true };
    });
  }

  async remove(operatorId: number, id: number): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      await repo.lockList(tx);
      const row = await repo.lock(tx, id);
      if (!row) return false;
      await repo.remove(tx, id);
      await this.audit(tx, operatorId, 'saved-answer.delete', id, present(row), null);
      return true;
    });
    return { changed };
  }

  async reorder(operatorId: number, ids: readonly number[]): Promise<ChangedResponse> {
    const changed = await this.db.transaction(async (tx) => {
      await repo.lockList(tx);
      const current = (await repo.list(tx)).map((row) => row.id);
      if (!isFullOrder(ids, current)) throw appError('INQUIRY_INVALID', CONTENT_MESSAGES.ORDER_MISMATCH);
      if (ids.every((id, i) => current[i] === id)) return false;
      await repo.setOrder(tx, ids);
      await this.audit(tx, operatorId, 'saved-answer.reorder', ORDER_TARGET_ID, { ids: current }, { ids });
      return true;
    });
    return { changed };
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: string,
    targetId: number | string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return auditLogRepository.record(tx, { operatorId, action, targetType: TARGET, targetId, before, after });
  }
}
