/**
 * Why this file: a member's 1:1 문의 (docs/product.md#inquiries): opening one about their own order or
 * charge, writing in it (a closed one opens again within its days), reading it (which marks the replies
 * read) and its images, with the flood limits counted under one lock per member.
 */
import {
  detectImageType,
  INQUIRY_MESSAGES,
  INQUIRY_MESSAGES_PER_HOUR,
  INQUIRY_OPEN_MAX,
  inquiryLinkOf,
  POPUP_IMAGE_MAX_BYTES,
  POPUP_IMAGE_TYPES,
  stateAfterMemberMessage,
  UPLOAD_NAME_PATTERN,
  validateInquiry,
  validateInquiryText,
  CONTENT_MESSAGES,
  type InquiryState,
  type InquiryType,
} from '@smm/domain';
import type { InquiriesResponse, InquiryThread, InquiryUnreadResponse } from '@smm/domain/contract';
import type { FileStorage } from '../content/file-storage';
import type { Db, Tx } from '../db/database';
import { appError, rateLimited } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { idField, type InquiryForm } from './inquiry-form';
import { inquiriesRepository as repo, type InquiryRow } from './inquiries.repository';
import { presentInquirySummary, presentInquiryThread } from './inquiries.presenter';

const HOUR_MS = 60 * 60 * 1000;
export const INQUIRIES_PAGE_SIZE = 20;

const invalid = (message: string) => appError('INQUIRY_INVALID', message);

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

export class InquiriesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: FileStorage,
  ) {}

  async list(accountId: number, page: number): Promise<InquiriesResponse> {
    const { rows, total } = await repo.pageOfMember(this.db, accountId, page, INQUIRIES_PAGE_SIZE);
    return { items: rows.map(presentInquirySummary), page, pageSize: INQUIRIES_PAGE_SIZE, total };
  }

  async unread(accountId: number): Promise<InquiryUnreadResponse> {
    const rows = await repo.unreadOf(this.db, accountId);
    const orderIds = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
    return { count: rows.length, orderIds };
  }

  /** POST /service/inquiries: the inquiry and its first message, in one transaction. */
  async create(accountId: number, form: InquiryForm): Promise<InquiryThread> {
    const input = {
      type: form.fields.type ?? '',
      title: form.fields.title ?? '',
      text: form.fields.text ?? '',
      orderId: idField(form.fields.orderId),
      chargeId: idField(form.fields.chargeId),
    };
    const problem = validateInquiry(input);
    if (problem) throw invalid(problem);
    const type = input.type as InquiryType;
    return this.withImage(form.image, async (attachment) =>
      this.db.transaction(async (tx) => {
        const now = this.clock.now();
        await this.admitMessage(tx, accountId, now);
        if ((await repo.openCount(tx, accountId)) >= INQUIRY_OPEN_MAX)
          throw appError('INQUIRY_STATE', INQUIRY_MESSAGES.TOO_MANY_OPEN);
        const link = inquiryLinkOf(type);
        if (link === 'order' && !(await repo.ownsOrder(tx, accountId, input.orderId!)))
          throw invalid(INQUIRY_MESSAGES.ORDER_NOT_FOUND);
        if (link === 'charge' && !(await repo.ownsCharge(tx, accountId, input.chargeId!)))
          throw invalid(INQUIRY_MESSAGES.CHARGE_NOT_FOUND);
        const inquiry = await repo.insert(tx, {
          accountId,
          type,
          title: input.title.trim(),
          orderId: input.orderId,
          chargeId: input.chargeId,
          now,
        });
        const message = await repo.insertMessage(tx, {
          inquiryId: inquiry.id,
          author: 'member',
          authorId: accountId,
          text: input.text,
          attachment,
          now,
        });
        return presentInquiryThread(inquiry, [message], now);
      }),
    );
  }

  /** GET /service/inquiries/:id: the thread without internal notes; its replies are read from now on. */
  async thread(accountId: number, id: number): Promise<InquiryThread> {
    let row = await this.owned(this.db, accountId, id);
    if (row.lastReplyMessageId > row.memberReadMessageId)
      row = await repo.update(this.db, row.id, { memberReadMessageId: row.lastReplyMessageId });
    return presentInquiryThread(row, await repo.messages(this.db, id, false), this.clock.now());
  }

  /** POST /service/inquiries/:id/messages: waits for an answer again (a closed one within its days). */
  async write(accountId: number, id: number, form: InquiryForm): Promise<InquiryThread> {
    const text = form.fields.text ?? '';
    const problem = validateInquiryText(text);
    if (problem) throw invalid(problem);
    // Another member's inquiry is a 404 before anything is stored.
    await this.owned(this.db, accountId, id);
    return this.withImage(form.image, (attachment) =>
      this.db.transaction(async (tx) => {
        const now = this.clock.now();
        await this.admitMessage(tx, accountId, now);
        const row = await repo.findForUpdate(tx, id);
        if (!row || row.accountId !== accountId) throw appError('NOT_FOUND');
        const next = stateAfterMemberMessage(row.state as InquiryState, row.closedAt, now);
        if ('refused' in next) throw appError('INQUIRY_STATE', next.refused);
        if (next.reopened && (await repo.openCount(tx, accountId)) >= INQUIRY_OPEN_MAX)
          throw appError('INQUIRY_STATE', INQUIRY_MESSAGES.TOO_MANY_OPEN);
        await repo.insertMessage(tx, {
          inquiryId: id,
          author: 'member',
          authorId: accountId,
          text,
          attachment,
          now,
        });
        const updated = await repo.update(tx, id, {
          state: 'WAITING',
          // A waiting inquiry keeps its place in the queue; one that waits again goes by this message.
          waitingSince: row.state === 'WAITING' ? row.waitingSince : now,
          closedAt: null,
          updatedAt: now,
        });
        return presentInquiryThread(updated, await repo.messages(tx, id, false), now);
      }),
    );
  }

  /** The image of one of the member's own messages or an operator's reply to them (never a note's). */
  async attachment(accountId: number, id: number, name: string): Promise<StoredImage> {
    await this.owned(this.db, accountId, id);
    return this.readAttachment(id, name, false);
  }

  async readAttachment(id: number, name: string, withNotes: boolean): Promise<StoredImage> {
    if (!UPLOAD_NAME_PATTERN.test(name) || !(await repo.hasAttachment(this.db, id, name, withNotes)))
      throw appError('NOT_FOUND');
    const bytes = await this.storage.read(name);
    if (!bytes) throw appError('NOT_FOUND');
    const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof POPUP_IMAGE_TYPES;
    return { bytes, contentType: POPUP_IMAGE_TYPES[ext] };
  }

  private async owned(ex: Db | Tx, accountId: number, id: number): Promise<InquiryRow> {
    const row = await repo.findOwned(ex, accountId, id);
    if (!row) throw appError('NOT_FOUND');
    return row;
  }

  /** The hourly message limit, counted with the member's writes held one at a time. */
  private async admitMessage(tx: Tx, accountId: number, now: Date): Promise<void> {
    await repo.lockMember(tx, accountId);
    const since = new Date(now.getTime() - HOUR_MS);
    const { n, oldest } = await repo.memberMessagesSince(tx, accountId, since);
    // Again when the oldest message of the hour leaves it.
    if (n >= INQUIRY_MESSAGES_PER_HOUR)
      throw rateLimited(
        'TOO_MANY_INQUIRY_MESSAGES',
        ((oldest ?? now).getTime() + HOUR_MS - now.getTime()) / 1000,
      );
  }

  /**
   * The popup upload's checks (size, type by the bytes), then the file is stored before the rows that
   * name it and removed again if their transaction fails.
   */
  private async withImage<T>(
    image: Buffer | null,
    work: (attachment: string | null) => Promise<T>,
  ): Promise<T> {
    if (!image) return work(null);
    if (image.length > POPUP_IMAGE_MAX_BYTES) throw appError('FILE_TOO_LARGE');
    const ext = detectImageType(image);
    if (!ext) throw invalid(CONTENT_MESSAGES.IMAGE_TYPE);
    const { name } = await this.storage.put(image, ext);
    try {
      return await work(name);
    } catch (error) {
      await this.storage.remove(name).catch(() => undefined);
      throw error;
    }
  }
}
