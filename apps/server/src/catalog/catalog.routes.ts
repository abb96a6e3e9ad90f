import { siteApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sendCachedJson } from '../http/send-cached';
import type { CatalogService } from './catalog.service';
import { route } from '../http/route';

/** The signed-in caller's account id from a valid bearer token; null for a guest or any bad token. */
export type OptionalMember = (request: FastifyRequest) => Promise<number | null>;

export function catalogRoutes(catalog: CatalogService, memberOf: OptionalMember): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, siteApi.platforms, {}, async (_, reply) =>
      sendCachedJson(reply, await catalog.platformsJson()),
    );
    // 'categorys' is the path the member API fixes (docs/product.md#member-api).
    route(app, siteApi.categories, {}, async (_, reply) =>
      sendCachedJson(reply, await catalog.categoriesJson()),
    );
    // Public, but a signed-in member sees their own prices (docs/product.md#member-grades-and-custom-rates):
    // the answer depends on the Authorization header, so caches must keep them apart.
    route(app, siteApi.services, {}, async (request, reply) => {
      reply.header('vary', 'Authorization');
      return sendCachedJson(reply, await catalog.servicesJsonFor(await memberOf(request)));
    });
  };
}
