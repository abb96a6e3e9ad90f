import { adminOrdersApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/**
 * The console's orders screens' calls. Operators only: every route declares `config: { auth: 'operator' }`.
 * The lists are this folder's read model; the actions are the orders domain's (orders/operator-actions).
 */
export function ordersAdminRoutes(deps: ConsoleServices['orders']): FastifyPluginAsyncZod {
  const { orders, actions, refillActions } = deps;
  return async (app) => {
    const operator = { auth: 'operator' } as const;

    route(app, adminOrdersApi.orders, { config: operator }, (request) => orders.orders(request.query));
    route(app, adminOrdersApi.autoOrders, { config: operator }, (request) =>
      orders.autoOrders(request.query),
    );

    route(app, adminOrdersApi.resendOrder, { config: operator }, (request) =>
      actions.resend(accountOf(request).id, request.params.id, request.body.memo),
    );
    route(app, adminOrdersApi.cancelOrder, { config: operator }, (request) =>
      actions.cancel(accountOf(request).id, request.params.id, request.body.memo),
    );
    route(app, adminOrdersApi.forceRefundOrder, { config: operator }, (request) =>
      actions.forceRefund(accountOf(request).id, request.params.id, request.body.memo),
    );
    route(app, adminOrdersApi.requestOrderRefill, { config: operator }, (request) =>
      refillActions.request(accountOf(request).id, request.params.id, request.body.memo),
    );
    route(app, adminOrdersApi.markOrderPartial, { config: operator }, (request) =>
      actions.partial(accountOf(request).id, request.params.id, request.body.remains, request.body.memo),
    );
    route(app, adminOrdersApi.cancelAutoOrder, { config: operator }, (request) =>
      actions.cancelAutoOrder(accountOf(request).id, request.params.id, request.body.memo),
    );

    route(app, adminOrdersApi.refills, { config: operator }, (request) => orders.refills(request.query));
    route(app, adminOrdersApi.resendRefill, { config: operator }, (request) =>
      refillActions.resend(accountOf(request).id, request.params.id, request.body.memo),
    );
    route(app, adminOrdersApi.rejectRefill, { config: operator }, (request) =>
      refillActions.reject(accountOf(request).id, request.params.id, request.body.memo),
    );
  };
}
