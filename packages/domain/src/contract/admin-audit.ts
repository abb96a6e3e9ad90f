import { z } from 'zod';
import { parseSeoulDate } from '../admin-dashboard';
import { page, pageNumber, pathText } from './common';

/** A Seoul calendar day written yyyy-MM-dd (a date input's value); anything else is a 400. */
const seoulDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => parseSeoulDate(value) !== null, 'not a calendar date');

/**
 * GET /admin/api/audit-log — every operator action, newest first, filterable: by action, target type
 * and exact target id; by operator (login id, any case); by Seoul days `from`–`to` (both inclusive);
 * and `q`, which finds text inside the target id or the memo (any case; % and _ are literal).
 */
export const auditLogQuery = z.object({
  action: pathText(60).optional(),
  targetType: pathText(60).optional(),
  targetId: pathText(60).optional(),
  operator: pathText(60).optional(),
  from: seoulDate.optional(),
  to: seoulDate.optional(),
  q: pathText(100).optional(),
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

/** GET /admin/api/audit-log/actions — what the log's filters can choose from: values present in the log. */
export const auditLogFiltersResponse = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
  operators: z.array(z.string()),
});
export type AuditLogFiltersResponse = z.infer<typeof auditLogFiltersResponse>;
