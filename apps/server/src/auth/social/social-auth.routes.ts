import { ACCOUNT_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import { authApi } from '@smm/domain/endpoints';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import type { SocialAuthService, SocialLoginOutcome } from './social-auth.service';

function answerLogin(reply: FastifyReply, outcome: SocialLoginOutcome) {
  if (outcome.registered) return reply.status(200).send({ accessToken: outcome.accessToken });
  return reply.status(404).send({
    message: ACCOUNT_MESSAGES.SOCIAL_NOT_REGISTERED,
    code: 'SOCIAL_NOT_REGISTERED',
    accessToken: outcome.providerAccessToken,
  });
}

export function socialAuthRoutes(social: SocialAuthService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, authApi.naverAuthorize, {}, async (request, reply) =>
      reply.redirect(await social.naverAuthorizeUrl(request.query.state), 302),
    );

    route(app, authApi.loginNaver, {}, async (request, reply) =>
      answerLogin(reply, await social.loginWithNaver(request.body, request.ip)),
    );

    route(app, authApi.loginKakao, {}, async (request, reply) =>
      answerLogin(reply, await social.loginWithKakao(request.body, request.ip)),
    );

    const registration = { naver: authApi.registerNaver, kakao: authApi.registerKakao };
    for (const provider of ['naver', 'kakao'] as const) {
      route(app, registration[provider], {}, async (request, reply) => {
        await social.register(provider, request.body, request.ip);
        return reply.status(201).send({ message: REGISTER_MESSAGES.SUCCESS });
      });
    }
  };
}
