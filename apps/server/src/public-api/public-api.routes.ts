import {
  publicCancelParams,
  publicCancelResponse,
  publicOrderRequest,
  publicOrderResponse,
  publicRefillParams,
  publicRefillResponse,
  publicRefillStatusParams,
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

    app.post(
      '/api/refill/:wId',
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary:
            "Ask for a refill of one of the caller's completed or partial orders (the site's rules: refillable " +
            'service, within its window, one open refill and one request a day per order)',
          params: publicRefillParams,
          response: { 200: publicRefillResponse },
        },
      },
      (request) => api.restRefill(accountOf(request), request.params.wId),
    );

    app.get(
      '/api/refill/:refillId',
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary:
            "One of the caller's refills: Pending, In progress, Completed or Rejected (with the reason)",
          params: publicRefillStatusParams,
          response: { 200: publicRefillResponse },
        },
      },
      (request) => api.restRefillStatus(accountOf(request), request.params.refillId),
    );

    app.post(
      '/api/cancel/:wId',
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary:
            "Cancel one of the caller's open orders or auto-orders: refunded now if not yet at its provider, " +
            'else asked of the provider (refunded when it reports Canceled or Partial)',
          params: publicCancelParams,
          response: { 200: publicCancelResponse },
        },
      },
      (request) => api.restCancel(accountOf(request), request.params.wId),
    );
  };
}
