import { endpoint } from '../endpoint';

/** A member's orders, auto-orders, refills and cancellations (docs/product.md#orders). */
export const ordersApi = {
  /** An optional `Idempotency-Key` header makes a retry return the first result. */
  place: endpoint({
    method: 'POST',
    path: '/service/order',
    body: 'placeOrderRequest',
    response: 'placeOrderResponse',
  }),
  /**
   * Many orders pasted at once (docs/product.md#mass-order): `preview` checks and prices each line; the
   * place call places every valid line or, short of points, none. `Idempotency-Key` as for one order.
   */
  massOrder: endpoint({
    method: 'POST',
    path: '/service/mass-order',
    body: 'massOrderRequest',
    headers: 'idempotencyHeaders',
    response: 'massOrderResponse',
  }),
  history: endpoint({
    method: 'GET',
    path: '/service/order-history',
    query: 'historyQuery',
    response: 'orderHistoryResponse',
  }),
  autoHistory: endpoint({
    method: 'GET',
    path: '/service/auto-order-history',
    query: 'historyQuery',
    response: 'autoOrderHistoryResponse',
  }),
  requestRefill: endpoint({
    method: 'POST',
    path: '/service/order/:id/refill',
    params: 'orderPathParams',
    response: 'requestRefillResponse',
  }),
  refills: endpoint({
    method: 'GET',
    path: '/service/order/:id/refills',
    params: 'orderPathParams',
    response: 'orderRefillsResponse',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/service/order/:id/cancel',
    params: 'orderPathParams',
    response: 'cancelOrderResponse',
  }),
  cancelAuto: endpoint({
    method: 'POST',
    path: '/service/auto-order/:id/cancel',
    params: 'orderPathParams',
    response: 'cancelAutoOrderResponse',
  }),
};
