import {
  chargeConflictBody,
  chargeRequest,
  chargeRequestResponse,
  chargeTransferStatus,
  orderPathParams,
  pendingChargesResponse,
  pointHistoryQuery,
  pointHistoryResponse,
  withdrawChargeResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { ChargesService } from './charges.service';

/** The member's charge calls (docs/product.md#member-api): ask for a charge, find a charge's transfer
 * instructions again (one, or every pending one), withdraw a pending one, list their own. */
export function pointsRoutes(charges: ChargesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/service/point',
      {
        config: { auth: 'member' },
        schema: { body: chargeRequest, response: { 200: chargeRequestResponse, 409: chargeConflictBody } },
      },
      (request) => charges.request(accountOf(request).id, request.body),
    );
    app.get(
      '/service/point/:id',
      {
        config: { auth: 'member' },
        schema: { params: orderPathParams, response: { 200: chargeTransferStatus } },
      },
      (request) => charges.transfer(accountOf(request).id, request.params.id),
    );
    app.get(
      '/service/point-pending',
      { config: { auth: 'member' }, schema: { response: { 200: pendingChargesResponse } } },
      (request) => charges.pending(accountOf(request).id),
    );
    app.post(
      '/service/point/:id/cancel',
      {
        config: { auth: 'member' },
        schema: { params: orderPathParams, response: { 200: withdrawChargeResponse } },
      },
      (request) => charges.withdraw(accountOf(request).id, request.params.id),
    );
    app.get(
      '/service/point-history',
      {
        config: { auth: 'member' },
        schema: { querystring: pointHistoryQuery, response: { 200: pointHistoryResponse } },
      },
      (request) => charges.history(accountOf(request).id, request.query),
    );
  };
}
