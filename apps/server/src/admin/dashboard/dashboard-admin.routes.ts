import { adminDashboardResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';

/** The console's dashboard screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function dashboardAdminRoutes({ dashboard }: ConsoleServices['dashboard']): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/api/dashboard',
      {
        config: { auth: 'operator' },
        schema: { response: { 200: adminDashboardResponse } },
      },
      () => dashboard.dashboard(),
    );
  };
}
