import type { NotifyStatus } from '@smm/domain';
import { and, asc, desc, eq, gte, inArray, isNull, like, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import {
  catalogSyncChanges,
  catalogSyncRuns,
  charges,
  operatorNotifications,
  providers,
  services,
  inquiries,
} from '../db/schema';

export type NotificationRow = typeof operatorNotifications.$inferSelect;

export interface NewNotification {
  eventKey: string;
  kind: string;
  title: string;
  body: string;
  emailStatus: NotifyStatus;
  telegramStatus: NotifyStatus;
  createdAt: Date;
}

/** The kind of a test message's row (not a NotifyKind: never chosen, never found by a scan). */
export const TEST_NOTIFICATION_KIND = 'TEST';

const due = (now: Date) =>
  and(
    or(eq(operatorNotifications.emailStatus, 'pending'), eq(operatorNotifications.telegramStatus, 'pending')),
    lte(operatorNotifications.nextAttemptAt, now),
    or(isNull(operatorNotifications.claimedUntil), lte(operatorNotifications.claimedUntil, now)),
  );

/** The operator_notifications table (docs/ARCHITECTURE.md#operator-notifications) and the event scans. */
export const notificationsRepository = {
  /** Which of `keys` have an open (unresolved) event already. */
  async openKeys(ex: Executor, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await ex
      .select({ key: operatorNotifications.eventKey })
      .from(operatorNotifications)
      .where(
        and(isNull(operatorNotifications.resolvedAt), inArray(operatorNotifications.eventKey, [...keys])),
      );
    return new Set(rows.map((row) => row.key));
  },

  /**
   * Records each event unless one with its key is open: the partial unique index decides, so two
   * processes scanning at once record it once. Returns how many were new.
   */
  async insertEvents(ex: Executor, events: readonly NewNotification[]): Promise<number> {
    if (events.length === 0) return 0;
    const inserted = await ex
      .insert(operatorNotifications)
      .values(events.map((event) => ({ ...event, nextAttemptAt: event.createdAt })))
      .onConflictDoNothing({
        target: operatorNotifications.eventKey,
        where: sql`${operatorNotifications.resolvedAt} IS NULL`,
      })
      .returning({ id: operatorNotifications.id });
    return inserted.length;
  },

  /** A notification recorded already sent or failed on each channel (a test message): never claimed. */
  async insertSettled(
    ex: Executor,
    row: NewNotification & { lastError: string | null; sentAt: Date | null },
  ): Promise<void> {
    await ex.insert(operatorNotifications).values({ ...row, nextAttemptAt: row.createdAt });
  },

  /** Marks resolved the open events whose key starts with `prefix` and is not among `current`. */
  async resolveMissing(ex: Executor, prefix: string, current: readonly string[], now: Date): Promise<number> {
    const rows = await ex
      .update(operatorNotifications)
      .set({ resolvedAt: now })
      .where(
        and(
          isNull(operatorNotifications.resolvedAt),
          like(operatorNotifications.eventKey, `${prefix}%`),
          current.length > 0 ? notInArray(operatorNotifications.eventKey, [...current]) : undefined,
        ),
      )
      .returning({ id: operatorNotifications.id });
    return rows.length;
  },

  /**
   * Claims due notifications for this process until `until` (SKIP LOCKED in the caller's short
   * transaction): another process skips them while this one sends, outside any transaction.
   */
  async claimDue(tx: Tx, now: Date, until: Date, limit: number): Promise<NotificationRow[]> {
    const ids = await tx
      .select({ id: operatorNotifications.id })
      .from(operatorNotifications)
      .where(due(now))
      .orderBy(asc(operatorNotifications.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(operatorNotifications)
      .set({ claimedUntil: until })
      .where(
        inArray(
          operatorNotifications.id,
          ids.map((row) => row.id),
        ),
      )
      .returning()
      .then((rows) => rows.sort((a, b) => a.id - b.id));
  },

  /** One row's outcome after a send: its channels' states, attempts, next try, error; the claim released. */
  async finish(
    ex: Executor,
    id: number,
    change: {
      emailStatus: NotifyStatus;
      telegramStatus: NotifyStatus;
      attempts: number;
      nextAttemptAt: Date;
      lastError: string | null;
      sentAt: Date | null;
    },
  ): Promise<void> {
    await ex
      .update(operatorNotifications)
      .set({ ...change, claimedUntil: null })
      .where(eq(operatorNotifications.id, id));
  },

  /** Deletes the given notifications (claimed by the caller, nothing of them sent: as if never recorded). */
  async forget(ex: Executor, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await ex
      .delete(operatorNotifications)
      .where(and(inArray(operatorNotifications.id, [...ids]), isNull(operatorNotifications.sentAt)));
  },

  /**
   * Forgets notifications older than `before` that can no longer be found again: resolved watch events,
   * and one-shot events (a charge, a sync run: found only within the last 24 h; a test message). An open watch event
   * stays, or its entry would be announced again. Nothing still pending on a channel goes.
   */
  async prune(ex: Executor, before: Date): Promise<number> {
    const rows = await ex
      .delete(operatorNotifications)
      .where(
        and(
          lte(operatorNotifications.createdAt, before),
          sql`${operatorNotifications.emailStatus} <> 'pending' AND ${operatorNotifications.telegramStatus} <> 'pending'`,
          or(
            lte(operatorNotifications.resolvedAt, before),
            inArray(operatorNotifications.kind, [
              'CHARGE_LARGE',
              'SYNC_DISABLED',
              'INQUIRY_NEW',
              TEST_NOTIFICATION_KIND,
            ]),
          ),
        ),
      )
      .returning({ id: operatorNotifications.id });
    return rows.length;
  },

  recent(ex: Executor, limit: number): Promise<NotificationRow[]> {
    return ex.select().from(operatorNotifications).orderBy(desc(operatorNotifications.id)).limit(limit);
  },

  /** Charges credited since `since` of at least `minPoint` won (a charge is credited once: status 1). */
  largeCreditedCharges(ex: Executor, since: Date, minPoint: number) {
    return ex
      .select({ id: charges.id, accountId: charges.accountId, point: charges.point })
      .from(charges)
      .where(and(eq(charges.status, 1), gte(charges.responseAt, since), gte(charges.point, minPoint)))
      .orderBy(asc(charges.id))
      .limit(100);
  },

  /** Inquiries members opened since `since` (each one event: a new 1:1 문의). */
  newInquiries(ex: Executor, since: Date) {
    return ex
      .select({ id: inquiries.id, accountId: inquiries.accountId, type: inquiries.type })
      .from(inquiries)
      .where(gte(inquiries.createdAt, since))
      .orderBy(asc(inquiries.id))
      .limit(100);
  },

  /** Sync runs finished since `since` that disabled services (a change of syncDisabled to a reason). */
  async syncRunsThatDisabled(ex: Executor, since: Date) {
    const rows = await ex
      .select({
        runId: catalogSyncRuns.id,
        providerName: providers.name,
        serviceId: services.id,
        serviceName: services.text,
        reason: catalogSyncChanges.toValue,
      })
      .from(catalogSyncChanges)
      .innerJoin(catalogSyncRuns, eq(catalogSyncRuns.id, catalogSyncChanges.runId))
      .innerJoin(providers, eq(providers.id, catalogSyncRuns.providerId))
      .innerJoin(services, eq(services.id, catalogSyncChanges.serviceId))
      .where(
        and(
          eq(catalogSyncChanges.field, 'syncDisabled'),
          sql`${catalogSyncChanges.toValue} IS NOT NULL AND ${catalogSyncChanges.toValue} <> 'null'::jsonb`,
          eq(catalogSyncRuns.status, 'ok'),
          gte(catalogSyncRuns.finishedAt, since),
        ),
      )
      .orderBy(asc(catalogSyncRuns.id), asc(services.id))
      .limit(500);
    const runs = new Map<
      number,
      { id: number; providerName: string; services: { id: number; name: string; reason: string }[] }
    >();
    for (const row of rows) {
      const run = runs.get(row.runId) ?? { id: row.runId, providerName: row.providerName, services: [] };
      run.services.push({ id: row.serviceId, name: row.serviceName, reason: String(row.reason) });
      runs.set(row.runId, run);
    }
    return [...runs.values()];
  },
};
