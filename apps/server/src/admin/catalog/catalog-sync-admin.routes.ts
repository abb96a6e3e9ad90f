import { type SyncNowResponse } from '@smm/domain/contract';
import { adminCatalogApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import { SIMULATED_SERVICES } from '../../providers/simulated-provider';
import type { SyncOutcome } from '../../catalog/catalog-sync';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

function answerOf(outcome: SyncOutcome): SyncNowResponse {
  if (outcome.status === 'ok') {
    const { changes, stopped, resumed, unmapped } = outcome;
    return { status: 'ok', changes, stopped, resumed, unmapped };
  }
  if (outcome.status === 'failed' || outcome.status === 'suspicious') {
    return { status: outcome.status, error: outcome.error };
  }
  return { status: 'busy' };
}

/**
 * The console's catalog sync (docs/product.md#operator-console): the report, 지금 동기화, a
 * provider's sync settings and the exchange rates. Operators only. The sync and its settings belong to
 * catalog/ (catalog-sync.ts, catalog-sync-console.ts); these routes only call them.
 */
export function catalogSyncAdminRoutes(deps: ConsoleServices['catalogSync']): FastifyPluginAsyncZod {
  const { syncConsole, catalogSync, simulatedProvider } = deps;
  const config = { auth: 'operator' } as const;

  return async (app) => {
    route(app, adminCatalogApi.catalogSync, { config }, () => syncConsole.report());
    route(app, adminCatalogApi.syncProvider, { config }, async (request): Promise<SyncNowResponse> =>
      answerOf(await catalogSync.syncProvider(request.params.id, 'operator')),
    );
    // 적용: the operator checked that a listing held as suspicious is real (docs/ARCHITECTURE.md#catalog-sync).
    route(app, adminCatalogApi.applySuspiciousSync, { config }, async (request): Promise<SyncNowResponse> =>
      answerOf(
        await syncConsole.applySuspicious(accountOf(request).id, request.params.id, (id) =>
          catalogSync.syncProvider(id, 'operator', { acceptSuspicious: true }),
        ),
      ),
    );
    route(app, adminCatalogApi.saveSyncSettings, { config }, (request) =>
      syncConsole.saveSettings(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminCatalogApi.saveExchangeRates, { config }, (request) =>
      syncConsole.setExchangeRate(accountOf(request).id, request.body),
    );
    // The demo's control of the built-in simulated provider, so an operator can watch a sync react
    // (docs/ARCHITECTURE.md#catalog-sync). It touches only that in-process simulator.
    route(app, adminCatalogApi.setSimulatedListing, { config }, (request) => {
      const { action, rate, currency } = request.body;
      const sim = simulatedProvider;
      const id = request.params.id;
      if (action === 'currency') sim.setCurrency(currency ?? null);
      else if (action === 'empty') sim.setListingEmpty(true);
      else if (action === 'lose-most') {
        for (const entry of SIMULATED_SERVICES)
          if (entry.service !== id) sim.setListing(entry.service, 'gone');
      } else if (action === 'restore-all') {
        sim.setListingEmpty(false);
        for (const entry of SIMULATED_SERVICES) sim.setListing(entry.service, null);
      } else {
        sim.setListing(
          id,
          action === 'drop' ? 'gone' : action === 'restore' || rate === undefined ? null : { rate },
        );
      }
      return { ok: true };
    });
  };
}
