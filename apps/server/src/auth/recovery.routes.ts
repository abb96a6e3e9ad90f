import {
  findIdRequest,
  findIdResponse,
  findPasswordRequest,
  messageBody,
  resetPasswordRequest,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RecoveryService } from './recovery.service';

/** Find id, find password and the reset link's form (docs/product.md#account-recovery). */
export function recoveryRoutes(recovery: RecoveryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/service/find-id',
      { schema: { body: findIdRequest, response: { 200: findIdResponse } } },
      (request) => recovery.findId(request.body.email, request.ip),
    );
    app.post(
      '/service/find-password',
      { schema: { body: findPasswordRequest, response: { 200: messageBody } } },
      (request) => recovery.findPassword(request.body.email, request.ip),
    );
    app.post(
      '/service/reset-password',
      { schema: { body: resetPasswordRequest, response: { 200: messageBody } } },
      (request) => recovery.resetPassword(request.body.token, request.body.password),
    );
  };
}
