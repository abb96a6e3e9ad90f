import { REGISTER_MESSAGES } from '@smm/domain';
import {
  apiKeyResponse,
  loginRequest,
  loginResponse,
  messageBody,
  profileResponse,
  registerRequest,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';
import { accountOf } from './guards';

export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/register',
      { schema: { body: registerRequest, response: { 201: messageBody } } },
      async (request, reply) => {
        await auth.register(request.body);
        return reply.status(201).send({ message: REGISTER_MESSAGES.SUCCESS });
      },
    );

    app.post('/auth/login', { schema: { body: loginRequest, response: { 200: loginResponse } } }, (request) =>
      auth.login(request.body, request.ip),
    );

    app.post(
      '/auth/api-key',
      { config: { auth: 'member' }, schema: { response: { 200: apiKeyResponse } } },
      (request) => auth.issueApiKey(accountOf(request)),
    );

    app.get(
      '/auth/profile',
      { config: { auth: 'member' }, schema: { response: { 200: profileResponse } } },
      (request) => auth.profile(accountOf(request)),
    );
  };
}
