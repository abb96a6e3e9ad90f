import { endpoint } from '../endpoint';

/** The console's charges, deposits, point adjustments and receipts. Operators only. */
export const adminPointsApi = {
  charges: endpoint({
    method: 'GET',
    path: '/admin/api/charges',
    query: 'adminChargesQuery',
    response: 'adminChargesResponse',
  }),
  acceptCharge: endpoint({
    method: 'POST',
    path: '/admin/api/charges/:id/accept',
    params: 'idPathParams',
    body: 'chargeDecisionRequest',
    response: 'chargeDecisionResponse',
  }),
  rejectCharge: endpoint({
    method: 'POST',
    path: '/admin/api/charges/:id/reject',
    params: 'idPathParams',
    body: 'chargeDecisionRequest',
    response: 'chargeDecisionResponse',
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/admin/api/deposits',
    query: 'adminDepositsQuery',
    response: 'adminDepositsResponse',
  }),
  createDeposit: endpoint({
    method: 'POST',
    path: '/admin/api/deposits',
    headers: 'idempotencyHeaders',
    body: 'operatorDepositRequest',
    response: 'operatorDepositResponse',
  }),
  depositCandidates: endpoint({
    method: 'GET',
    path: '/admin/api/deposits/:id/candidates',
    params: 'idPathParams',
    response: 'depositCandidatesResponse',
  }),
  attachDeposit: endpoint({
    method: 'POST',
    path: '/admin/api/deposits/:id/attach',
    params: 'idPathParams',
    body: 'attachDepositRequest',
    response: 'attachDepositResponse',
  }),
  memberLedger: endpoint({
    method: 'GET',
    path: '/admin/api/members/:loginId/ledger',
    params: 'memberPathParams',
    query: 'memberLedgerQuery',
    response: 'memberLedgerResponse',
  }),
  adjustPoints: endpoint({
    method: 'POST',
    path: '/admin/api/members/:loginId/point-adjustments',
    params: 'memberPathParams',
    headers: 'idempotencyHeaders',
    body: 'pointAdjustmentRequest',
    response: 'pointAdjustmentResponse',
  }),
  receipts: endpoint({
    method: 'GET',
    path: '/admin/api/receipts',
    query: 'receiptsQuery',
    response: 'receiptsResponse',
  }),
  receiptsCsv: endpoint({ method: 'GET', path: '/admin/api/receipts.csv', query: 'receiptsQuery' }),
  issueReceipt: endpoint({
    method: 'POST',
    path: '/admin/api/receipts/:chargeId/issue',
    params: 'chargeIdPathParams',
    body: 'issueReceiptRequest',
    response: 'issueReceiptResponse',
  }),
};
