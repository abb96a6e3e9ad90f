import { ACCOUNT_MESSAGES, REGISTER_MESSAGES } from '@smm/domain';
import {
  errorBody,
  kakaoLoginRequest,
  loginResponse,
  messageBody,
  naverLoginRequest,
  socialNotRegisteredBody,
  socialRegisterRequest,
} from '@smm/domain/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SocialAuthService, SocialLoginOutcome } from './social-auth.service';

/** The popup's `state`: made by the web app, echoed by Naver, 8–64 URL-safe characters. */
export const naverAuthorizeQuery = z.object({ state: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/**
 * A social login's 404 is either "not a member yet" (it carries the provider's token, the contract's
 * socialNotRegisteredBody; docs/product.md#error-answers) or the provider being off (the usual error body).
 */
const loginResponses = { 200: loginResponse, 404: z.union([socialNotRegisteredBody, errorBody]) };

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
    app.get(
      '/auth/naver/authorize',
      { schema: { querystring: naverAuthorizeQuery } },
      async (request, reply) => reply.redirect(await social.naverAuthorizeUrl(request.query.state), 302),
    );

    app.post(
      '/auth/login/naver',
      { schema: { body: naverLoginRequest, response: loginResponses } },
      async (request, reply) => answerLogin(reply, await social.loginWithNaver(request.body, request.ip)),
    );

    app.post(
      '/auth/login/kakao',
      { schema: { body: kakaoLoginRequest, response: loginResponses } },
      async (request, reply) => answerLogin(reply, await social.loginWithKakao(request.body, request.ip)),
    );

    for (const provider of ['naver', 'kakao'] as const) {
      app.post(
        `/auth/register/${provider}`,
        { schema: { body: socialRegisterRequest, response: { 201: messageBody } } },
        async (request, reply) => {
          await social.register(provider, request.body);
          return reply.status(201).send({ message: REGISTER_MESSAGES.SUCCESS });
        },
      );
    }
  };
}
