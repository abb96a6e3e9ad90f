import { addSeoulDays, parseSeoulDate } from '@smm/domain';
import type { AuditLogFiltersResponse, AuditLogQuery, AuditLogResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { auditAdminRepository, type AuditFilter } from './audit-admin.repository';

const PAGE_SIZE = 50;
/** Who an entry without an operator shows as. */
const SYSTEM_OPERATOR_LABEL = '시스템';

/** The query's Seoul days as instants: `from` at its 00:00 KST, `to` up to (not including) the next day's. */
function filterOf(query: AuditLogQuery): AuditFilter {
  const from = query.from ? parseSeoulDate(query.from) : null;
  const to = query.to ? parseSeoulDate(query.to) : null;
  const operator = query.operator?.trim() || undefined;
  // 시스템 is no login id (ids are ASCII): it names the entries without an operator.
  const system = operator === SYSTEM_OPERATOR_LABEL;
  return {
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    operatorLoginId: system ? undefined : operator,
    systemOnly: system,
    from: from ?? undefined,
    before: to ? addSeoulDays(to, 1) : undefined,
    text: query.q?.trim() || undefined,
  };
}

/** The console's audit log: who did what, when, to what, with before and after. */
export class AuditAdminService {
  constructor(private readonly db: Db) {}

  async list(query: AuditLogQuery): Promise<AuditLogResponse> {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await auditAdminRepository.page(this.db, filterOf(query), PAGE_SIZE, offset);
    return {
      items: rows.map(({ entry, operatorLoginId }) => ({
        id: entry.id,
        // No operator: the system's own action, the catalog sync (docs/ARCHITECTURE.md#catalog-sync).
        operatorLoginId: operatorLoginId ?? SYSTEM_OPERATOR_LABEL,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before,
        after: entry.after,
        memo: entry.memo,
        createdAt: entry.createdAt.toISOString(),
      })),
      page: query.page,
      pageSize: PAGE_SIZE,
      total,
    };
  }

  /** The filter dropdowns' choices, from what the log actually holds (so no action is ever missing). */
  async filterChoices(): Promise<AuditLogFiltersResponse> {
    const { hasSystemEntries, ...choices } = await auditAdminRepository.filterChoices(this.db);
    return {
      ...choices,
      operators: hasSystemEntries ? [...choices.operators, SYSTEM_OPERATOR_LABEL] : choices.operators,
    };
  }
}
