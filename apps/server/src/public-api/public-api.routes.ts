import { ORDER_REQUEST_MAX_BYTES } from '@smm/domain';
import { errorBody } from '@smm/domain/contract';
import { publicRestApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiAccountOf } from '../auth/guards';
import { sendCachedJson } from '../http/send-cached';
import type { PublicApiService } from './public-api.service';
import { route } from '../http/route';

const tags = ['REST'];
const security = [{ apiKey: [] }];

/**
 * The 4xx answers the REST calls give, each `{ message, code }` (the error catalog's code and its
 * Korean sentence), declared so /api/openapi.json documents them (docs/ARCHITECTURE.md#public-api).
 */
const refusal = (description: string) => errorBody.describe(description);
const badRequest = refusal('BAD_REQUEST: a parameter or body field is missing or malformed');
const unauthorized = refusal('API_KEY_INVALID: no `api-key` header, or not a key of any account');
const tooManyRequests = refusal(
  "TOO_MANY_REQUESTS: over the per-minute limit of the key's account, or TOO_MANY_INVALID_API_KEYS: " +
    'too many unknown keys from the address; Retry-After says when to try again',
);
const orderNotFound = refusal("ORDER_NOT_FOUND: not one of the caller's orders or auto-orders");
const authErrors = { 401: unauthorized, 429: tooManyRequests };

/** The REST calls of docs/product.md#public-api under /api, authenticated by the `api-key` header. */
export function publicApiRoutes(api: PublicApiService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      publicRestApi.services,
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          operationId: 'listServices',
          summary: "Services that can be ordered, at the key's member's prices (grade, custom rates)",
          response: { ...authErrors },
        },
      },
      async (request, reply) => sendCachedJson(reply, await api.restServicesJson(apiAccountOf(request))),
    );

    route(
      app,
      publicRestApi.order,
      {
        // A Custom Comments order carries its comments: docs/product.md#service-types.
        bodyLimit: ORDER_REQUEST_MAX_BYTES,
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary: 'Place an order (the same rules, debit and ledger as an order on the site)',
          operationId: 'placeOrder',
          response: {
            400: refusal("BAD_REQUEST or ORDER_INVALID: a malformed body, or the order rules' refusal"),
            ...authErrors,
            409: refusal(
              'INSUFFICIENT_POINTS: the balance does not cover the price, or ORDER_OVERLAP: an open order ' +
                'of this service for this link already exists',
            ),
            413: refusal('PAYLOAD_TOO_LARGE: a body over 2 MiB'),
            415: refusal('BAD_REQUEST: a body in a content type the server does not read (send JSON)'),
            422: refusal('IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was sent with a different order'),
          },
        },
      },
      (request) => {
        const key = request.headers['idempotency-key'];
        return api.placeRestOrder(
          apiAccountOf(request),
          request.body,
          typeof key === 'string' ? key : undefined,
        );
      },
    );

    route(
      app,
      publicRestApi.status,
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary: "One of the caller's orders: status and undelivered units",
          operationId: 'getOrderStatus',
          response: { 400: badRequest, ...authErrors, 404: orderNotFound },
        },
      },
      (request) => api.restStatus(apiAccountOf(request), request.params.wId),
    );

    route(
      app,
      publicRestApi.refill,
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary:
            "Ask for a refill of one of the caller's completed or partial orders (the site's rules: refillable " +
            'service, within its window, one open refill and one request a day per order)',
          operationId: 'requestRefill',
          response: {
            400: badRequest,
            ...authErrors,
            404: orderNotFound,
            409: refusal("REFILL_REFUSED: the refill rules' refusal, in the message"),
          },
        },
      },
      (request) => api.restRefill(apiAccountOf(request), request.params.wId),
    );

    route(
      app,
      publicRestApi.refillStatus,
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary:
            "One of the caller's refills: Pending, In progress, Completed or Rejected (with the reason)",
          operationId: 'getRefill',
          response: {
            400: badRequest,
            ...authErrors,
            404: refusal("NOT_FOUND: not one of the caller's refills"),
          },
        },
      },
      (request) => api.restRefillStatus(apiAccountOf(request), request.params.refillId),
    );

    route(
      app,
      publicRestApi.cancel,
      {
        config: { auth: 'apiKey' },
        schema: {
          tags,
          security,
          summary:
            "Cancel one of the caller's open orders or auto-orders: refunded now if not yet at its provider, " +
            'else asked of the provider (refunded when it reports Canceled or Partial)',
          operationId: 'cancelOrder',
          response: {
            400: badRequest,
            ...authErrors,
            404: orderNotFound,
            409: refusal(
              "ORDER_CANCEL_REFUSED: the cancellation rules' or the provider's refusal, in the message",
            ),
          },
        },
      },
      (request) => api.restCancel(apiAccountOf(request), request.params.wId),
    );
  };
}
