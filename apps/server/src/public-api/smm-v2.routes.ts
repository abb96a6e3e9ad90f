import formBody from '@fastify/formbody';
import { ORDER_REQUEST_MAX_BYTES, V2_ERRORS } from '@smm/domain';
import { v2Error, v2Params, v2Response } from '@smm/domain/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiAccountOf } from '../auth/guards';
import { AppError } from '../errors/app-error';
import { sendCachedJson } from '../http/send-cached';
import type { PublicApiService } from './public-api.service';
import { parseV2Multipart } from './v2-multipart';

const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Clients post to either; both are the one endpoint (docs/product.md#public-api). */
const V2_URLS = ['/api/v2', '/api/v2/'] as const;

const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
};

/**
 * The trade's SMM API v2 at /api/v2, on its exact wire format so that reseller scripts and bots
 * written for other panels work unchanged: parameters form-encoded (the PHP and Python clients'
 * default), or JSON, or a GET query; the key in the `key` parameter. Every answer, refusals included,
 * is HTTP 200 with `{ "error": "…" }` in the trade's English, because common clients raise on any
 * non-2xx before reading the body; only a rate limit is a standard 429 with Retry-After.
 */
export function smmV2Routes(api: PublicApiService): FastifyPluginAsyncZod {
  return async (app) => {
    // Form bodies are parsed for this plugin's routes only; the member API stays JSON-only.
    await app.register(formBody);
    // So are multipart bodies (what FormData sends), read like a form, within the server's body limit.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, parseV2Multipart);

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status === 429) {
          reply.header('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
          return reply.status(429).send({ error: V2_ERRORS.TOO_MANY_REQUESTS });
        }
        if (error.code === 'API_KEY_INVALID') return reply.status(200).send({ error: V2_ERRORS.INVALID_KEY });
        if (error.status < 500) return reply.status(200).send({ error: V2_ERRORS.INCORRECT_REQUEST });
      }
      // Unparsable or oversized bodies, unsupported content types, parameters that fail the schema.
      const status = (error as FastifyError).statusCode;
      if (status && status >= 400 && status < 500) {
        return reply.status(200).send({ error: V2_ERRORS.INCORRECT_REQUEST });
      }
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      return reply.status(500).send({ error: 'Internal error' });
    });

    const describe = {
      tags: ['SMM API v2'],
      summary: 'SMM API v2: action = services | add | status | balance | cancel | refill | refill_status',
      description:
        'Parameters as form fields (application/x-www-form-urlencoded or multipart/form-data), JSON, ' +
        'or a query string, at /api/v2 or /api/v2/; ' +
        '`key` is the API key. Every answer is HTTP 200; refusals are {"error": "…"}. ' +
        'A rate limit answers 429 with Retry-After. An optional Idempotency-Key header makes a retried ' +
        '`add` answer the first order; the same key with different order parameters is refused.',
      // The `key` parameter, as the public document's `v2Key` scheme declares it (openapi.routes.ts).
      security: [{ v2Key: [] }],
      response: {
        200: v2Response,
        429: v2Error.describe(
          "Too many requests for the key's account, or too many unknown keys from the address: " +
            '{"error": "Too many requests"}; Retry-After says when to try again',
        ),
      },
    };

    for (const url of V2_URLS) {
      // The OpenAPI document names the endpoint once.
      const hide = url !== '/api/v2';
      app.post(
        url,
        {
          // `add` of a Custom Comments service carries its comments: docs/product.md#service-types.
          bodyLimit: ORDER_REQUEST_MAX_BYTES,
          config: { auth: 'apiKeyParam' },
          schema: {
            ...describe,
            hide,
            operationId: 'smmV2',
            body: v2Params,
            consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          },
          // Some clients put the parameters in the query string of a POST: they count as if sent in the body.
          preValidation: (request, _reply, done) => {
            const body = request.body;
            if (body === undefined || body === null) request.body = { ...(request.query as object) };
            else if (typeof body === 'object' && !Array.isArray(body)) {
              request.body = { ...(request.query as object), ...body };
            }
            done();
          },
        },
        async (request, reply) => {
          const answer = await api.v2(apiAccountOf(request), request.body, idempotencyKeyOf(request));
          return answer.json === undefined ? answer.body : sendCachedJson(reply, answer.json);
        },
      );

      app.get(
        url,
        {
          config: { auth: 'apiKeyParam' },
          schema: { ...describe, hide, operationId: 'smmV2Query', querystring: v2Params },
        },
        async (request, reply) => {
          const answer = await api.v2(apiAccountOf(request), request.query, idempotencyKeyOf(request));
          return answer.json === undefined ? answer.body : sendCachedJson(reply, answer.json);
        },
      );
    }

    // Any other path or method under /api/v2 is a request the protocol does not know, said its way.
    const unknown = { schema: { hide: true } };
    app.all('/api/v2/*', unknown, () => ({ error: V2_ERRORS.INCORRECT_REQUEST }));
    app.route({
      method: ['PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url: '/api/v2',
      ...unknown,
      handler: () => ({ error: V2_ERRORS.INCORRECT_REQUEST }),
    });
  };
}
