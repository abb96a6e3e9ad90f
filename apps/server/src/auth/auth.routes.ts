import type { FastifyInstance } from 'fastify';
import { REGISTER_MESSAGES } from '@smm/domain';
import { parseBody } from '../http/parse-body';
import { loginBody, registerBody } from './auth.schema';
import type { AuthService } from './auth.service';
import { currentMember, requireMember } from './authenticate';
import type { TokenService } from './token-service';

export function authRoutes(auth: AuthService, tokens: TokenService) {
  return async (app: FastifyInstance) => {
    app.post('/auth/register', async (request, reply) => {
      await auth.register(parseBody(registerBody, request.body));
      return reply.status(201).send({ message: REGISTER_MESSAGES.SUCCESS });
    });

    app.post('/auth/login', async (request) => {
      return auth.login(parseBody(loginBody, request.body), request.ip);
    });

    app.get('/auth/profile', { preHandler: requireMember(tokens) }, async (request) => {
      return auth.profile(currentMember(request).accountId);
    });
  };
}
