import {
  autoOrderHistoryResponse,
  historyQuery,
  orderHistoryResponse,
  placeOrderRequest,
  placeOrderResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { OrdersService } from './orders.service';

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/service/order',
      {
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
