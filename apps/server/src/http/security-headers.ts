import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ERROR_CATALOG } from '../errors/app-error';

/** The one helmet configuration: used for every routed answer and, as fixed headers, for the rest. */
export const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'img-src': ["'self'", 'data:', 'https:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      // Kakao login (docs/product.md#login-and-sign-up) runs Kakao's own JavaScript SDK, which signs
      // in through a popup and iframes on Kakao's domains. Nothing else third-party runs on the site.
      'script-src': ["'self'", 'https://developers.kakao.com', 'https://t1.kakaocdn.net'],
      'frame-src': ["'self'", 'https://kauth.kakao.com', 'https://accounts.kakao.com'],
      'connect-src': ["'self'", 'https://kapi.kakao.com', 'https://kauth.kakao.com'],
      // Plain http on localhost must not be upgraded.
      'upgrade-insecure-requests': null,
    },
  },
  // The Naver login popup posts its result to the window that opened it (docs/product.md#login-and-sign-up);
  // `same-origin` would cut that link. Popups we open keep their opener; other sites' windows still cannot
  // reach us.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/**
 * Helmet's headers that only a page (a document a browser renders) acts on: its opener and agent
 * cluster, DNS prefetching, old IE's download and XSS switches, Flash's cross-domain policy.
 */
const PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The headers of a JSON answer: a JSON answer is never rendered as a page, so it carries what protects
 * it as data — nosniff, a policy that allows nothing and no framing, no referrer, HSTS, same-origin
 * resource policy — and none of the page-only headers. An order's answer was about 1,100 bytes of
 * headers for 130 of JSON; these are a third of that (docs/performance.md).
 */
export function jsonAnswerHeadersOf(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { ...pageHeaders };
  for (const name of PAGE_ONLY_HEADERS) delete headers[name];
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  headers['x-frame-options'] = 'DENY';
  return headers;
}

const NOT_SECURITY_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sends with `helmetOptions`, as a fixed list. Fastify answers some requests before
 * any hook runs (a URL it cannot decode, a request line or headers Node cannot parse): those answers
 * get these. They come from helmet itself, run once on a throwaway instance, so they never drift.
 */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_SECURITY_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

const badRequest = () => ({ message: ERROR_CATALOG.BAD_REQUEST.message, code: 'BAD_REQUEST' as const });

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`/%E0%A4%A`, 400), a parameter over the length
 * limit (414), a failing async route constraint (500). Fastify's own answers have no security headers
 * and echo the path; ours are the app's `{ message, code }` with the same headers as every answer.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    reply.headers({ ...headers, 'x-request-id': request.id, 'cache-control': 'no-store' });
    if (status >= 400 && status < 500) return reply.code(status).send(badRequest());
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.code(500).send({ message: ERROR_CATALOG.INTERNAL.message, code: 'INTERNAL' as const });
  };
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request at all (headers over 16 KiB → 431,
 * a broken request line → 400, too slow → 408), so there is no request or reply, only the socket.
 * The answer is written by hand with the same headers and body shape as every other answer.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify(badRequest());
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}

/**
 * The Naver popup comes back from naver.com to /auth/naver. Under our opener policy a page that arrives from
 * another origin is put in a new browsing context group, which cuts `window.opener` (the callback posts the
 * code to its opener: docs/product.md#login-and-sign-up). That one page is served without an opener policy;
 * it holds no data, only hands the one-time code to the window that opened it (same origin, checked by both).
 */
export function registerOAuthCallbackHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?', 1)[0];
    if (path === '/auth/naver') reply.header('cross-origin-opener-policy', 'unsafe-none');
    done(null, payload);
  });
}

/**
 * Nothing under /auth/ is stored by a browser or a proxy: tokens, profiles, and the OAuth return pages
 * whose URLs carry one-time codes.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/auth/') || request.url === '/auth')
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
