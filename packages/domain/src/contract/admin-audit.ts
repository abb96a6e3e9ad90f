import { z } from 'zod';
import { page, pageNumber, pathText } from './common';

/** GET /admin/api/audit-log — every operator action, newest first, filterable. */
export const auditLogQuery = z.object({
  action: pathText(60).optional(),
  targetType: pathText(60).optional(),
  targetId: pathText(60).optional(),
  page: pageNumber,
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogItem = z.object({
  id: z.number().int(),
  operatorLoginId: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  memo: z.string(),
  createdAt: z.string(),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;
export const auditLogResponse = page(auditLogItem);
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
