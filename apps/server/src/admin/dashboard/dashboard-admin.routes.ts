import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/** The console's dashboard screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function dashboardAdminRoutes({ dashboard }: ConsoleServices['dashboard']): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, adminApi.dashboard, { config: { auth: 'operator' } }, () => dashboard.dashboard());
  };
}
