import { API_KEY_HEADER, siteLink } from '@smm/domain';
import { publicRestApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /api/openapi.json: the public API as an OpenAPI 3 document, generated (by @fastify/swagger)
 * from the very zod schemas that validate its requests and serialise its answers. The member and
 * operator APIs are left out: they are the site's own, not a published interface.
 *
 * The server URL is the configured PUBLIC_URL, never the request's Host: a caller controls that header,
 * and a document naming the caller's host (served from our origin, possibly cached by a proxy) would
 * send a reseller's generated client and its API key there (README "Configuration": PUBLIC_URL).
 *
 * The document passes Redocly's `recommended` lint with no warning (openapi-lint.test.ts): its
 * security schemes, a licence, an operationId and the 4xx answers of every operation
 * (docs/ARCHITECTURE.md#public-api).
 */
export function openApiRoutes(publicUrl: string): FastifyPluginAsync {
  return async (app) => {
    let document: string | undefined;
    app.get(publicRestApi.openapi.path, { schema: { hide: true } }, async (_request, reply) => {
      // Built once: routes are fixed after start.
      document ??= JSON.stringify({
        ...publicDocument(app.swagger() as OpenApiDocument, publicUrl),
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

/**
 * The public API's two ways of sending the key. OpenAPI 3's apiKey schemes sit in a header, a query or
 * a cookie; v2's `key` may also be a form or JSON body field, which no scheme can say: `v2Key` declares
 * the query parameter (so @fastify/swagger leaves `key` out of the GET's own parameters) and its
 * description says that the body field works alike (the POST's body lists `key`). Registered with
 * @fastify/swagger in app.ts, which needs the schemes of the routes' `security`.
 */
export const PUBLIC_API_SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: API_KEY_HEADER,
    description: 'REST: the key from the profile page, in the `api-key` header.',
  },
  v2Key: {
    type: 'apiKey' as const,
    in: 'query' as const,
    name: 'key',
    description:
      'SMM API v2: the same key as the `key` parameter, in the query string or, as the trade sends it, ' +
      'a form field (or JSON field) of the POST body.',
  },
};

/** What each path parameter names, said on every operation that takes it. */
const PATH_PARAMETERS: Record<string, string> = {
  wId: "The id of one of the caller's orders or auto-orders (`wId` of POST /api/order).",
  refillId: "The id of one of the caller's refills (`refill` of POST /api/refill/{id}).",
};

type Operation = { parameters?: { in?: string; name?: string; description?: string }[] };
type PathItem = Record<string, Operation>;

function publicDocument(full: OpenApiDocument, publicUrl: string): OpenApiDocument {
  const paths = mergeSameTemplates(
    Object.entries(full.paths ?? {}).filter(([path]) => path.startsWith('/api/')) as [string, PathItem][],
  );
  return {
    openapi: full.openapi,
    info: {
      title: 'SMM 패널 공개 API',
      version: '1.0.0',
      description:
        'REST (header `api-key`) and the SMM API v2 (`key` parameter) over the same orders. ' +
        'Money is integer Korean won (KRW).',
      // The API is used under the site's terms of service (docs/product.md#guide-faq-and-terms).
      termsOfService: siteLink(publicUrl, '/terms/service'),
      license: { name: '이용약관 (Terms of service)', url: siteLink(publicUrl, '/terms/service') },
    },
    paths,
    ...(full.components ? { components: full.components } : {}),
  };
}

/**
 * OpenAPI has one path item per URL template, whatever its parameters are called: POST /api/refill/{wId}
 * and GET /api/refill/{refillId} are one template, `/api/refill/{id}`, and their operations share it,
 * each parameter described by what it names (PATH_PARAMETERS).
 */
function mergeSameTemplates(entries: [string, PathItem][]): Record<string, PathItem> {
  const names = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const groups = new Map<string, [string, PathItem][]>();
  for (const entry of entries) {
    const template = entry[0].replace(/\{[^}]+\}/g, '{}');
    groups.set(template, [...(groups.get(template) ?? []), entry]);
  }
  const merged: Record<string, PathItem> = {};
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    // A position whose name differs across the group is called `id`.
    const firstNames = names(first[0]);
    const common = firstNames.map((name, index) =>
      group.every(([path]) => names(path)[index] === name) ? name : 'id',
    );
    let position = 0;
    const path = first[0].replace(/\{[^}]+\}/g, () => `{${common[position++] ?? 'id'}}`);
    const item: PathItem = {};
    for (const [original, operations] of group) {
      const rename = new Map(names(original).map((name, index) => [name, common[index] ?? name]));
      for (const [method, operation] of Object.entries(operations)) {
        item[method] = {
          ...operation,
          ...(operation.parameters && {
            parameters: operation.parameters.map((parameter) =>
              parameter.in === 'path' && parameter.name !== undefined
                ? {
                    ...parameter,
                    name: rename.get(parameter.name) ?? parameter.name,
                    ...(parameter.description === undefined && PATH_PARAMETERS[parameter.name]
                      ? { description: PATH_PARAMETERS[parameter.name] }
                      : {}),
                  }
                : parameter,
            ),
          }),
        };
      }
    }
    merged[path] = item;
  }
  return merged;
}
