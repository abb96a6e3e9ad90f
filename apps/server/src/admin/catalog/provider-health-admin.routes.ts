import {
  catalogIdParams,
  providerHealthResponse,
  providerMutationResponse,
  providerSendingRequest,
  simulatedModeRequest,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';

/**
 * The console's provider health (docs/product.md#operator-console): the report, the stop-sending
 * switch (audited, a write of providers/provider-accounts.ts) and the demo's simulator switches.
 * Operators only.
 */
export function providerHealthAdminRoutes(deps: ConsoleServices['providerHealth']): FastifyPluginAsyncZod {
  const { health, providerAccounts: accounts, simulatedProvider } = deps;
  const config = { auth: 'operator' } as const;

  return async (app) => {
    app.get(
      '/admin/api/provider-health',
      { config, schema: { response: { 200: providerHealthResponse } } },
      () => health.report(),
    );
    app.put(
      '/admin/api/providers/:id/sending',
      {
        config,
        schema: {
          params: catalogIdParams,
          body: providerSendingRequest,
          response: { 200: providerMutationResponse },
        },
      },
      (request) => accounts.setSendingPaused(accountOf(request).id, request.params.id, request.body.paused),
    );
    // The demo's trouble switches of the built-in simulated provider (this process's only), so an
    // operator can watch the panel react (docs/ARCHITECTURE.md#provider-health).
    app.put(
      '/admin/api/simulated-provider/mode',
      { config, schema: { body: simulatedModeRequest, response: { 200: simulatedModeRequest } } },
      (request) => {
        simulatedProvider.setMode(request.body);
        return simulatedProvider.mode;
      },
    );
  };
}
