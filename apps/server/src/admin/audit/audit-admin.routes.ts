import { auditLogFiltersResponse, auditLogQuery, auditLogResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';

/** The console's audit log screen. Operators only. */
export function auditAdminRoutes({ audit }: ConsoleServices['audit']): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/api/audit-log',
      {
        config: { auth: 'operator' },
        schema: { querystring: auditLogQuery, response: { 200: auditLogResponse } },
      },
      (request) => audit.list(request.query),
    );

    app.get(
      '/admin/api/audit-log/actions',
      {
        config: { auth: 'operator' },
        schema: { response: { 200: auditLogFiltersResponse } },
      },
      () => audit.filterChoices(),
    );
  };
}
