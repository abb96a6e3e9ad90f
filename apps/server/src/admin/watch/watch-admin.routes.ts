import { watchThresholdsFrom } from '@smm/domain';
import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin-deps';
import { WatchService } from './watch.service';
import { route } from '../../http/route';

/** The dashboard's limit for a provider's balance: a slow provider must not hold the screen. */
const BALANCE_TIMEOUT_MS = 3000;
/** The screen refreshes every 30 s; a balance is asked of the provider at most once a minute. */
const BALANCE_CACHE_MS = 60_000;

/** The console's 확인 필요 screen and the dashboard's card. Operators only. */
export function watchAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const watch = new WatchService(
    deps.db,
    deps.services.clock,
    deps.services.providers,
    {
      balanceTimeoutMs: BALANCE_TIMEOUT_MS,
      balanceCacheMs: BALANCE_CACHE_MS,
    },
    async () => watchThresholdsFrom(await deps.services.settings.stored()),
  );
  return async (app) => {
    route(app, adminApi.watch, { config: { auth: 'operator' } }, () => watch.watch());
  };
}
