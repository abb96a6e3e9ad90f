import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The console's dashboard screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function dashboardAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
