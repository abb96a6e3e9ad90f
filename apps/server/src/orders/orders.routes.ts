import { ORDER_REQUEST_MAX_BYTES } from '@smm/domain';
import {
  autoOrderHistoryResponse,
  cancelAutoOrderResponse,
  cancelOrderResponse,
  historyQuery,
  orderHistoryResponse,
  orderPathParams,
  orderRefillsResponse,
  placeOrderRequest,
  placeOrderResponse,
  requestRefillResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { MemberCancellation } from './cancellation/cancel-order.workflow';
import type { OrdersService } from './orders.service';
import type { RefillRequests } from './refills/request-refill.workflow';
import { presentRefill } from './refills/refills.presenter';

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/service/order',
      {
        // A Custom Comments order carries its comments: docs/product.md#service-types.
        bodyLimit: ORDER_REQUEST_MAX_BYTES,
        config: { auth: 'member' },
        schema: { body: placeOrderRequest, response: { 200: placeOrderResponse } },
      },
      (request) => {
        const key = request.headers['idempotency-key'];
        return orders.placeOrder(
          accountOf(request).id,
          request.body,
          typeof key === 'string' ? key : undefined,
        );
      },
    );
    app.get(
      '/service/order-history',
      {
        config: { auth: 'member' },
        schema: { querystring: historyQuery, response: { 200: orderHistoryResponse } },
      },
      (request) => orders.orderHistory(accountOf(request).id, request.query),
    );
    app.get(
      '/service/auto-order-history',
      {
        config: { auth: 'member' },
        schema: { querystring: historyQuery, response: { 200: autoOrderHistoryResponse } },
      },
      (request) => orders.autoOrderHistory(accountOf(request).id, request.query),
    );
  };
}

/** A member's refills of their own orders (docs/product.md#refill-and-cancellation). */
export function orderRefillRoutes(refills: RefillRequests): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/service/order/:id/refill',
      {
        config: { auth: 'member' },
        schema: { params: orderPathParams, response: { 200: requestRefillResponse } },
      },
      async (request) => ({
        refill: presentRefill(await refills.request(accountOf(request).id, request.params.id, 'member')),
      }),
    );
    app.get(
      '/service/order/:id/refills',
      {
        config: { auth: 'member' },
        schema: { params: orderPathParams, response: { 200: orderRefillsResponse } },
      },
      async (request) =>
        (await refills.listForOrder(accountOf(request).id, request.params.id)).map(presentRefill),
    );
  };
}

/**
 * A member's cancellation of their own orders and auto-orders (docs/product.md#refill-and-cancellation):
 * refusals are 409 ORDER_CANCEL_REFUSED with the Korean reason; another member's id is a 404.
 */
export function orderCancelRoutes(cancellation: MemberCancellation): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/service/order/:id/cancel',
      {
        config: { auth: 'member' },
        schema: { params: orderPathParams, response: { 200: cancelOrderResponse } },
      },
      (request) => cancellation.cancelOrderForMember(accountOf(request).id, request.params.id),
    );
    app.post(
      '/service/auto-order/:id/cancel',
      {
        config: { auth: 'member' },
        schema: { params: orderPathParams, response: { 200: cancelAutoOrderResponse } },
      },
      (request) => cancellation.cancelAutoOrderForMember(accountOf(request).id, request.params.id),
    );
  };
}
