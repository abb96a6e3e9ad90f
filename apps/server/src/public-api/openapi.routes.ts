import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /api/openapi.json: the public API as an OpenAPI 3 document, generated (by @fastify/swagger)
 * from the very zod schemas that validate its requests and serialise its answers. The member and
 * operator APIs are left out: they are the site's own, not a published interface.
 *
 * The server URL is the configured PUBLIC_URL, never the request's Host: a caller controls that header,
 * and a document naming the caller's host (served from our origin, possibly cached by a proxy) would
 * send a reseller's generated client and its API key there (README "Configuration": PUBLIC_URL).
 */
export function openApiRoutes(publicUrl: string): FastifyPluginAsync {
  return async (app) => {
    let document: string | undefined;
    app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
      // Built once: routes are fixed after start.
      document ??= JSON.stringify({
        ...publicDocument(app.swagger() as OpenApiDocument),
        servers: [{ url: publicUrl }],
      });
      return reply.type('application/json; charset=utf-8').send(document);
    });
  };
}

interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

function publicDocument(full: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(full.paths ?? {}).filter(([path]) => path.startsWith('/api/')),
  );
  return {
    openapi: full.openapi,
    info: {
      title: 'SMM 패널 공개 API',
      version: '1.0.0',
      description:
        'REST (header `api-key`) and the SMM API v2 (`key` parameter) over the same orders. ' +
        'Money is integer Korean won (KRW).',
    },
    paths,
    ...(full.components ? { components: full.components } : {}),
  };
}
