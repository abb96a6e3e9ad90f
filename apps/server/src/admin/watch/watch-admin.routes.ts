import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';
import { adminApi } from '@smm/domain/endpoints';
import { route } from '../../http/route';

/** The console's 확인 필요 screen and the dashboard's card. Operators only. */
export function watchAdminRoutes({ watch }: ConsoleServices['watch']): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, adminApi.watch, { config: { auth: 'operator' } }, () => watch.watch());
  };
}
