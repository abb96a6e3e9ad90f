import { bankSmsHookRequest, depositHookRequest, depositHookResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appError } from '../errors/app-error';
import type { DepositIntake } from './deposit-intake';
import { isSignatureShaped, verifySignature } from './webhook-signature';

/**
 * The deposit webhooks a bank-notification relay calls (docs/ARCHITECTURE.md#charges-and-deposits): each body
 * is signed with `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>` and the shared
 * DEPOSIT_WEBHOOK_SECRET. The signature is checked on the raw bytes before the body is parsed or validated,
 * so an unsigned caller learns nothing and changes nothing (401). Without a secret the hooks do not exist
 * (404).
 */
export function depositHooksRoutes(intake: DepositIntake, secret: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!secret) throw appError('NOT_FOUND');
      if (!isSignatureShaped(request.headers['x-signature'])) throw appError('SIGNATURE_INVALID');
    });
    // Scoped to this plugin: only the hooks read JSON as raw bytes, to check them before parsing.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const header = request.headers['x-signature'];
      if (!secret || typeof header !== 'string' || !verifySignature(secret, body as Buffer, header)) {
        done(appError('SIGNATURE_INVALID'), undefined);
        return;
      }
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(appError('BAD_REQUEST'), undefined);
      }
    });

    app.post(
      '/hooks/deposit',
      { schema: { body: depositHookRequest, response: { 200: depositHookResponse } } },
      (request) => intake.receiveWebhook(request.body),
    );
    app.post(
      '/hooks/bank-sms',
      { schema: { body: bankSmsHookRequest, response: { 200: depositHookResponse } } },
      (request) => intake.receiveBankSms(request.body),
    );
  };
}
