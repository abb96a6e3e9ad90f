import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The console's orders screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function ordersAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
