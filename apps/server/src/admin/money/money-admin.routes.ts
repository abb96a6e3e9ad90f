import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The console's money screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function moneyAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
