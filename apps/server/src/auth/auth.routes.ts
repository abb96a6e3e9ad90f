import { REGISTER_MESSAGES } from '@smm/domain';
import { authApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';
import { accountOf } from './guards';
import { route } from '../http/route';

export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, authApi.register, {}, async (request, reply) => {
      await auth.register(request.body, request.ip);
      return reply.status(201).send({ message: REGISTER_MESSAGES.SUCCESS });
    });

    route(app, authApi.login, {}, (request) => auth.login(request.body, request.ip));

    route(app, authApi.issueApiKey, { config: { auth: 'member' } }, (request) =>
      auth.issueApiKey(accountOf(request)),
    );

    route(app, authApi.profile, { config: { auth: 'member' } }, (request) =>
      auth.profile(accountOf(request)),
    );
  };
}
