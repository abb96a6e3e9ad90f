import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';

/** The console's catalog screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function catalogAdminRoutes(_deps: AdminDeps): FastifyPluginAsyncZod {
  return async () => {};
}
