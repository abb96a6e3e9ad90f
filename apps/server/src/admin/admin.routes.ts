import {
  adminChargesQuery,
  adminChargesResponse,
  adminDepositsQuery,
  adminDepositsResponse,
  attachDepositRequest,
  attachDepositResponse,
  chargeDecisionRequest,
  chargeDecisionResponse,
  idPathParams,
  idempotencyHeaders,
  memberPathParams,
  pointAdjustmentRequest,
  pointAdjustmentResponse,
  adminSettingsResponse,
  settingPathParams,
  settingUpdateRequest,
  settingUpdateResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { ChargesAdminService } from './charges-admin.service';
import type { PointAdjustmentsService } from './point-adjustments.service';
import type { SettingsAdminService } from './settings-admin.service';

/** The operator API (the console's screens come with the console issue). Operators only: 401 / 403. */
export function adminRoutes(
  adjustments: PointAdjustmentsService,
  charges: ChargesAdminService,
  settings: SettingsAdminService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = { auth: 'operator' } as const;
    app.get(
      '/admin/api/settings',
      { config: operator, schema: { response: { 200: adminSettingsResponse } } },
      () => settings.list(),
    );
    app.put(
      '/admin/api/settings/:key',
      {
        config: operator,
        schema: {
          params: settingPathParams,
          body: settingUpdateRequest,
          response: { 200: settingUpdateResponse },
        },
      },
      (request) => settings.update(accountOf(request).id, request.params.key, request.body.value),
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
      (request) => charges.accept(accountOf(request).id, request.params.id, request.body.memo),
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
      (request) => charges.reject(accountOf(request).id, request.params.id, request.body.memo),
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
      '/admin/api/deposits/:id/attach',
      {
        config: operator,
        schema: {
          params: idPathParams,
          body: attachDepositRequest,
          response: { 200: attachDepositResponse },
        },
      },
      (request) => charges.attach(accountOf(request).id, request.params.id, request.body),
    );
  };
}
