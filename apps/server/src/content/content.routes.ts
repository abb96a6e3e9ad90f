import { noticesResponse, popupsResponse, qnasResponse, registerWheresResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../http/send-cached';
import type { ContentService } from './content.service';

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/service/register-where',
      { schema: { response: { 200: registerWheresResponse } } },
      async (_, reply) => sendCachedJson(reply, await content.registerWheresJson()),
    );
    app.get('/service/notices', { schema: { response: { 200: noticesResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await content.noticesJson()),
    );
    app.get('/service/qnas', { schema: { response: { 200: qnasResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await content.qnasJson()),
    );
    app.get('/service/popup', { schema: { response: { 200: popupsResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await content.popupsJson()),
    );
  };
}
