import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';
import { DashboardService } from './dashboard.service';
import { route } from '../../http/route';

/** How long the dashboard waits for a provider's balance: a slow provider must not hold the screen. */
const BALANCE_TIMEOUT_MS = 3000;

/** The console's dashboard screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function dashboardAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const dashboard = new DashboardService(deps.db, deps.services.clock, deps.services.providers, {
    balanceTimeoutMs: BALANCE_TIMEOUT_MS,
  });
  return async (app) => {
    route(app, adminApi.dashboard, { config: { auth: 'operator' } }, () => dashboard.dashboard());
  };
}
