import type { AuditLogQuery, AuditLogResponse } from '@smm/domain/contract';
import { auditLogRepository } from '../../audit/audit-log.repository';
import type { Db } from '../../db/database';

const PAGE_SIZE = 50;

/** The console's audit log: who did what, when, to what, with before and after. */
export class AuditAdminService {
  constructor(private readonly db: Db) {}

  async list(query: AuditLogQuery): Promise<AuditLogResponse> {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await auditLogRepository.page(this.db, query, PAGE_SIZE, offset);
    return {
      items: rows.map(({ entry, operatorLoginId }) => ({
        id: entry.id,
        operatorLoginId,
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
}
