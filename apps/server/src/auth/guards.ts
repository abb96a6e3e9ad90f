import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError, appError } from '../errors/app-error';
import type { ApiRateLimiter } from '../public-api/api-rate-limiter';
import type { AuthService, GuardAccount } from './auth.service';

/**
 * Who may call a route, declared on the route itself:
 *   app.get('/auth/profile', { config: { auth: 'member' } }, handler)
 * member   — a valid `Authorization: Bearer <jwt>` of an active account, else 401;
 * operator — the same, and the account's current role is admin, else 403;
 * apiKey   — a valid `api-key` header (the public REST API), else 401;
 * apiKeyParam — a valid `key` parameter (SMM API v2: a form field, JSON member or query parameter), read
 *            after the body is parsed and validated, else API_KEY_INVALID (which v2 words its own way).
 * Both API-key guards count the request against the key's rate limit, and a key that matches no
 * account against the client address's limit on wrong keys (429 with Retry-After either way).
 * Routes without `auth` are public. The guard puts the account on the request: `accountOf(request)`.
 */
export type RouteAuth = 'member' | 'operator' | 'apiKey' | 'apiKeyParam';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The guard's facts about the caller (an API-key guard puts the whole account row here). */
    account?: GuardAccount;
    /** The account of an API key, read on this request (the public API answers its balance from it). */
    apiAccount?: GuardAccount;
  }
  interface FastifyInstance {
    /** Every route as registered, with the guard it declared: tests enumerate it (admin-guard.test). */
    routeTable: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  auth: RouteAuth | undefined;
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw appError('UNAUTHORIZED');
  return match[1];
}

export function registerGuards(app: FastifyInstance, auth: AuthService, apiLimiter: ApiRateLimiter): void {
  const byApiKey = async (request: FastifyRequest, key: unknown) => {
    if (typeof key !== 'string' || key.length === 0) throw appError('API_KEY_INVALID');
    const account = await auth.authenticateApiKey(key, request.ip);
    await apiLimiter.admit(account.id);
    request.account = account;
    request.apiAccount = account;
  };
  const guards: Record<RouteAuth, onRequestHookHandler> = {
    member: async (request) => {
      request.account = await auth.authenticateToken(bearerToken(request));
    },
    operator: async (request) => {
      const account = await auth.authenticateToken(bearerToken(request));
      // The role is the account's current one (a demotion drops the guard's cached facts everywhere).
      if (account.role !== 'admin') throw appError('FORBIDDEN');
      request.account = account;
    },
    apiKey: (request) => byApiKey(request, request.headers['api-key']),
    apiKeyParam: (request) => {
      const params = (request.method === 'GET' ? request.query : request.body) as
        { key?: unknown } | undefined;
      return byApiKey(request, params?.key);
    },
  };
  // onRoute sees every route registered after it, in every child plugin, before it is frozen. The
  // guard runs first (onRequest), before the body is even parsed: a caller without the right to the
  // route learns nothing about what it accepts.
  const routeTable: DeclaredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const required = route.config?.auth;
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, auth: required });
    }
    if (!required) return;
    if (required === 'apiKeyParam') {
      // The key is in the body: the first preHandler, right after parsing and validation.
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [guards[required], ...existing];
      return;
    }
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guards[required], ...existing];
  });
}

/** The account of a route guarded by an API key (`apiKey`, `apiKeyParam`), as read on this request. */
export function apiAccountOf(request: FastifyRequest): GuardAccount {
  if (!request.apiAccount)
    throw new Error(`apiAccountOf() used on ${request.url}, a route without an API-key guard`);
  return request.apiAccount;
}

/** The account a guarded route runs for; calling it on an unguarded route is a programming error. */
export function accountOf(request: FastifyRequest): GuardAccount {
  if (!request.account) throw new Error(`accountOf() used on ${request.url}, a route without an auth guard`);
  return request.account;
}

/**
 * The caller of a public route that answers a signed-in member differently (the services list at the
 * member's prices): the account id of a valid bearer token, else null, never a 401: a guest, an
 * expired token or a suspended member see what a guest sees.
 */
export async function optionalMember(
  auth: Pick<AuthService, 'authenticateToken'>,
  request: FastifyRequest,
): Promise<number | null> {
  if (!request.headers.authorization) return null;
  try {
    return (await auth.authenticateToken(bearerToken(request))).id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
