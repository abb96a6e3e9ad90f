/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * The audit log's search and its filters' choices are the console's alone (docs/product.md#operator-console),
 * so they are queried here; audit/ keeps only the writer every action records through.
 */
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { accounts, auditLog } from '../../db/schema';
import { likeContaining } from '../../db/like-pattern';

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  /** The operator's login id, any case. */
  operatorLoginId?: string;
  /** Only the system's own actions (no operator: the catalog sync, docs/ARCHITECTURE.md#catalog-sync). */
  systemOnly?: boolean;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  before?: Date;
  /** Text inside the target id or the memo, any case; taken literally (LIKE wildcards escaped). */
  text?: string;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.operatorLoginId) {
    conditions.push(sql`lower(${accounts.loginId}) = lower(${filter.operatorLoginId})`);
  }
  if (filter.systemOnly) conditions.push(isNull(auditLog.operatorId));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.before) conditions.push(lt(auditLog.createdAt, filter.before));
  if (filter.text) {
    const pattern = likeContaining(filter.text);
    conditions.push(or(ilike(auditLog.targetId, pattern), ilike(auditLog.memo, pattern)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The console's reads of the audit log, each entry with its operator's login id. */
export const auditAdminRepository = {
  async page(ex: Executor, filter: AuditFilter, limit: number, offset: number) {
    const where = whereOf(filter);
    const [rows, [total]] = await Promise.all([
      ex
        .select({ entry: auditLog, operatorLoginId: accounts.loginId })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.id, auditLog.operatorId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset),
      ex
        .select({ n: count() })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.id, auditLog.operatorId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The values the log's filters can choose from: actions, target types and operators present in it. */
  async filterChoices(ex: Executor) {
    const [actions, targetTypes, operators, system] = await Promise.all([
      ex.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
      ex.selectDistinct({ value: auditLog.targetType }).from(auditLog).orderBy(asc(auditLog.targetType)),
      ex
        .selectDistinct({ value: accounts.loginId })
        .from(auditLog)
        .innerJoin(accounts, eq(accounts.id, auditLog.operatorId))
        .orderBy(asc(accounts.loginId)),
      ex.select({ id: auditLog.id }).from(auditLog).where(isNull(auditLog.operatorId)).limit(1),
    ]);
    const values = (rows: { value: string }[]) => rows.map((row) => row.value);
    return {
      actions: values(actions),
      targetTypes: values(targetTypes),
      operators: values(operators),
      hasSystemEntries: system.length > 0,
    };
  },
};
