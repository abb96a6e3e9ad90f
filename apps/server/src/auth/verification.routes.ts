import { authApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VerificationCodes } from './verification-codes';
import { route } from '../http/route';

/** Sign-up's code steps (docs/product.md#member-api): a code to an e-mail address or a phone number. */
export function verificationRoutes(codes: VerificationCodes): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, authApi.sendEmailCode, {}, (request) => codes.sendEmailCode(request.body.email, request.ip));
    route(app, authApi.sendPhoneCode, {}, (request) =>
      codes.sendPhoneCode(request.body.phoneNumber, request.ip),
    );
  };
}
