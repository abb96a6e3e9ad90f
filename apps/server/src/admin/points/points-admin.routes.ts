import { CSV_MIME } from '@smm/domain';
import { adminPointsApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';
import { operatorAction } from '../operator-action';

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

    route(app, adminPointsApi.charges, { config: operator }, (request) => charges.charges(request.query));
    operatorAction(app, adminPointsApi.acceptCharge, (by, { id }, { memo }) =>
      decisions.accept(by, id, memo),
    );
    operatorAction(app, adminPointsApi.rejectCharge, (by, { id }, { memo }) =>
      decisions.reject(by, id, memo),
    );

    route(app, adminPointsApi.deposits, { config: operator }, (request) => charges.deposits(request.query));
    route(app, adminPointsApi.createDeposit, { config: operator }, (request) =>
      depositIntake.receiveFromOperator(
        accountOf(request).id,
        request.body,
        request.headers['idempotency-key'],
      ),
    );
    route(app, adminPointsApi.depositCandidates, { config: operator }, (request) =>
      deposits.candidates(request.params.id),
    );
    route(app, adminPointsApi.attachDeposit, { config: operator }, (request) =>
      decisions.attach(accountOf(request).id, request.params.id, request.body),
    );

    route(app, adminPointsApi.memberLedger, { config: operator }, (request) =>
      ledger.ledger(request.params.loginId, request.query),
    );
    route(app, adminPointsApi.adjustPoints, { config: operator }, (request) =>
      adjustments.adjust(
        accountOf(request).id,
        request.params.loginId,
        request.body,
        request.headers['idempotency-key'],
      ),
    );

    route(app, adminPointsApi.receipts, { config: operator }, (request) => receipts.list(request.query));
    route(app, adminPointsApi.receiptsCsv, { config: operator }, async (request, reply) => {
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
    });
    operatorAction(app, adminPointsApi.issueReceipt, (by, { chargeId }, { memo }) =>
      receiptIssuing.issue(by, chargeId, memo),
    );
  };
}
