import { endpoint } from '../endpoint';

/** The console's orders, auto-orders and refills, and the operator's actions on them. Operators only. */
export const adminOrdersApi = {
  orders: endpoint({
    method: 'GET',
    path: '/admin/api/orders',
    query: 'adminOrdersQuery',
    response: 'adminOrdersResponse',
  }),
  autoOrders: endpoint({
    method: 'GET',
    path: '/admin/api/auto-orders',
    query: 'adminAutoOrdersQuery',
    response: 'adminAutoOrdersResponse',
  }),
  resendOrder: endpoint({
    method: 'POST',
    path: '/admin/api/orders/:id/resend',
    params: 'idPathParams',
    body: 'orderActionRequest',
    response: 'orderActionResponse',
  }),
  cancelOrder: endpoint({
    method: 'POST',
    path: '/admin/api/orders/:id/cancel',
    params: 'idPathParams',
    body: 'orderActionRequest',
    response: 'orderCancelResponse',
  }),
  forceRefundOrder: endpoint({
    method: 'POST',
    path: '/admin/api/orders/:id/force-refund',
    params: 'idPathParams',
    body: 'orderActionRequest',
    response: 'orderCancelResponse',
  }),
  requestOrderRefill: endpoint({
    method: 'POST',
    path: '/admin/api/orders/:id/refill',
    params: 'idPathParams',
    body: 'orderActionRequest',
    response: 'refillActionResponse',
  }),
  markOrderPartial: endpoint({
    method: 'POST',
    path: '/admin/api/orders/:id/partial',
    params: 'idPathParams',
    body: 'orderPartialRequest',
    response: 'orderActionResponse',
  }),
  cancelAutoOrder: endpoint({
    method: 'POST',
    path: '/admin/api/auto-orders/:id/cancel',
    params: 'idPathParams',
    body: 'orderActionRequest',
    response: 'autoOrderCancelResponse',
  }),
  refills: endpoint({
    method: 'GET',
    path: '/admin/api/refills',
    query: 'adminRefillsQuery',
    response: 'adminRefillsResponse',
  }),
  resendRefill: endpoint({
    method: 'POST',
    path: '/admin/api/refills/:id/resend',
    params: 'idPathParams',
    body: 'refillResendRequest',
    response: 'refillActionResponse',
  }),
  rejectRefill: endpoint({
    method: 'POST',
    path: '/admin/api/refills/:id/reject',
    params: 'idPathParams',
    body: 'refillRejectRequest',
    response: 'refillActionResponse',
  }),
};
