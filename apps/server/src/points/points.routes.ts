import { chargeConflictBody } from '@smm/domain/contract';
import { pointsApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import type { ChargesService } from './charges.service';
import { route } from '../http/route';

/** The member's charge calls (docs/product.md#member-api): ask for a charge, find a charge's transfer
 * instructions again (one, or every pending one), withdraw a pending one, list their own. */
export function pointsRoutes(charges: ChargesService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      pointsApi.requestCharge,
      { config: { auth: 'member' }, schema: { response: { 409: chargeConflictBody } } },
      (request) => charges.request(accountOf(request).id, request.body),
    );
    route(app, pointsApi.transfer, { config: { auth: 'member' } }, (request) =>
      charges.transfer(accountOf(request).id, request.params.id),
    );
    route(app, pointsApi.pending, { config: { auth: 'member' } }, (request) =>
      charges.pending(accountOf(request).id),
    );
    route(app, pointsApi.withdraw, { config: { auth: 'member' } }, (request) =>
      charges.withdraw(accountOf(request).id, request.params.id),
    );
    route(app, pointsApi.history, { config: { auth: 'member' } }, (request) =>
      charges.history(accountOf(request).id, request.query),
    );
  };
}
