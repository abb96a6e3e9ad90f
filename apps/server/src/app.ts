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
import { accountRepository } from './accounts/account.repository';
import { accountSettingsRoutes } from './auth/account-settings.routes';
import { AccountSettingsService } from './auth/account-settings.service';
import { socialAuthRoutes } from './auth/social/social-auth.routes';
import { SocialAuthService } from './auth/social/social-auth.service';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { registerGuards } from './auth/guards';
import { LoginThrottle } from './auth/login-throttle';
import { registerSignupThrottle, SignupThrottle } from './auth/signup-throttle';
import { ApiKeyThrottle } from './auth/api-key-throttle';
import { InvalidApiKeyThrottle } from './auth/invalid-api-key-throttle';
import { MessageThrottle } from './auth/message-throttle';
import { recoveryRoutes } from './auth/recovery.routes';
import { RecoveryService } from './auth/recovery.service';
import { VerificationCodes } from './auth/verification-codes';
import { verificationRoutes } from './auth/verification.routes';
import { createMessaging } from './messaging/messaging';
import type { Outbox } from './messaging/outbox';
import { TokenService } from './auth/token-service';
import { CatalogService } from './catalog/catalog.service';
import { catalogRoutes } from './catalog/catalog.routes';
import type { AppConfig } from './config';
import { contentRoutes } from './content/content.routes';
import { ContentService } from './content/content.service';
import { openDatabase, type Database } from './db/database';
import { seedDemoData } from './db/seed/seed-demo-data';
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
import { ChargeWorker } from './points/charge-worker';
import { ChargesService } from './points/charges.service';
import { DepositIntake } from './points/deposit-intake';
import { depositHooksRoutes } from './points/deposit-hooks.routes';
import { pointsRoutes } from './points/points.routes';
import { MemberCancellation } from './orders/cancellation/cancel-order.workflow';
import { OrderWorker } from './orders/fulfilment/order-worker';
import { Ticker } from './background/ticker';
import { AccountGuardCache, type AccountChanged } from './auth/account-guard-cache';
import { CatalogueSync } from './catalog/catalogue-sync';
import { WatchService } from './admin/watch/watch.service';
import { OperatorNotifications } from './notifications/operator-notifications';
import { BotApiTelegram, OutboxTelegram } from './notifications/telegram';
import { orderCancelRoutes, orderRefillRoutes, ordersRoutes } from './orders/orders.routes';
import { RefillRequests } from './orders/refills/request-refill.workflow';
import { ProviderHealth } from './providers/provider-health';
import { ProviderRegistry } from './providers/provider-registry';
import { SimulatedProvider } from './providers/simulated-provider';
import { OrdersService } from './orders/orders.service';
import {
  OrderCommitBatcher,
  ORDER_BATCH_PGLITE,
  ORDER_BATCH_POSTGRES,
} from './orders/placement/order-commit-batcher';
import { registerLoadShedding } from './ops/load-shedding';
import { AppMetrics, registerRequestMetrics } from './ops/metrics';
import { opsRepository } from './ops/ops.repository';
import { opsRoutes } from './ops/ops.routes';
import { readableLogStream } from './ops/readable-log';
import { ReadinessService } from './ops/readiness.service';
import { ApiRateLimiter } from './public-api/api-rate-limiter';
import { openApiRoutes, PUBLIC_API_SECURITY_SCHEMES } from './public-api/openapi.routes';
import { publicApiRoutes } from './public-api/public-api.routes';
import { PublicApiService } from './public-api/public-api.service';
import { smmV2Routes } from './public-api/smm-v2.routes';
import { settingsRoutes } from './settings/settings.routes';
import { SettingsService } from './settings/settings.service';
import { missingServerVariables } from './settings/unbuilt-flags';
import { CacheBus } from './shared/cache-bus';
import { systemClock, type Clock } from './shared/clock';
import { flagsReadAsOff, notifySettingsFrom, watchThresholdsFrom } from '@smm/domain';

export interface AppDeps {
  clock?: Clock;
  /** Where the JSON log goes; tests pass a stream to read request ids and errors. */
  logStream?: Writable;
  /** An already open database (tests share one PGlite per worker); otherwise opened from `config`. */
  database?: Database;
}

/**
 * The services of the running app, for tests and for background work that runs outside a request.
 * Routes get theirs passed in; nothing else reaches into the database.
 */
export interface AppServices {
  clock: Clock;
  cacheBus: CacheBus;
  settings: SettingsService;
  catalog: CatalogService;
  content: ContentService;
  tokens: TokenService;
  auth: AuthService;
  /** Sign-up codes: send, and verifyAndConsume(tx, …) for every sign-up path. */
  verificationCodes: VerificationCodes;
  recovery: RecoveryService;
  /** The development outbox: the e-mails and text messages sent while SMTP / the SMS gateway is unset. */
  outbox: Outbox;
  /** Resolves once every message a request answered before sending has gone out (close, test resets). */
  messagesSettled: () => Promise<void>;
  accountSettings: AccountSettingsService;
  social: SocialAuthService;
  orders: OrdersService;
  simulatedProvider: SimulatedProvider;
  providers: ProviderRegistry;
  worker: OrderWorker;
  /** A member's (or the public API's) cancellation of their own orders and auto-orders. */
  orderCancellation: MemberCancellation;
  /** A member's (or the public API's) refill requests of their own orders. */
  refills: RefillRequests;
  charges: ChargesService;
  deposits: DepositIntake;
  chargeWorker: ChargeWorker;
  publicApi: PublicApiService;
  /** Catalogue sync (docs/ARCHITECTURE.md#catalogue-sync): on schedule (a background job) and on demand. */
  catalogueSync: CatalogueSync;
  /** Operator notifications (docs/ARCHITECTURE.md#operator-notifications): a background job and the 알림 screen. */
  notifications: OperatorNotifications;
  /** Provider health (docs/ARCHITECTURE.md#provider-health): call records, balance samples. */
  providerHealth: ProviderHealth;
  /** This app's Prometheus registry and counters (GET /metrics). */
  metrics: AppMetrics;
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
 * The composition root: opens the database, migrates and seeds it, wires repositories into services
 * and services into routes. Tests call it and use `inject`; main.ts calls it and listens.
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

  const { db } = database;
  const cacheBus = new CacheBus(database.notify);
  if (database.connectListener) {
    await cacheBus.listen(database.connectListener, (error) =>
      app.log.error({ err: error }, 'cache invalidation listener lost; caches dropped'),
    );
    app.addHook('onClose', () => cacheBus.close());
  }
  // The member guard's account facts, dropped by every writer of them (docs/ARCHITECTURE.md#the-account-cache).
  const guardCache = new AccountGuardCache((id) => accountRepository.findAuthenticatedById(db, id));
  cacheBus.onAccount((id) => (id === null ? guardCache.clear() : guardCache.forget(id)));
  const accountChanged: AccountChanged = (id) => cacheBus.publishAccount(id);
  // A start that demoted an earlier operator (ADMIN_ID changed) tells the processes already running.
  if (operator && operator.demoted.length > 0) await accountChanged(null);
  // Names of the server variables this process lacks: the flags they make unusable read as off, and the
  // console says so beside each setting (SETTING_SERVER_NEEDS).
  const missingVariables = missingServerVariables(config);
  const settings = new SettingsService(db, cacheBus, flagsReadAsOff(missingVariables));
  const content = new ContentService(db, cacheBus);
  const catalog = new CatalogService(db, cacheBus);
  const tokens = new TokenService(config.jwtSecret, config.jwtTtlSeconds, clock);
  const throttle = new LoginThrottle(db, clock, config.loginLimits);
  const messaging = createMessaging(config.messaging, clock, app.log);
  const messageDeps = {
    db,
    settings,
    clock,
    log: app.log,
    secret: config.jwtSecret,
    throttle: new MessageThrottle(db, clock, config.codeLimits, config.jwtSecret),
    mailer: messaging.mailer,
    sms: messaging.sms,
  };
  const verificationCodes = new VerificationCodes(messageDeps);
  const recovery = new RecoveryService({ ...messageDeps, publicUrl: config.publicUrl, accountChanged });
  /** Every message a request answered before sending (recovery mails, sign-up codes) has gone out. */
  const messagesSettled = async () => {
    await Promise.all([recovery.settled(), verificationCodes.settled()]);
  };
  // E-mails answered before the close still go out (and count), before the database closes.
  app.addHook('preClose', async () => {
    await messagesSettled();
    messaging.close();
  });
  const auth = new AuthService(
    db,
    settings,
    tokens,
    throttle,
    content,
    verificationCodes,
    new ApiKeyThrottle(db, clock),
    new InvalidApiKeyThrottle(db, clock, config.invalidApiKeyLimits),
    guardCache,
  );
  const accountSettings = new AccountSettingsService(db, settings, clock, throttle, accountChanged);
  const social = new SocialAuthService(
    {
      db,
      settings,
      content,
      tokens,
      clock,
      phoneCodes: verificationCodes,
      log: app.log,
    },
    {
      social: config.social,
      publicUrl: config.publicUrl,
      timeoutMs: config.providers.timeoutMs,
      loginLimits: config.loginLimits,
    },
  );
  const orders = new OrdersService(
    db,
    settings,
    catalog,
    clock,
    { orderPlaced: (kind) => metrics.orderPlaced(kind) },
    new OrderCommitBatcher(db, database.kind === 'postgres' ? ORDER_BATCH_POSTGRES : ORDER_BATCH_PGLITE),
  );
  const simulatedProvider = new SimulatedProvider(db, {
    partialPercent: config.providers.simulatedPartialPercent,
    cancelPercent: config.providers.simulatedCancelPercent,
    refillRejectPercent: config.providers.simulatedRefillRejectPercent,
  });
  await simulatedProvider.start();
  app.addHook('onClose', () => simulatedProvider.close());
  const providerHealth = new ProviderHealth(db, clock, app.log, {
    balanceSampleMinutes: config.providers.balanceSampleMinutes ?? 15,
  });
  const providers = new ProviderRegistry({
    timeoutMs: config.providers.timeoutMs,
    simulatedApiUrl: () => simulatedProvider.apiUrl,
    allowPrivateAddresses: config.allowPrivateProviderAddresses,
    recorder: providerHealth,
  });
  providerHealth.useRegistry(providers);
  const worker = new OrderWorker(db, providers, catalog, clock, {
    statusRefreshSeconds: config.background.statusRefreshSeconds,
    maxSubmitAttempts: config.background.maxSubmitAttempts,
    batchSize: 100,
    secondsPerMinute: config.background.autoOrderMinuteSeconds,
    leaseSeconds: config.background.leaseSeconds,
    onProviderError: (stage) => metrics.providerError(stage),
    onLaneDone: (report, providerId) =>
      routineLog.info({ tick: report, job: 'orders', providerId }, 'background provider lane'),
    onLaneError: (error, providerId) =>
      app.log.error({ err: error, providerId }, 'background provider lane failed'),
  });
  const charges = new ChargesService(db, settings, clock, config.charges);
  const deposits = new DepositIntake(db, clock);
  const chargeWorker = new ChargeWorker(db, deposits, clock);
  const orderCancellation = new MemberCancellation(db, providers, clock);
  const refills = new RefillRequests(db, clock);
  const publicApi = new PublicApiService(db, catalog, orders, orderCancellation, refills, cacheBus);
  const catalogueSync = new CatalogueSync(db, providers, catalog, clock);
  const notifications = operatorNotificationsOf(config, {
    db,
    clock,
    settings,
    providers,
    messaging,
    log: app.log,
  });
  app.decorate('services', {
    clock,
    cacheBus,
    settings,
    catalog,
    content,
    tokens,
    auth,
    verificationCodes,
    recovery,
    outbox: messaging.outbox,
    messagesSettled,
    accountSettings,
    social,
    orders,
    simulatedProvider,
    providers,
    worker,
    orderCancellation,
    refills,
    charges,
    deposits,
    chargeWorker,
    publicApi,
    catalogueSync,
    notifications,
    providerHealth,
    metrics,
  });
  registerGuards(app, auth, new ApiRateLimiter(db, config.apiRateLimitPerMinute, clock));
  registerSignupThrottle(app, new SignupThrottle(db, clock, config.signupLimits));

  await app.register(
    opsRoutes({ readiness: new ReadinessService(db), metrics, metricsToken: config.metricsToken }),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await routes.register(settingsRoutes(settings));
  await routes.register(contentRoutes(content));
  await routes.register(catalogRoutes(catalog));
  await routes.register(authRoutes(auth));
  await routes.register(verificationRoutes(verificationCodes));
  await routes.register(recoveryRoutes(recovery));
  await routes.register(accountSettingsRoutes(accountSettings));
  await routes.register(socialAuthRoutes(social));
  await routes.register(ordersRoutes(orders));
  await routes.register(orderRefillRoutes(refills));
  await routes.register(orderCancelRoutes(orderCancellation));
  await routes.register(pointsRoutes(charges));
  await routes.register(depositHooksRoutes(deposits, config.charges.depositWebhookSecret));
  await routes.register(publicApiRoutes(publicApi));
  await routes.register(smmV2Routes(publicApi));
  await app.register(openApiRoutes(config.publicUrl));
  await registerAdminRoutes(app, {
    db,
    services: app.services,
    config: { dataDir: config.dataDir, publicUrl: config.publicUrl },
    missingServerVariables: missingVariables,
  });

  await registerWebApp(app, config.webDist);

  // Orders go to their providers, statuses come back, refunds and auto-order runs happen here; charges
  // past their 3 hours lapse and deposits left unmatched by a stopped process are matched.
  const background = new Ticker(
    [
      { name: 'orders', tick: () => worker.backgroundTick() },
      { name: 'charges', tick: () => chargeWorker.tick() },
      { name: 'operator-notifications', tick: () => notifications.tick() },
      {
        name: 'catalogue-sync',
        tick: async () =>
          catalogueSync.startDue((outcome) => {
            if (outcome instanceof Error) {
              app.log.error({ err: outcome, job: 'catalogue-sync' }, 'background catalogue sync failed');
            } else if (outcome.synced + outcome.failed > 0) {
              routineLog.info({ tick: outcome, job: 'catalogue-sync' }, 'background catalogue sync');
            }
          }),
      },
      { name: 'provider-health', tick: () => providerHealth.tick() },
    ],
    routineLog,
  );
  app.decorate('background', background);
  // Closing: no new tick from the start; onClose hooks run last-added first, so this one waits for
  // the running tick after in-flight requests finish and before the providers and database close.
  app.addHook('preClose', (done) => {
    void background.close();
    done();
  });
  // Provider lanes outlive the tick that started them: an order being sent is recorded before close.
  app.addHook('onClose', async () => {
    await background.close();
    await Promise.all([worker.settled(), catalogueSync.settled()]);
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
 * Operator notifications (docs/ARCHITECTURE.md#operator-notifications): events from a watch of their own
 * (its thresholds from the settings), e-mail by the app's mailer, Telegram by the Bot API when a token
 * and chat are configured, else the development outbox; each send limited so a tick never hangs on it.
 */
function operatorNotificationsOf(
  config: AppConfig,
  deps: {
    db: Database['db'];
    clock: Clock;
    settings: SettingsService;
    providers: ProviderRegistry;
    messaging: ReturnType<typeof createMessaging>;
    log: FastifyInstance['log'];
  },
): OperatorNotifications {
  const watch = new WatchService(
    deps.db,
    deps.clock,
    deps.providers,
    { balanceTimeoutMs: 3000, balanceCacheMs: 60_000 },
    async () => watchThresholdsFrom(await deps.settings.stored()),
  );
  const bot = config.telegram;
  const sendTimeoutMs = 10_000;
  const telegram =
    bot?.botToken && bot.chatId
      ? new BotApiTelegram({ apiUrl: bot.apiUrl, botToken: bot.botToken, chatId: bot.chatId }, sendTimeoutMs)
      : new OutboxTelegram(deps.messaging.outbox);
  return new OperatorNotifications(
    deps.db,
    deps.clock,
    watch,
    async () => notifySettingsFrom(await deps.settings.stored()),
    deps.messaging.mailer,
    telegram,
    deps.log,
    {
      sendTimeoutMs,
      scanIntervalMs: 30_000,
      emailTransport: config.messaging.smtp ? 'smtp' : 'outbox',
      ...(config.configuredPublicUrl ? { consoleUrl: config.configuredPublicUrl } : {}),
    },
  );
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
