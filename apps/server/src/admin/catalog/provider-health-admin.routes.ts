import { adminCatalogApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/**
 * The console's provider health (docs/product.md#operator-console): the report, the stop-sending
 * switch (audited, a write of providers/provider-accounts.ts) and the demo's simulator switches.
 * Operators only.
 */
export function providerHealthAdminRoutes(deps: ConsoleServices['providerHealth']): FastifyPluginAsyncZod {
  const { health, providerAccounts: accounts, simulatedProvider } = deps;
  const config = { auth: 'operator' } as const;

  return async (app) => {
    route(app, adminCatalogApi.providerHealth, { config }, () => health.report());
    route(app, adminCatalogApi.setProviderSending, { config }, (request) =>
      accounts.setSendingPaused(accountOf(request).id, request.params.id, request.body.paused),
    );
    // The demo's trouble switches of the built-in simulated provider (this process's only), so an
    // operator can watch the panel react (docs/ARCHITECTURE.md#provider-health).
    route(app, adminCatalogApi.setSimulatedMode, { config }, (request) => {
      simulatedProvider.setMode(request.body);
      return simulatedProvider.mode;
    });
  };
}
