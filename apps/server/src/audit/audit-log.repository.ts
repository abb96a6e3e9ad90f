import type { Tx } from '../db/database';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** null: the system's own action (the catalog sync; docs/ARCHITECTURE.md#catalog-sync). */
  operatorId: number | null;
  /** What was done, as `<target>.<verb>`: 'charge.accept', 'deposit.attach', 'point.adjust' … */
  action: string;
  targetType: string;
  targetId: string | number;
  before: unknown;
  after: unknown;
  memo?: string;
}

/**
 * Who did what, when, to what, before and after. Written in the transaction of the action itself, so
 * an action is never done without its entry (nor an entry kept for an action rolled back). Only the
 * writer lives here; the console reads the log through admin/audit's own queries.
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
};
