import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';
import { AuditAdminService } from './audit-admin.service';
import { route } from '../../http/route';

/** The console's audit log screen. Operators only. */
export function auditAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const audit = new AuditAdminService(deps.db);
  return async (app) => {
    route(app, adminApi.auditLog, { config: { auth: 'operator' } }, (request) => audit.list(request.query));

    route(app, adminApi.auditLogFilters, { config: { auth: 'operator' } }, () => audit.filterChoices());
  };
}
