import {
  adminAutoOrdersQuery,
  adminAutoOrdersResponse,
  adminOrdersQuery,
  adminOrdersResponse,
  autoOrderCancelResponse,
  idPathParams,
  orderActionRequest,
  orderActionResponse,
  orderCancelResponse,
  orderPartialRequest,
  adminRefillsQuery,
  adminRefillsResponse,
  refillActionResponse,
  refillRejectRequest,
  refillResendRequest,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import { OperatorOrderActions } from '../../orders/cancellation/operator-actions';
import { OperatorRefillActions } from '../../orders/refills/operator-refill-actions';
import type { AdminDeps } from '../admin-deps';
import { OrdersAdminService } from './orders-admin.service';

/**
 * The console's orders screens' calls. Operators only: every route declares `config: { auth: 'operator' }`.
 * The lists are this folder's read model; the actions are the orders domain's (orders/operator-actions).
 */
export function ordersAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const orders = new OrdersAdminService(deps.db);
  const actions = new OperatorOrderActions(deps.db, deps.services.providers, deps.services.clock);
  const refillActions = new OperatorRefillActions(deps.db, deps.services.clock);
  return async (app) => {
    const operator = { auth: 'operator' } as const;

    app.get(
      '/admin/api/orders',
      {
        config: operator,
        schema: { querystring: adminOrdersQuery, response: { 200: adminOrdersResponse } },
      },
      (request) => orders.orders(request.query),
    );
    app.get(
      '/admin/api/auto-orders',
      {
        config: operator,
        schema: { querystring: adminAutoOrdersQuery, response: { 200: adminAutoOrdersResponse } },
      },
      (request) => orders.autoOrders(request.query),
    );

    app.post(
      '/admin/api/orders/:id/resend',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: orderActionRequest,
          response: { 200: orderActionResponse },
        },
      },
      (request) => actions.resend(accountOf(request).id, request.params.id, request.body.memo),
    );
    app.post(
      '/admin/api/orders/:id/cancel',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: orderActionRequest,
          response: { 200: orderCancelResponse },
        },
      },
      (request) => actions.cancel(accountOf(request).id, request.params.id, request.body.memo),
    );
    app.post(
      '/admin/api/orders/:id/force-refund',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: orderActionRequest,
          response: { 200: orderCancelResponse },
        },
      },
      (request) => actions.forceRefund(accountOf(request).id, request.params.id, request.body.memo),
    );
    app.post(
      '/admin/api/orders/:id/refill',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: orderActionRequest,
          response: { 200: refillActionResponse },
        },
      },
      (request) => refillActions.request(accountOf(request).id, request.params.id, request.body.memo),
    );
    app.post(
      '/admin/api/orders/:id/partial',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: orderPartialRequest,
          response: { 200: orderActionResponse },
        },
      },
      (request) =>
        actions.partial(accountOf(request).id, request.params.id, request.body.remains, request.body.memo),
    );
    app.post(
      '/admin/api/auto-orders/:id/cancel',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: orderActionRequest,
          response: { 200: autoOrderCancelResponse },
        },
      },
      (request) => actions.cancelAutoOrder(accountOf(request).id, request.params.id, request.body.memo),
    );

    app.get(
      '/admin/api/refills',
      {
        config: operator,
        schema: { querystring: adminRefillsQuery, response: { 200: adminRefillsResponse } },
      },
      (request) => orders.refills(request.query),
    );
    app.post(
      '/admin/api/refills/:id/resend',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: refillResendRequest,
          response: { 200: refillActionResponse },
        },
      },
      (request) => refillActions.resend(accountOf(request).id, request.params.id, request.body.memo),
    );
    app.post(
      '/admin/api/refills/:id/reject',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: refillRejectRequest,
          response: { 200: refillActionResponse },
        },
      },
      (request) => refillActions.reject(accountOf(request).id, request.params.id, request.body.memo),
    );
  };
}
