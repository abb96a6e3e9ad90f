import { endpoint } from '../endpoint';

/** A member's charges and their history (docs/product.md#charges-and-deposits). */
export const pointsApi = {
  /** A 409 carries the charge already waiting (chargeConflictBody). */
  requestCharge: endpoint({
    method: 'POST',
    path: '/service/point',
    body: 'chargeRequest',
    response: 'chargeRequestResponse',
    errors: { 409: 'chargeConflictBody' },
  }),
  transfer: endpoint({
    method: 'GET',
    path: '/service/point/:id',
    params: 'orderPathParams',
    response: 'chargeTransferStatus',
  }),
  pending: endpoint({ method: 'GET', path: '/service/point-pending', response: 'pendingChargesResponse' }),
  withdraw: endpoint({
    method: 'POST',
    path: '/service/point/:id/cancel',
    params: 'orderPathParams',
    response: 'withdrawChargeResponse',
  }),
  history: endpoint({
    method: 'GET',
    path: '/service/point-history',
    query: 'chargeHistoryQuery',
    response: 'chargeHistoryResponse',
  }),
};
