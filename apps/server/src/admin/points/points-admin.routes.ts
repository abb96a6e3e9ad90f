import { CSV_MIME } from '@smm/domain';
import {
  adminChargesQuery,
  adminChargesResponse,
  adminDepositsQuery,
  adminDepositsResponse,
  attachDepositRequest,
  attachDepositResponse,
  chargeDecisionRequest,
  chargeDecisionResponse,
  chargeIdPathParams,
  depositCandidatesResponse,
  idempotencyHeaders,
  idPathParams,
  issueReceiptRequest,
  issueReceiptResponse,
  memberLedgerQuery,
  memberLedgerResponse,
  memberPathParams,
  operatorDepositRequest,
  operatorDepositResponse,
  pointAdjustmentRequest,
  pointAdjustmentResponse,
  receiptsQuery,
  receiptsResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';

/**
 * The console's points screens (충전 신청, 입금 내역, 영수증, a member's 원장 and 잔액 조정): every call of
 * docs/product.md#operator-console about charges, deposits, receipts and balance adjustments. Operators
 * only: every route declares `config: { auth: 'operator' }`. The lists are read here (admin/points);
 * every change is an operation of points/ (ChargeDecisions, DepositIntake, PointAdjustmentsService,
 * ReceiptsService).
 */
export function pointsAdminRoutes(deps: ConsoleServices['points']): FastifyPluginAsyncZod {
  const { charges, decisions, adjustments, deposits, depositIntake, ledger, receipts, receiptIssuing } = deps;
  return async (app) => {
    const operator = { auth: 'operator' } as const;

    app.get(
      '/admin/api/charges',
      {
        config: operator,
        schema: { querystring: adminChargesQuery, response: { 200: adminChargesResponse } },
      },
      (request) => charges.charges(request.query),
    );
    app.post(
      '/admin/api/charges/:id/accept',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: chargeDecisionRequest,
          response: { 200: chargeDecisionResponse },
        },
      },
      (request) => decisions.accept(accountOf(request).id, request.params.id, request.body.memo),
    );
    app.post(
      '/admin/api/charges/:id/reject',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: chargeDecisionRequest,
          response: { 200: chargeDecisionResponse },
        },
      },
      (request) => decisions.reject(accountOf(request).id, request.params.id, request.body.memo),
    );

    app.get(
      '/admin/api/deposits',
      {
        config: operator,
        schema: { querystring: adminDepositsQuery, response: { 200: adminDepositsResponse } },
      },
      (request) => charges.deposits(request.query),
    );
    app.post(
      '/admin/api/deposits',
      {
        config: operator,
        schema: {
          headers: idempotencyHeaders,
          body: operatorDepositRequest,
          response: { 200: operatorDepositResponse },
        },
      },
      (request) =>
        depositIntake.receiveFromOperator(
          accountOf(request).id,
          request.body,
          request.headers['idempotency-key'],
        ),
    );
    app.get(
      '/admin/api/deposits/:id/candidates',
      {
        config: operator,
        schema: { params: idPathParams, response: { 200: depositCandidatesResponse } },
      },
      (request) => deposits.candidates(request.params.id),
    );
    app.post(
      '/admin/api/deposits/:id/attach',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: attachDepositRequest,
          response: { 200: attachDepositResponse },
        },
      },
      (request) => decisions.attach(accountOf(request).id, request.params.id, request.body),
    );

    app.get(
      '/admin/api/members/:loginId/ledger',
      {
        config: operator,
        schema: {
          params: memberPathParams,
          querystring: memberLedgerQuery,
          response: { 200: memberLedgerResponse },
        },
      },
      (request) => ledger.ledger(request.params.loginId, request.query),
    );
    app.post(
      '/admin/api/members/:loginId/point-adjustments',
      {
        config: operator,
        schema: {
          params: memberPathParams,
          headers: idempotencyHeaders,
          body: pointAdjustmentRequest,
          response: { 200: pointAdjustmentResponse },
        },
      },
      (request) =>
        adjustments.adjust(
          accountOf(request).id,
          request.params.loginId,
          request.body,
          request.headers['idempotency-key'],
        ),
    );

    app.get(
      '/admin/api/receipts',
      { config: operator, schema: { querystring: receiptsQuery, response: { 200: receiptsResponse } } },
      (request) => receipts.list(request.query),
    );
    app.get(
      '/admin/api/receipts.csv',
      { config: operator, schema: { querystring: receiptsQuery } },
      async (request, reply) => {
        const { fileName, text } = await receipts.csv(request.query);
        // The ASCII name for old clients, the Korean one (RFC 5987) for every current browser.
        return reply
          .type(CSV_MIME)
          .header(
            'content-disposition',
            `attachment; filename="receipts.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          .header('cache-control', 'no-store')
          .send(text);
      },
    );
    app.post(
      '/admin/api/receipts/:chargeId/issue',
      {
        config: operator,
        schema: {
          params: chargeIdPathParams,
          body: issueReceiptRequest,
          response: { 200: issueReceiptResponse },
        },
      },
      (request) => receiptIssuing.issue(accountOf(request).id, request.params.chargeId, request.body.memo),
    );
  };
}
