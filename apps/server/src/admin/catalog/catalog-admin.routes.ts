import {
  adminCategoriesResponse,
  adminPlatformsResponse,
  adminProvidersResponse,
  adminServicesResponse,
  catalogDeleteResponse,
  catalogIdParams,
  catalogReorderRequest,
  catalogReorderResponse,
  categoryMutationResponse,
  categoryRequest,
  platformMutationResponse,
  platformRequest,
  providerBalanceResponse,
  providerImportRequest,
  providerImportResponse,
  providerMutationResponse,
  providerRequest,
  providerServicesResponse,
  serviceMutationResponse,
  serviceRequest,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';

/**
 * The console's catalogue: providers (masked keys, balance check, services list, import with a markup),
 * platforms, categories and services with their order. Operators only: every route declares
 * `config: { auth: 'operator' }`. Every write is audited and reaches the member site at once.
 * The lists and the provider reads are this folder's read models; the writes belong to the folders
 * that own the rows: CatalogEditor and ProviderServicesImport (catalog/), ProviderAccounts
 * (providers/).
 */
export function catalogAdminRoutes(deps: ConsoleServices['catalog']): FastifyPluginAsyncZod {
  const { catalog, editor, providers, providerAccounts, providerImport } = deps;
  const config = { auth: 'operator' } as const;
  const byId = { params: catalogIdParams };

  return async (app) => {
    // ── providers ──
    app.get('/admin/api/providers', { config, schema: { response: { 200: adminProvidersResponse } } }, () =>
      providers.list(),
    );
    app.post(
      '/admin/api/providers',
      { config, schema: { body: providerRequest, response: { 200: providerMutationResponse } } },
      (request) => providerAccounts.create(accountOf(request).id, request.body),
    );
    app.put(
      '/admin/api/providers/:id',
      { config, schema: { ...byId, body: providerRequest, response: { 200: providerMutationResponse } } },
      (request) => providerAccounts.update(accountOf(request).id, request.params.id, request.body),
    );
    app.post(
      '/admin/api/providers/:id/enable',
      { config, schema: { ...byId, response: { 200: providerMutationResponse } } },
      (request) => providerAccounts.setEnabled(accountOf(request).id, request.params.id, true),
    );
    app.post(
      '/admin/api/providers/:id/disable',
      { config, schema: { ...byId, response: { 200: providerMutationResponse } } },
      (request) => providerAccounts.setEnabled(accountOf(request).id, request.params.id, false),
    );
    app.post(
      '/admin/api/providers/:id/balance-check',
      { config, schema: { ...byId, response: { 200: providerBalanceResponse } } },
      (request) => providers.checkBalance(request.params.id),
    );
    app.get(
      '/admin/api/providers/:id/services',
      { config, schema: { ...byId, response: { 200: providerServicesResponse } } },
      (request) => providers.services(request.params.id),
    );
    app.post(
      '/admin/api/providers/:id/import',
      { config, schema: { ...byId, body: providerImportRequest, response: { 200: providerImportResponse } } },
      (request) => providerImport.import(accountOf(request).id, request.params.id, request.body),
    );

    // ── platforms ──
    app.get('/admin/api/platforms', { config, schema: { response: { 200: adminPlatformsResponse } } }, () =>
      catalog.listPlatforms(),
    );
    app.post(
      '/admin/api/platforms',
      { config, schema: { body: platformRequest, response: { 200: platformMutationResponse } } },
      (request) => editor.createPlatform(accountOf(request).id, request.body),
    );
    // Registered before '/:id' so 'order' is never read as an id.
    app.put(
      '/admin/api/platforms/order',
      { config, schema: { body: catalogReorderRequest, response: { 200: catalogReorderResponse } } },
      (request) => editor.reorderPlatforms(accountOf(request).id, request.body.ids),
    );
    app.put(
      '/admin/api/platforms/:id',
      { config, schema: { ...byId, body: platformRequest, response: { 200: platformMutationResponse } } },
      (request) => editor.updatePlatform(accountOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/admin/api/platforms/:id',
      { config, schema: { ...byId, response: { 200: catalogDeleteResponse } } },
      (request) => editor.deletePlatform(accountOf(request).id, request.params.id),
    );
    app.put(
      '/admin/api/platforms/:id/categories/order',
      { config, schema: { ...byId, body: catalogReorderRequest, response: { 200: catalogReorderResponse } } },
      (request) => editor.reorderCategories(accountOf(request).id, request.params.id, request.body.ids),
    );

    // ── categories ──
    app.get('/admin/api/categories', { config, schema: { response: { 200: adminCategoriesResponse } } }, () =>
      catalog.listCategories(),
    );
    app.post(
      '/admin/api/categories',
      { config, schema: { body: categoryRequest, response: { 200: categoryMutationResponse } } },
      (request) => editor.createCategory(accountOf(request).id, request.body),
    );
    app.put(
      '/admin/api/categories/:id',
      { config, schema: { ...byId, body: categoryRequest, response: { 200: categoryMutationResponse } } },
      (request) => editor.updateCategory(accountOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/admin/api/categories/:id',
      { config, schema: { ...byId, response: { 200: catalogDeleteResponse } } },
      (request) => editor.deleteCategory(accountOf(request).id, request.params.id),
    );
    app.put(
      '/admin/api/categories/:id/services/order',
      { config, schema: { ...byId, body: catalogReorderRequest, response: { 200: catalogReorderResponse } } },
      (request) => editor.reorderServices(accountOf(request).id, request.params.id, request.body.ids),
    );

    // ── services ──
    app.get('/admin/api/services', { config, schema: { response: { 200: adminServicesResponse } } }, () =>
      catalog.listServices(),
    );
    app.post(
      '/admin/api/services',
      { config, schema: { body: serviceRequest, response: { 200: serviceMutationResponse } } },
      (request) => editor.createService(accountOf(request).id, request.body),
    );
    app.put(
      '/admin/api/services/:id',
      { config, schema: { ...byId, body: serviceRequest, response: { 200: serviceMutationResponse } } },
      (request) => editor.updateService(accountOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/admin/api/services/:id',
      { config, schema: { ...byId, response: { 200: catalogDeleteResponse } } },
      (request) => editor.deleteService(accountOf(request).id, request.params.id),
    );
  };
}
