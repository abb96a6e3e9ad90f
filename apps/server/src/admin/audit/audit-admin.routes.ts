import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/** The console's audit log screen. Operators only. */
export function auditAdminRoutes({ audit }: ConsoleServices['audit']): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, adminApi.auditLog, { config: { auth: 'operator' } }, (request) => audit.list(request.query));

    route(app, adminApi.auditLogFilters, { config: { auth: 'operator' } }, () => audit.filterChoices());
  };
}
