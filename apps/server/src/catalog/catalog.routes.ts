import { siteApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../http/send-cached';
import type { CatalogService } from './catalog.service';
import { route } from '../http/route';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, siteApi.platforms, {}, async (_, reply) =>
      sendCachedJson(reply, await catalog.platformsJson()),
    );
    // 'categorys' is the path the member API fixes (docs/product.md#member-api).
    route(app, siteApi.categories, {}, async (_, reply) =>
      sendCachedJson(reply, await catalog.categoriesJson()),
    );
    route(app, siteApi.services, {}, async (_, reply) => sendCachedJson(reply, await catalog.servicesJson()));
  };
}
