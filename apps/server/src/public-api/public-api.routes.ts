import {
  publicOrderRequest,
  publicOrderResponse,
  publicServicesResponse,
  publicStatusParams,
  publicStatusResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import { sendCachedJson } from '../http/send-cached';
import type { PublicApiService } from './public-api.service';

const tags = ['REST'];
const security = [{ apiKey: [] }];

/** The REST calls of docs/product.md#public-api under /api, authenticated by the `api-key` header. */
export function publicApiRoutes(api: PublicApiService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/services',
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary: 'Services that can be ordered',
          response: { 200: publicServicesResponse },
        },
      },
      async (_request, reply) => sendCachedJson(reply, await api.restServicesJson()),
    );

    app.post(
      '/api/order',
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary: 'Place an order (the same rules, debit and ledger as an order on the site)',
          body: publicOrderRequest,
          response: { 200: publicOrderResponse },
        },
      },
      (request) => {
        const key = request.headers['idempotency-key'];
        return api.placeRestOrder(
          accountOf(request),
          request.body,
          typeof key === 'string' ? key : undefined,
        );
      },
    );

    app.get(
      '/api/status/:wId',
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary: "One of the caller's orders: status and undelivered units",
          params: publicStatusParams,
          response: { 200: publicStatusResponse },
        },
      },
      (request) => api.restStatus(accountOf(request), request.params.wId),
    );
  };
}
