import { adminCatalogApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import { ProviderAccounts } from '../../providers/provider-accounts';
import type { AdminDeps } from '../admin-deps';
import { ProviderHealthAdminService } from './provider-health-admin.service';
import { route } from '../../http/route';

/**
 * The console's provider health (docs/product.md#operator-console): the report, the stop-sending
 * switch (audited, a write of providers/provider-accounts.ts) and the demo's simulator switches.
 * Operators only.
 */
export function providerHealthAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const { db, services } = deps;
  const health = new ProviderHealthAdminService(
    db,
    services.clock,
    services.providerHealth,
    services.simulatedProvider,
    services.providerHealth.balanceSampleMinutes,
  );
  const accounts = new ProviderAccounts(db, services.providers, services.catalog);
  const config = { auth: 'operator' } as const;

  return async (app) => {
    route(app, adminCatalogApi.providerHealth, { config }, () => health.report());
    route(app, adminCatalogApi.setProviderSending, { config }, (request) =>
      accounts.setSendingPaused(accountOf(request).id, request.params.id, request.body.paused),
    );
    // The demo's trouble switches of the built-in simulated provider (this process's only), so an
    // operator can watch the panel react (docs/ARCHITECTURE.md#provider-health).
    route(app, adminCatalogApi.setSimulatedMode, { config }, (request) => {
      services.simulatedProvider.setMode(request.body);
      return services.simulatedProvider.mode;
    });
  };
}
