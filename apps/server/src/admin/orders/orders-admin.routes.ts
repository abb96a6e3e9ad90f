import { adminOrdersApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';
import { operatorAction } from '../operator-action';

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

    operatorAction(app, adminOrdersApi.resendOrder, (by, { id }, { memo }) => actions.resend(by, id, memo));
    operatorAction(app, adminOrdersApi.cancelOrder, (by, { id }, { memo }) => actions.cancel(by, id, memo));
    operatorAction(app, adminOrdersApi.forceRefundOrder, (by, { id }, { memo }) =>
      actions.forceRefund(by, id, memo),
    );
    operatorAction(app, adminOrdersApi.requestOrderRefill, (by, { id }, { memo }) =>
      refillActions.request(by, id, memo),
    );
    operatorAction(app, adminOrdersApi.markOrderPartial, (by, { id }, { remains, memo }) =>
      actions.partial(by, id, remains, memo),
    );
    operatorAction(app, adminOrdersApi.cancelAutoOrder, (by, { id }, { memo }) =>
      actions.cancelAutoOrder(by, id, memo),
    );

    route(app, adminOrdersApi.refills, { config: operator }, (request) => orders.refills(request.query));
    operatorAction(app, adminOrdersApi.resendRefill, (by, { id }, { memo }) =>
      refillActions.resend(by, id, memo),
    );
    operatorAction(app, adminOrdersApi.rejectRefill, (by, { id }, { memo }) =>
      refillActions.reject(by, id, memo),
    );
  };
}
