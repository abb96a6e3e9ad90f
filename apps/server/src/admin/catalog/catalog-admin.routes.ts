import { adminCatalogApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/**
 * The console's catalog: providers (masked keys, balance check, services list, import with a markup),
 * platforms, categories and services with their order. Operators only: every route declares
 * `config: { auth: 'operator' }`. Every write is audited and reaches the member site at once.
 * The lists and the provider reads are this folder's read models; the writes belong to the folders
 * that own the rows: CatalogEditor and ProviderServicesImport (catalog/), ProviderAccounts
 * (providers/).
 */
export function catalogAdminRoutes(deps: ConsoleServices['catalog']): FastifyPluginAsyncZod {
  const { catalog, editor, providers, providerAccounts, providerImport } = deps;
  const config = { auth: 'operator' } as const;

  return async (app) => {
    // ── providers ──
    route(app, adminCatalogApi.providers, { config }, () => providers.list());
    route(app, adminCatalogApi.createProvider, { config }, (request) =>
      providerAccounts.create(accountOf(request).id, request.body),
    );
    route(app, adminCatalogApi.updateProvider, { config }, (request) =>
      providerAccounts.update(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminCatalogApi.enableProvider, { config }, (request) =>
      providerAccounts.setEnabled(accountOf(request).id, request.params.id, true),
    );
    route(app, adminCatalogApi.disableProvider, { config }, (request) =>
      providerAccounts.setEnabled(accountOf(request).id, request.params.id, false),
    );
    route(app, adminCatalogApi.checkProviderBalance, { config }, (request) =>
      providers.checkBalance(request.params.id),
    );
    route(app, adminCatalogApi.providerServices, { config }, (request) =>
      providers.services(request.params.id),
    );
    route(app, adminCatalogApi.importProviderServices, { config }, (request) =>
      providerImport.import(accountOf(request).id, request.params.id, request.body),
    );

    // ── platforms ──
    route(app, adminCatalogApi.platforms, { config }, () => catalog.listPlatforms());
    route(app, adminCatalogApi.createPlatform, { config }, (request) =>
      editor.createPlatform(accountOf(request).id, request.body),
    );
    // Registered before '/:id' so 'order' is never read as an id.
    route(app, adminCatalogApi.reorderPlatforms, { config }, (request) =>
      editor.reorderPlatforms(accountOf(request).id, request.body.ids),
    );
    route(app, adminCatalogApi.updatePlatform, { config }, (request) =>
      editor.updatePlatform(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminCatalogApi.deletePlatform, { config }, (request) =>
      editor.deletePlatform(accountOf(request).id, request.params.id),
    );
    route(app, adminCatalogApi.reorderCategories, { config }, (request) =>
      editor.reorderCategories(accountOf(request).id, request.params.id, request.body.ids),
    );

    // ── categories ──
    route(app, adminCatalogApi.categories, { config }, () => catalog.listCategories());
    route(app, adminCatalogApi.createCategory, { config }, (request) =>
      editor.createCategory(accountOf(request).id, request.body),
    );
    route(app, adminCatalogApi.updateCategory, { config }, (request) =>
      editor.updateCategory(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminCatalogApi.deleteCategory, { config }, (request) =>
      editor.deleteCategory(accountOf(request).id, request.params.id),
    );
    route(app, adminCatalogApi.reorderServices, { config }, (request) =>
      editor.reorderServices(accountOf(request).id, request.params.id, request.body.ids),
    );

    // ── services ──
    route(app, adminCatalogApi.services, { config }, () => catalog.listServices());
    route(app, adminCatalogApi.createService, { config }, (request) =>
      editor.createService(accountOf(request).id, request.body),
    );
    route(app, adminCatalogApi.updateService, { config }, (request) =>
      editor.updateService(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminCatalogApi.deleteService, { config }, (request) =>
      editor.deleteService(accountOf(request).id, request.params.id),
    );
  };
}
