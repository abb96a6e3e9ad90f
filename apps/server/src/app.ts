import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ensureOperator } from './accounts/ensure-operator';
import { accountSettingsRoutes } from './auth/account-settings.routes';
import { socialAuthRoutes } from './auth/social/social-auth.routes';
import { authRoutes } from './auth/auth.routes';
import { optionalMember, registerGuards } from './auth/guards';
import { registerSignupThrottle } from './auth/signup-throttle';
import { recoveryRoutes } from './auth/recovery.routes';
import { verificationRoutes } from './auth/verification.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { composeServices, type AppServices } from './compose';
import type { AppConfig } from './config';
import { contentRoutes } from './content/content.routes';
import { openDatabase, type Database } from './db/database';
import { seedDemoData } from './db/seed/seed-demo-data';
import { seedDemoMembers } from './db/seed/demo-members';
import { appError } from './errors/app-error';
import { registerErrorHandler } from './errors/error-handler';
import { logSerializers, redactUrl } from './http/log-redaction';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  helmetOptions,
  registerNoStore,
  registerOAuthCallbackHeaders,
  jsonAnswerHeadersOf,
  securityHeadersOf,
} from './http/security-headers';
import { registerAdminRoutes } from './admin/register-admin';
import { depositHooksRoutes } from './points/deposit-hooks.routes';
import { pointsRoutes } from './points/points.routes';
import { inquiriesRoutes } from './inquiries/inquiries.routes';
import { rewardsRoutes } from './rewards/rewards.routes';
import { Ticker } from './background/ticker';
import { GradeRun } from './pricing/grade-run';
import { pricingRoutes } from './pricing/pricing.routes';
import { orderCancelRoutes, orderRefillRoutes, ordersRoutes } from './orders/orders.routes';
import { registerLoadShedding } from './ops/load-shedding';
import { AppMetrics, registerRequestMetrics } from './ops/metrics';
import { opsRepository } from './ops/ops.repository';
import { opsRoutes } from './ops/ops.routes';
import { readableLogStream } from './ops/readable-log';
import { openApiRoutes, PUBLIC_API_SECURITY_SCHEMES } from './public-api/openapi.routes';
import { publicApiRoutes } from './public-api/public-api.routes';
import { smmV2Routes } from './public-api/smm-v2.routes';
import { settingsRoutes } from './settings/settings.routes';
import { systemClock, type Clock } from './shared/clock';

export interface AppDeps {
  clock?: Clock;
  /** Where the JSON log goes; tests pass a stream to read request ids and errors. */
  logStream?: Writable;
  /** An already open database (tests share one PGlite per worker); otherwise opened from `config`. */
  database?: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: AppServices;
    /** The background loop (orders, charges); main.ts starts it, app.close() waits for its tick. */
    background: Ticker;
  }
}

/**
 * The composition root: opens the database, migrates and seeds it, has every service built once
 * (compose.ts) and hands each route plugin its own. Tests call it and use `inject`; main.ts calls it
 * and listens.
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? openDatabase(config);
  await database.migrate();
  if (config.seedDemoData) await seedDemoData(database.db);
  const operator = config.admin ? await ensureOperator(database.db, config.admin) : undefined;

  // Answers Fastify or Node give before any hook runs get helmet's headers too (http/security-headers);
  // they are JSON, so they get a JSON answer's share of them.
  const pageHeaders = await securityHeadersOf(helmetOptions);
  const jsonHeaders = jsonAnswerHeadersOf(pageHeaders);
  const readableLog = config.logFormat === 'readable';
  const logStream = readableLog ? readableLogStream(deps.logStream ?? process.stdout) : deps.logStream;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No query strings, no query parameters in any log line (http/log-redaction).
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    ...(readableLog ? { logController: new ReadableRequestLog() } : {}),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors: frameworkErrorHandler(jsonHeaders),
    clientErrorHandler: clientErrorHandler(jsonHeaders),
  });
  app.decorate('database', database);
  // Routine reports (a background tick's counts): a JSON line each in production, where the log is
  // searched; in the readable log only from LOG_LEVEL=debug on, so a terminal shows notable events.
  // Warnings and errors pass either way.
  const routineLog =
    readableLog && config.logLevel === 'info' ? app.log.child({}, { level: 'warn' }) : app.log;
  // Request bodies are validated and responses serialised by the zod schemas of @smm/domain/contract
  // declared on each route; @fastify/swagger reads the same schemas (app.swagger() → OpenAPI).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Helmet's headers, computed once from `helmetOptions` (none depends on the request), set in one
  // synchronous hook: running helmet's middleware chain on every request cost more than serving a
  // cached read. A page gets them all, a JSON answer its own shorter set (http/security-headers); a
  // header a route set itself is left alone. The request id is echoed so a member's report matches a
  // log line.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const headers =
      typeof type === 'string' && type.startsWith('application/json') ? jsonHeaders : pageHeaders;
    for (const name in headers) if (!reply.hasHeader(name)) reply.header(name, headers[name]);
    done(null, payload);
  });
  app.addHook('onClose', () => database.close());
  registerErrorHandler(app);
  registerNoStore(app);
  const metrics = new AppMetrics(() => opsRepository.ledgerTotalsByReason(database.db));
  registerRequestMetrics(app, metrics);
  if (config.loadShedding) await registerLoadShedding(app, config.loadShedding);
  registerOAuthCallbackHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'SMM 패널 API', version: '1.0.0' },
      // The public API's routes declare `security: [{ apiKey: [] }]` (REST) or `[{ v2Key: [] }]` (v2).
      components: { securitySchemes: PUBLIC_API_SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });

  const {
    services,
    console: consoleServices,
    ...routeParts
  } = await composeServices(app, config, {
    database,
    clock,
    metrics,
    routineLog,
    operatorsDemoted: operator !== undefined && operator.demoted.length > 0,
  });
  const {
    settings,
    catalog,
    content,
    auth,
    verificationCodes,
    recovery,
    accountSettings,
    social,
    orders,
    refills,
    orderCancellation,
    charges,
    deposits,
    publicApi,
    worker,
    chargeWorker,
    notifications,
    catalogSync,
    providerHealth,
  } = services;
  app.decorate('services', services);
  registerGuards(app, auth, routeParts.apiRateLimiter);
  registerSignupThrottle(app, routeParts.signupThrottle);

  await app.register(
    opsRoutes({ readiness: routeParts.readiness, metrics, metricsToken: config.metricsToken }),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await routes.register(settingsRoutes(settings));
  await routes.register(contentRoutes(content));
  await routes.register(catalogRoutes(catalog, (request) => optionalMember(auth, request)));
  await routes.register(authRoutes(auth));
  await routes.register(verificationRoutes(verificationCodes));
  await routes.register(recoveryRoutes(recovery));
  await routes.register(accountSettingsRoutes(accountSettings));
  await routes.register(socialAuthRoutes(social));
  await routes.register(ordersRoutes(orders));
  await routes.register(orderRefillRoutes(refills));
  await routes.register(orderCancelRoutes(orderCancellation));
  await routes.register(pointsRoutes(charges));
  await routes.register(inquiriesRoutes(consoleServices.inquiries.member));
  // The daily grade run (a background job below) and the member's grade block on /account.
  const grades = new GradeRun(database.db, catalog.pricing, services.clock);
  await routes.register(pricingRoutes(grades));
  await routes.register(rewardsRoutes(consoleServices.rewards.rewards));
  await routes.register(depositHooksRoutes(deposits, config.charges.depositWebhookSecret));
  await routes.register(publicApiRoutes(publicApi));
  await routes.register(smmV2Routes(publicApi));
  await app.register(openApiRoutes(config.publicUrl));
  await registerAdminRoutes(app, consoleServices);

  await registerWebApp(app, config.webDist);

  // Orders go to their providers, statuses come back, refunds and auto-order runs happen here; charges
  // past their 3 hours lapse and deposits left unmatched by a stopped process are matched.
  const background = new Ticker(
    [
      { name: 'orders', tick: () => worker.backgroundTick() },
      { name: 'charges', tick: () => chargeWorker.tick() },
      { name: 'referral-rewards', tick: () => consoleServices.rewards.worker.tick() },
      { name: 'operator-notifications', tick: () => notifications.tick() },
      {
        name: 'catalog-sync',
        tick: async () =>
          catalogSync.startDue((outcome) => {
            if (outcome instanceof Error) {
              app.log.error({ err: outcome, job: 'catalog-sync' }, 'background catalog sync failed');
            } else if (outcome.synced + outcome.failed > 0) {
              routineLog.info({ tick: outcome, job: 'catalog-sync' }, 'background catalog sync');
            }
          }),
      },
      { name: 'provider-health', tick: () => providerHealth.tick() },
      { name: 'grades', tick: () => grades.tick() },
    ],
    routineLog,
  );
  app.decorate('background', background);
  // A woken lane sends at once, but only while the loop runs: a process that ticks by hand (tests, a
  // loop turned off with BACKGROUND_TICK_SECONDS=0) sends when it ticks.
  services.laneWake.onWake((providerId) => {
    if (background.started) worker.wake(providerId);
  });
  // Closing: no new tick from the start; onClose hooks run last-added first, so this one waits for
  // the running tick after in-flight requests finish and before the providers and database close.
  app.addHook('preClose', (done) => {
    void background.close();
    done();
  });
  if (config.seedDemoMembers && config.seedDemoData && config.admin)
    await seedDemoMembers(
      {
        db: database.db,
        operatorLoginId: config.admin.id,
        adjustments: consoleServices.points.adjustments,
        orders,
        inquiries: consoleServices.inquiries.member,
        pricing: consoleServices.pricing.pricing,
        settings: consoleServices.settings.settings,
      },
      app.log,
    );
  // Provider lanes outlive the tick that started them: an order being sent is recorded before close.
  app.addHook('onClose', async () => {
    await background.close();
    worker.stopLanes();
    await Promise.all([worker.settled(), catalogSync.settled()]);
    await providerHealth.settled();
  });
  return app;
}

/**
 * The readable log's (`npm start`) account of requests: no line as one comes in, one line at debug
 * when it is answered (`GET /service/settings 200 3 ms`, the query cut), so the default level shows
 * notable events only. A request that failed on the way out is still an error line.
 */
class ReadableRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ err: error }, `${request.method} ${redactUrl(request.url)} failed`);
      return;
    }
    request.log.debug(
      `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  }
}

/**
 * The built SPA is served from the same origin. Unknown GETs that ask for HTML get index.html so
 * client routes (/order, /api, /auth/naver …) work on reload; everything else is a JSON 404.
 */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    // HEAD is answered like GET (same status and headers, no body), as for every other GET route.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const wantsHtml = isRead && (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && wantsHtml) return reply.type('text/html').sendFile('index.html');
    throw appError('NOT_FOUND');
  });
}
