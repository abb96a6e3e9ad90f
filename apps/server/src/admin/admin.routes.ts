import { memberPathParams, pointAdjustmentRequest, pointAdjustmentResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { PointAdjustmentsService } from './point-adjustments.service';

/** The operator API (the console's screens come with the console issue). Operators only: 401 / 403. */
export function adminRoutes(adjustments: PointAdjustmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/api/members/:loginId/point-adjustments',
      {
        config: { auth: 'operator' },
        schema: {
          params: memberPathParams,
          body: pointAdjustmentRequest,
          response: { 200: pointAdjustmentResponse },
        },
      },
      (request) => adjustments.adjust(accountOf(request).id, request.params.loginId, request.body),
    );
  };
}
