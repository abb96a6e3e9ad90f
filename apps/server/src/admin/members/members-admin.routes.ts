import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The console's members screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function membersAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
