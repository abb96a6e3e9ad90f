import { ORDER_REQUEST_MAX_BYTES } from '@smm/domain';
import { ordersApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { MemberCancellation } from './cancellation/cancel-order.workflow';
import { route } from '../http/route';
import type { OrdersService } from './orders.service';
import type { RefillRequests } from './refills/request-refill.workflow';
import { presentRefill } from './refills/refills.presenter';

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      ordersApi.place,
      {
        // A Custom Comments order carries its comments: docs/product.md#service-types.
        bodyLimit: ORDER_REQUEST_MAX_BYTES,
        config: { auth: 'member' },
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
    route(
      app,
      ordersApi.massOrder,
      // Up to 500 lines of links: docs/product.md#mass-order.
      { bodyLimit: ORDER_REQUEST_MAX_BYTES, config: { auth: 'member' } },
      (request) => {
        const key = request.headers['idempotency-key'];
        return orders.massOrder(
          accountOf(request).id,
          request.body,
          typeof key === 'string' ? key : undefined,
        );
      },
    );
    route(app, ordersApi.history, { config: { auth: 'member' } }, (request) =>
      orders.orderHistory(accountOf(request).id, request.query),
    );
    route(app, ordersApi.autoHistory, { config: { auth: 'member' } }, (request) =>
      orders.autoOrderHistory(accountOf(request).id, request.query),
    );
  };
}

/** A member's refills of their own orders (docs/product.md#refill-and-cancellation). */
export function orderRefillRoutes(refills: RefillRequests): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ordersApi.requestRefill, { config: { auth: 'member' } }, async (request) => ({
      refill: presentRefill(await refills.request(accountOf(request).id, request.params.id, 'member')),
    }));
    route(app, ordersApi.refills, { config: { auth: 'member' } }, async (request) =>
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
    route(app, ordersApi.cancel, { config: { auth: 'member' } }, (request) =>
      cancellation.cancelOrderForMember(accountOf(request).id, request.params.id),
    );
    route(app, ordersApi.cancelAuto, { config: { auth: 'member' } }, (request) =>
      cancellation.cancelAutoOrderForMember(accountOf(request).id, request.params.id),
    );
  };
}
