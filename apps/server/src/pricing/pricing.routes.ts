import { memberPricingApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import { route } from '../http/route';
import type { GradeRun } from './grade-run';

/** The member's grade block on /account (docs/product.md#member-grades-and-custom-rates). */
export function pricingRoutes(grades: GradeRun): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, memberPricingApi.myGrade, { config: { auth: 'member' } }, (request) =>
      grades.myGrade(accountOf(request).id),
    );
  };
}
