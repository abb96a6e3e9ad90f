import { adminWatchResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';

/** The console's 확인 필요 screen and the dashboard's card. Operators only. */
export function watchAdminRoutes({ watch }: ConsoleServices['watch']): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/api/watch',
      { config: { auth: 'operator' }, schema: { response: { 200: adminWatchResponse } } },
      () => watch.watch(),
    );
  };
}
