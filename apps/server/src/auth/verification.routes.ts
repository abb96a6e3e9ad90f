import { messageBody, sendEmailCodeRequest, sendPhoneCodeRequest } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VerificationCodes } from './verification-codes';

/** Sign-up's code steps (docs/product.md#member-api): a code to an e-mail address or a phone number. */
export function verificationRoutes(codes: VerificationCodes): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/send-email',
      { schema: { body: sendEmailCodeRequest, response: { 200: messageBody } } },
      (request) => codes.sendEmailCode(request.body.email, request.ip),
    );
    app.post(
      '/auth/send-phone-number',
      { schema: { body: sendPhoneCodeRequest, response: { 200: messageBody } } },
      (request) => codes.sendPhoneCode(request.body.phoneNumber, request.ip),
    );
  };
}
