/**
 * Why this file: the queries of 1:1 문의 (docs/product.md#inquiries), for the member's service and the
 * operator's queue alike; every member query names the member, so another's inquiry is never found.
 */
import type { InquiryState, InquiryType } from '@smm/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, min, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/database';
import {
  accounts,
  charges,
  deposits,
  inquiries,
  inquiryMessages,
  orderRefills,
  orders,
  pointLedger,
  providers,
  services,
} from '../db/schema';

type Executor = Db | Tx;
export type InquiryRow = typeof inquiries.$inferSelect;
export type InquiryMessageRow = typeof inquiryMessages.$inferSelect;

/** Keys of pg_advisory_xact_lock: one member's inquiry writes, one after another (the flood counts). */
const FLOOD_LOCK_CLASS = 36_001;

export const inquiriesRepository = {
  /** Holds the member's inquiry writes until the transaction ends, so two at once cannot both pass a limit. */
  async lockMember(tx: Tx, accountId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FLOOD_LOCK_CLASS}, ${accountId})`);
  },

  async openCount(ex: Executor, accountId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(inquiries)
      .where(and(eq(inquiries.accountId, accountId), ne(inquiries.state, 'CLOSED')));
    return row?.n ?? 0;
  },

  /** The member's own messages since `since` (the hourly limit): how many, and the oldest's time. */
  async memberMessagesSince(
    ex: Executor,
    accountId: number,
    since: Date,
  ): Promise<{ n: number; oldest: Date | null }> {
    const [row] = await ex
      .select({ n: count(), oldest: min(inquiryMessages.createdAt) })
      .from(inquiryMessages)
      .where(
        and(
          eq(inquiryMessages.authorId, accountId),
          eq(inquiryMessages.author, 'member'),
          gte(inquiryMessages.createdAt, since),
        ),
      );
    return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
  },

  async ownsOrder(ex: Executor, accountId: number, orderId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
    return rows.length > 0;
  },

  async ownsCharge(ex: Executor, accountId: number, chargeId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: charges.id })
      .from(charges)
      .where(and(eq(charges.id, chargeId), eq(charges.accountId, accountId)));
    return rows.length > 0;
  },

  async insert(
    tx: Tx,
    row: {
      accountId: number;
      type: InquiryType;
      title: string;
      orderId: number | null;
      chargeId: number | null;
      now: Date;
    },
  ): Promise<InquiryRow> {
    const [inserted] = await tx
      .insert(inquiries)
      .values({
        accountId: row.accountId,
        type: row.type,
        title: row.title,
        orderId: row.orderId,
        chargeId: row.chargeId,
        state: 'WAITING',
        waitingSince: row.now,
        createdAt: row.now,
        updatedAt: row.now,
      })
      .returning();
    return inserted!;
  },

  async insertMessage(
    tx: Tx,
    row: {
      inquiryId: number;
      author: 'member' | 'operator';
      authorId: number;
      internal?: boolean;
      text: string;
      attachment: string | null;
      now: Date;
    },
  ): Promise<InquiryMessageRow> {
    const [inserted] = await tx
      .insert(inquiryMessages)
      .values({
        inquiryId: row.inquiryId,
        author: row.author,
        authorId: row.authorId,
        internal: row.internal ?? false,
        text: row.text,
        attachment: row.attachment,
        createdAt: row.now,
      })
      .returning();
    return inserted!;
  },

  /** The inquiry, only if it is the member's (null: not found, or another's). */
  async findOwned(ex: Executor, accountId: number, id: number): Promise<InquiryRow | null> {
    const [row] = await ex
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.id, id), eq(inquiries.accountId, accountId)));
    return row ?? null;
  },

  /** The inquiry, its row locked for the rest of the transaction (a state change). */
  async findForUpdate(tx: Tx, id: number): Promise<InquiryRow | null> {
    const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update');
    return row ?? null;
  },

  async find(ex: Executor, id: number): Promise<InquiryRow | null> {
    const [row] = await ex.select().from(inquiries).where(eq(inquiries.id, id));
    return row ?? null;
  },

  async update(
    ex: Executor,
    id: number,
    change: Partial<typeof inquiries.$inferInsert>,
  ): Promise<InquiryRow> {
    const [row] = await ex.update(inquiries).set(change).where(eq(inquiries.id, id)).returning();
    return row!;
  },

  /** The thread, oldest first; `withNotes` false leaves the operators' internal notes out. */
  messages(ex: Executor, inquiryId: number, withNotes: boolean): Promise<InquiryMessageRow[]> {
    const where: SQL[] = [eq(inquiryMessages.inquiryId, inquiryId)];
    if (!withNotes) where.push(eq(inquiryMessages.internal, false));
    return ex
      .select()
      .from(inquiryMessages)
      .where(and(...where))
      .orderBy(asc(inquiryMessages.id));
  },

  /** The messages with their authors' login ids (the console's thread). */
  messagesWithAuthors(ex: Executor, inquiryId: number) {
    return ex
      .select({ message: inquiryMessages, loginId: accounts.loginId })
      .from(inquiryMessages)
      .innerJoin(accounts, eq(accounts.id, inquiryMessages.authorId))
      .where(eq(inquiryMessages.inquiryId, inquiryId))
      .orderBy(asc(inquiryMessages.id));
  },

  /** Whether a message of the inquiry carries the stored image `name` (and, for a member, is not a note). */
  async hasAttachment(ex: Executor, inquiryId: number, name: string, withNotes: boolean): Promise<boolean> {
    const where: SQL[] = [eq(inquiryMessages.inquiryId, inquiryId), eq(inquiryMessages.attachment, name)];
    if (!withNotes) where.push(eq(inquiryMessages.internal, false));
    const rows = await ex
      .select({ id: inquiryMessages.id })
      .from(inquiryMessages)
      .where(and(...where))
      .limit(1);
    return rows.length > 0;
  },

  async pageOfMember(ex: Executor, accountId: number, page: number, pageSize: number) {
    const where = eq(inquiries.accountId, accountId);
    const [rows, [total]] = await Promise.all([
      ex
        .select()
        .from(inquiries)
        .where(where)
        .orderBy(desc(inquiries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ex.select({ n: count() }).from(inquiries).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The member's inquiries holding a reply they have not read: the badge. */
  unreadOf(ex: Executor, accountId: number) {
    return ex
      .select({ id: inquiries.id, orderId: inquiries.orderId })
      .from(inquiries)
      .where(
        and(
          eq(inquiries.accountId, accountId),
          gt(inquiries.lastReplyMessageId, inquiries.memberReadMessageId),
        ),
      );
  },

  /** How many of the member's inquiries hold a reply they have not read (the profile's badge). */
  async unreadCount(ex: Executor, accountId: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(inquiries)
      .where(
        and(
          eq(inquiries.accountId, accountId),
          gt(inquiries.lastReplyMessageId, inquiries.memberReadMessageId),
        ),
      );
    return row?.n ?? 0;
  },

  /** The queue: by state and type, those waiting longest first, then the rest newest first. */
  async queue(
    ex: Executor,
    filter: { state?: InquiryState; type?: InquiryType },
    page: number,
    pageSize: number,
  ) {
    const assignee = alias(accounts, 'assignee');
    const where: SQL[] = [];
    if (filter.state) where.push(eq(inquiries.state, filter.state));
    if (filter.type) where.push(eq(inquiries.type, filter.type));
    const condition = where.length > 0 ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      ex
        .select({ inquiry: inquiries, loginId: accounts.loginId, assignedLoginId: assignee.loginId })
        .from(inquiries)
        .innerJoin(accounts, eq(accounts.id, inquiries.accountId))
        .leftJoin(assignee, eq(assignee.id, inquiries.assignedOperatorId))
        .where(condition)
        .orderBy(sql`${inquiries.waitingSince} ASC NULLS LAST`, desc(inquiries.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ex.select({ n: count() }).from(inquiries).where(condition),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async withLoginIds(ex: Executor, id: number) {
    const assignee = alias(accounts, 'assignee');
    const [row] = await ex
      .select({ inquiry: inquiries, loginId: accounts.loginId, assignedLoginId: assignee.loginId })
      .from(inquiries)
      .innerJoin(accounts, eq(accounts.id, inquiries.accountId))
      .leftJoin(assignee, eq(assignee.id, inquiries.assignedOperatorId))
      .where(eq(inquiries.id, id));
    return row ?? null;
  },

  /** The linked order with what the orders list joins to it (member, service, provider). */
  async linkedOrder(ex: Executor, orderId: number) {
    const [row] = await ex
      .select({
        order: orders,
        memberLoginId: accounts.loginId,
        serviceText: services.text,
        providerName: providers.name,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .innerJoin(services, eq(services.id, orders.serviceId))
      .leftJoin(providers, eq(providers.id, orders.providerId))
      .where(eq(orders.id, orderId));
    return row ?? null;
  },

  /** The order's newest refill, as the orders list shows it. */
  async latestRefill(ex: Executor, orderId: number) {
    const [row] = await ex
      .select({ id: orderRefills.id, status: orderRefills.status })
      .from(orderRefills)
      .where(eq(orderRefills.orderId, orderId))
      .orderBy(desc(orderRefills.id))
      .limit(1);
    return row ?? null;
  },

  /** The bank deposits attached to a charge, oldest first. */
  async depositsOfCharge(ex: Executor, chargeId: number) {
    return ex.select().from(deposits).where(eq(deposits.chargeId, chargeId)).orderBy(asc(deposits.id));
  },

  /** The member's ledger rows written under these references (`order:<id>`, `charge:<id>`), oldest first. */
  async ledgerRows(ex: Executor, accountId: number, references: string[]) {
    if (references.length === 0) return [];
    return ex
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.accountId, accountId), inArray(pointLedger.reference, references)))
      .orderBy(asc(pointLedger.id));
  },

  /** Every operator account (a handful): the thread's 담당자 choices. */
  async operators(ex: Executor) {
    return ex
      .select({ id: accounts.id, loginId: accounts.loginId })
      .from(accounts)
      .where(eq(accounts.role, 'admin'))
      .orderBy(asc(accounts.loginId));
  },

  async isOperator(ex: Executor, accountId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.role, 'admin')));
    return rows.length > 0;
  },

  async emailOf(ex: Executor, accountId: number): Promise<string | null> {
    const [row] = await ex.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    return row?.email ?? null;
  },
};
