import { siteApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../http/send-cached';
import type { ContentService } from './content.service';
import { route } from '../http/route';

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, siteApi.registerWheres, {}, async (_, reply) =>
      sendCachedJson(reply, await content.registerWheresJson()),
    );
    route(app, siteApi.notices, {}, async (_, reply) => sendCachedJson(reply, await content.noticesJson()));
    route(app, siteApi.qnas, {}, async (_, reply) => sendCachedJson(reply, await content.qnasJson()));
    route(app, siteApi.popups, {}, async (_, reply) => sendCachedJson(reply, await content.popupsJson()));
  };
}
