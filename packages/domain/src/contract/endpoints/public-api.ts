import { endpoint } from '../endpoint';

/**
 * The REST calls of docs/product.md#public-api under /api, authenticated by the `api-key` header. The
 * SMM v2 protocol (POST /api/v2, one path, an `action` field) is not a set of endpoints and keeps its
 * own route.
 */
export const publicRestApi = {
  /** The OpenAPI document of these calls (JSON, generated from their schemas). */
  openapi: endpoint({ method: 'GET', path: '/api/openapi.json' }),
  services: endpoint({ method: 'GET', path: '/api/services', response: 'publicServicesResponse' }),
  order: endpoint({
    method: 'POST',
    path: '/api/order',
    body: 'publicOrderRequest',
    response: 'publicOrderResponse',
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/status/:wId',
    params: 'publicStatusParams',
    response: 'publicStatusResponse',
  }),
  refill: endpoint({
    method: 'POST',
    path: '/api/refill/:wId',
    params: 'publicRefillParams',
    response: 'publicRefillResponse',
  }),
  refillStatus: endpoint({
    method: 'GET',
    path: '/api/refill/:refillId',
    params: 'publicRefillStatusParams',
    response: 'publicRefillResponse',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/cancel/:wId',
    params: 'publicCancelParams',
    response: 'publicCancelResponse',
  }),
};
