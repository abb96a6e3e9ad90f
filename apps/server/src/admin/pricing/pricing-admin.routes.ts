import { adminPricingApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import { route } from '../../http/route';
import type { ConsoleServices } from '../console-services';
import { operatorAction } from '../operator-action';

/**
 * The console's grades screen and a member's grade and custom rates
 * (docs/product.md#member-grades-and-custom-rates). Operators only.
 */
export function pricingAdminRoutes({ pricing }: ConsoleServices['pricing']): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { auth: 'operator' } as const;
    route(app, adminPricingApi.grades, { config }, () => pricing.grades());
    route(app, adminPricingApi.createGrade, { config }, (request) =>
      pricing.createGrade(accountOf(request).id, request.body),
    );
    route(app, adminPricingApi.updateGrade, { config }, (request) =>
      pricing.updateGrade(accountOf(request).id, request.params.id, request.body),
    );
    route(app, adminPricingApi.deleteGrade, { config }, (request) =>
      pricing.deleteGrade(accountOf(request).id, request.params.id),
    );
    route(app, adminPricingApi.memberPricing, { config }, (request) =>
      pricing.memberPricing(request.params.loginId),
    );
    operatorAction(app, adminPricingApi.setMemberGrade, (by, { loginId }, body) =>
      pricing.setMemberGrade(by, loginId, body),
    );
    route(app, adminPricingApi.setMemberRate, { config }, (request) =>
      pricing.setMemberRate(
        accountOf(request).id,
        request.params.loginId,
        request.params.serviceId,
        request.body,
      ),
    );
    route(app, adminPricingApi.deleteMemberRate, { config }, (request) =>
      pricing.deleteMemberRate(accountOf(request).id, request.params.loginId, request.params.serviceId),
    );
  };
}
