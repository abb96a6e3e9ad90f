import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database';
import { accounts, auditLog } from '../db/schema';

export interface AuditEntry {
  operatorId: number;
  /** What was done, as `<target>.<verb>`: 'charge.accept', 'deposit.attach', 'point.adjust' … */
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
  memo?: string;
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
}

/**
 * Who did what, when, to what, before and after. Written in the transaction of the action itself, so
 * an action is never done without its entry (nor an entry kept for an action rolled back).
 */
export const auditLogRepository = {
  async record(tx: Tx, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      ...entry,
      targetId: String(entry.targetId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      memo: entry.memo ?? '',
    });
  },

  async page(ex: Executor, filter: AuditFilter, limit: number, offset: number) {
    const conditions: SQL[] = [];
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
    if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      ex
        .select({ entry: auditLog, operatorLoginId: accounts.loginId })
        .from(auditLog)
        .innerJoin(accounts, eq(accounts.id, auditLog.operatorId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
