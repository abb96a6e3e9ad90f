import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { appError } from '../errors/app-error';
import type { AppMetrics } from './metrics';
import type { ReadinessService } from './readiness.service';

export interface OpsDeps {
  readiness: ReadinessService;
  metrics: AppMetrics;
  /** The bearer token of /metrics; absent: /metrics does not exist (404). */
  metricsToken?: string;
}

/**
 * Probes and metrics for the process manager, the load balancer and Prometheus (docs/deploy.md).
 * Public and cheap; logged at warn only (a probe every few seconds would bury the request log);
 * never shed under load, since a process that sheds load is still alive.
 */
const probe: RouteShorthandOptions = {
  logLevel: 'warn',
  config: { loadShedding: 'exempt' },
  schema: { hide: true },
};

export function opsRoutes(deps: OpsDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    // Liveness: the process answers. No database call, so a slow database never gets it restarted.
    app.get('/healthz', probe, async () => ({ status: 'ok' }));

    // Readiness: the database answers and its schema is this build's.
    app.get('/readyz', probe, async (_request, reply) => {
      const { ready, checks } = await deps.readiness.check();
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    });

    app.get('/metrics', probe, async (request, reply) => {
      if (deps.metricsToken === undefined) throw appError('NOT_FOUND');
      if (!bearerMatches(request, deps.metricsToken)) {
        reply.header('www-authenticate', 'Bearer');
        throw appError('UNAUTHORIZED');
      }
      const { contentType, body } = await deps.metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  };
}

/** `Authorization: Bearer <token>` compared in constant time (over digests, so lengths do not leak). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
