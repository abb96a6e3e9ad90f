/**
 * Why this file: the operator's side of 1:1 문의 (docs/product.md#inquiries): the queue, a thread with
 * its linked order or charge, and the actions on it (reply, internal note, close, assign), each written
 * with its audit log entry in one transaction; a reply reaches the member by e-mail after its commit.
 */
import {
  INQUIRY_MESSAGES,
  validateInquiryText,
  type InquiryState,
  type InquiryType,
  siteLink,
} from '@smm/domain';
import type { AdminInquiriesQuery, AdminInquiriesResponse, AdminInquiryThread } from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import { presentLedgerItem } from '../ledger/ledger-item.presenter';
import type { Mailer } from '../messaging/mailer';
import { sendFailureOf } from '../messaging/mailer';
import { inquiryReplyMail, siteNameOf } from '../messaging/messages';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { inquiriesRepository as repo, type InquiryRow } from './inquiries.repository';
import { presentAdminOrder } from '../orders/history/operator-orders.presenter';
import { presentAdminCharge } from '../points/charges.presenter';
import { chargesRepository } from '../points/charges.repository';
import { presentAdminInquiry, presentAdminMessage } from './inquiries.presenter';

export const ADMIN_INQUIRIES_PAGE_SIZE = 50;

export interface OperatorInquiriesDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  settings: Pick<SettingsService, 'current'>;
  publicUrl: string;
  log: { error(object: Record<string, unknown>, message: string): void };
}

export class OperatorInquiries {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: OperatorInquiriesDeps) {}

  async queue(query: AdminInquiriesQuery & { page: number }): Promise<AdminInquiriesResponse> {
    const { rows, total } = await repo.queue(
      this.deps.db,
      { state: query.state, type: query.type },
      query.page,
      ADMIN_INQUIRIES_PAGE_SIZE,
    );
    return {
      items: rows.map((row) => presentAdminInquiry(row.inquiry, row.loginId, row.assignedLoginId)),
      page: query.page,
      pageSize: ADMIN_INQUIRIES_PAGE_SIZE,
      total,
    };
  }

  thread(id: number): Promise<AdminInquiryThread> {
    return this.threadOf(this.deps.db, id);
  }

  /** A reply the member reads: the inquiry is answered (a closed one stays closed: see below). */
  async reply(operatorId: number, id: number, text: string): Promise<AdminInquiryThread> {
    const problem = validateInquiryText(text);
    if (problem) throw appError('INQUIRY_INVALID', problem);
    const { thread, accountId, title } = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const row = await this.locked(tx, id);
      // A closed inquiry takes no reply: the member could not answer it back after its days.
      if (row.state === 'CLOSED') throw appError('INQUIRY_STATE', INQUIRY_MESSAGES.CLOSED);
      const message = await repo.insertMessage(tx, {
        inquiryId: id,
        author: 'operator',
        authorId: operatorId,
        text,
        attachment: null,
        now,
      });
      const after = await repo.update(tx, id, {
        state: 'ANSWERED',
        waitingSince: null,
        lastReplyMessageId: message.id,
        updatedAt: now,
      });
      await this.audit(tx, operatorId, 'inquiry.reply', row, after, { messageId: message.id });
      return { thread: await this.threadOf(tx, id), accountId: row.accountId, title: row.title };
    });
    this.mailMember(accountId, id, title);
    return thread;
  }

  /** An internal note: operators only, it changes nothing the member sees. */
  async note(operatorId: number, id: number, text: string): Promise<AdminInquiryThread> {
    const problem = validateInquiryText(text);
    if (problem) throw appError('INQUIRY_INVALID', problem);
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const row = await this.locked(tx, id);
      const message = await repo.insertMessage(tx, {
        inquiryId: id,
        author: 'operator',
        authorId: operatorId,
        internal: true,
        text,
        attachment: null,
        now,
      });
      await this.audit(tx, operatorId, 'inquiry.note', row, row, { messageId: message.id });
      return this.threadOf(tx, id);
    });
  }

  async close(operatorId: number, id: number): Promise<AdminInquiryThread> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const row = await this.locked(tx, id);
      if (row.state === 'CLOSED') return this.threadOf(tx, id);
      const after = await repo.update(tx, id, {
        state: 'CLOSED',
        waitingSince: null,
        closedAt: now,
        updatedAt: now,
      });
      await this.audit(tx, operatorId, 'inquiry.close', row, after);
      return this.threadOf(tx, id);
    });
  }

  async assign(operatorId: number, id: number, assignee: number | null): Promise<AdminInquiryThread> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      if (assignee !== null && !(await repo.isOperator(tx, assignee)))
        throw appError('INQUIRY_INVALID', INQUIRY_MESSAGES.ASSIGNEE);
      if (row.assignedOperatorId === assignee) return this.threadOf(tx, id);
      const after = await repo.update(tx, id, {
        assignedOperatorId: assignee,
        updatedAt: this.deps.clock.now(),
      });
      await this.audit(tx, operatorId, 'inquiry.assign', row, after);
      return this.threadOf(tx, id);
    });
  }

  /** Resolves when the reply e-mails of the calls answered so far are sent (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async locked(tx: Tx, id: number): Promise<InquiryRow> {
    const row = await repo.findForUpdate(tx, id);
    if (!row) throw appError('NOT_FOUND');
    return row;
  }

  private async threadOf(ex: Db | Tx, id: number): Promise<AdminInquiryThread> {
    const head = await repo.withLoginIds(ex, id);
    if (!head) throw appError('NOT_FOUND');
    const { inquiry } = head;
    const [messages, order, charge] = await Promise.all([
      repo.messagesWithAuthors(ex, id),
      inquiry.orderId === null ? null : repo.linkedOrder(ex, inquiry.orderId),
      inquiry.chargeId === null
        ? null
        : chargesRepository.withNamesById(ex, inquiry.chargeId).then((row) => row ?? null),
    ]);
    const references: string[] = [];
    if (order) references.push(`order:${order.order.id}`);
    if (order?.order.autoOrderId) references.push(`auto:${order.order.autoOrderId}`);
    if (charge) references.push(`charge:${charge.charge.id}`);
    const [ledger, refill, chargeDeposits, operators] = await Promise.all([
      repo.ledgerRows(ex, inquiry.accountId, references),
      order ? repo.latestRefill(ex, order.order.id) : null,
      charge ? repo.depositsOfCharge(ex, charge.charge.id) : [],
      repo.operators(ex),
    ]);
    return {
      inquiry: presentAdminInquiry(inquiry, head.loginId, head.assignedLoginId),
      messages: messages.map((row) => presentAdminMessage(row.message, row.loginId)),
      order: order && {
        ...presentAdminOrder(order),
        latestRefill: refill ? { id: refill.id, status: refill.status } : null,
      },
      charge: charge && {
        ...presentAdminCharge(charge),
        deposits: chargeDeposits.map((deposit) => ({
          id: deposit.id,
          amount: deposit.amount,
          depositorName: deposit.depositorName,
          status: deposit.status,
          depositedAt: deposit.depositedAt?.toISOString() ?? null,
        })),
      },
      ledger: ledger.map(presentLedgerItem),
      operators,
    };
  }

  private audit(
    tx: Tx,
    operatorId: number,
    action: string,
    before: InquiryRow,
    after: InquiryRow,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const shape = (row: InquiryRow) => ({
      state: row.state as InquiryState,
      type: row.type as InquiryType,
      assignedOperatorId: row.assignedOperatorId,
    });
    return auditLogRepository.record(tx, {
      operatorId,
      action,
      targetType: 'inquiry',
      targetId: before.id,
      before: shape(before),
      after: { ...shape(after), ...extra },
    });
  }

  /** After the commit; a failed e-mail is logged, the reply stands (the member sees it on the site). */
  private mailMember(accountId: number, inquiryId: number, title: string): void {
    const run: Promise<void> = (async () => {
      const address = await repo.emailOf(this.deps.db, accountId);
      if (!address) return;
      const link = siteLink(this.deps.publicUrl, `/inquiries/${inquiryId}`);
      await this.deps.mailer.send(
        inquiryReplyMail(address, await siteNameOf(this.deps.settings), title, link),
      );
    })()
      .catch((error: unknown) =>
        this.deps.log.error({ inquiryId, ...sendFailureOf(error) }, 'inquiry reply e-mail failed'),
      )
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }
}
