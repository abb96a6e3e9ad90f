import { categoriesResponse, platformsResponse, servicesResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../http/send-cached';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/service/platforms', { schema: { response: { 200: platformsResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await catalog.platformsJson()),
    );
    // 'categorys' is the path the member API fixes (docs/product.md#member-api).
    app.get('/service/categorys', { schema: { response: { 200: categoriesResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await catalog.categoriesJson()),
    );
    app.get('/service/services', { schema: { response: { 200: servicesResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await catalog.servicesJson()),
    );
  };
}
