import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { ERROR_CATALOG } from '../errors/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'exempt'`: answered even while the process sheds load (health checks, metrics). */
    loadShedding?: 'exempt';
  }
}

/**
 * @fastify/under-pressure samples the event-loop delay and utilisation and the heap; past a limit of
 * AppConfig.loadShedding every request (but the exempt routes) is answered at once with 503, the
 * Retry-After and the Korean `{ message, code }`, instead of queueing behind the work already too late.
 * A reverse proxy retries another process, a member's browser shows the message.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  options: NonNullable<AppConfig['loadShedding']>,
): Promise<void> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization, maxHeapUsedBytes, retryAfterSeconds } = options;
  if (maxEventLoopDelayMs <= 0 && maxEventLoopUtilization <= 0 && maxHeapUsedBytes <= 0) return;
  const { message } = ERROR_CATALOG.SERVICE_UNAVAILABLE;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    maxHeapUsedBytes,
    retryAfter: retryAfterSeconds,
    // undefined: the request goes on; an object: sent as the answer (the hook ends there).
    pressureHandler: (request, reply) => {
      if (request.routeOptions.config.loadShedding === 'exempt') return undefined;
      reply.code(503).header('retry-after', String(retryAfterSeconds));
      return { message, code: 'SERVICE_UNAVAILABLE' } as never;
    },
  });
}
