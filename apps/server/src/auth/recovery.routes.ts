import { authApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RecoveryService } from './recovery.service';
import { route } from '../http/route';

/** Find id, find password and the reset link's form (docs/product.md#account-recovery). */
export function recoveryRoutes(recovery: RecoveryService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, authApi.findId, {}, (request) => recovery.findId(request.body.email, request.ip));
    route(app, authApi.findPassword, {}, (request) => recovery.findPassword(request.body.email, request.ip));
    route(app, authApi.resetPassword, {}, (request) =>
      recovery.resetPassword(request.body.token, request.body.password),
    );
  };
}
