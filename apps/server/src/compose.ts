import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { flagsReadAsOff, notifySettingsFrom, watchThresholdsFrom } from '@smm/domain';
import { MemberAdministration } from './accounts/member-administration';
import { accountRepository } from './accounts/account.repository';
import { AuditAdminService } from './admin/audit/audit-admin.service';
import { CatalogAdminService } from './admin/catalog/catalog-admin.service';
import { ProviderHealthAdminService } from './admin/catalog/provider-health-admin.service';
import { ProvidersAdminService } from './admin/catalog/providers-admin.service';
import type { ConsoleServices } from './admin/console-services';
import { ContentAdminService } from './admin/content/content-admin.service';
import { DashboardService } from './admin/dashboard/dashboard.service';
import { MembersAdminService } from './admin/members/members-admin.service';
import { OrdersAdminService } from './admin/orders/orders-admin.service';
import { ChargesAdminService } from './admin/points/charges-admin.service';
import { DepositsAdminService } from './admin/points/deposits-admin.service';
import { MemberLedgerService } from './admin/points/member-ledger.service';
import { ReceiptsAdminService } from './admin/points/receipts-admin.service';
import { SettingsAdminService } from './admin/settings/settings-admin.service';
import { WatchService } from './admin/watch/watch.service';
import { AccountGuardCache, type AccountChanged } from './auth/account-guard-cache';
import { ApiKeyCache } from './auth/api-key-cache';
import { AccountSettingsService } from './auth/account-settings.service';
import { ApiKeyThrottle } from './auth/api-key-throttle';
import { AuthService } from './auth/auth.service';
import { InvalidApiKeyThrottle } from './auth/invalid-api-key-throttle';
import { LoginThrottle } from './auth/login-throttle';
import { MessageThrottle } from './auth/message-throttle';
import { RecoveryService } from './auth/recovery.service';
import { SignupThrottle } from './auth/signup-throttle';
import { SocialAuthService } from './auth/social/social-auth.service';
import { TokenService } from './auth/token-service';
import { VerificationCodes } from './auth/verification-codes';
import { CatalogEditor } from './catalog/catalog-editor';
import { CatalogService } from './catalog/catalog.service';
import { CatalogSync } from './catalog/catalog-sync';
import { CatalogSyncConsole } from './catalog/catalog-sync-console';
import { readProviderListing } from './catalog/failover-listing';
import { PricingConsole } from './pricing/pricing-console';
import { ProviderServicesImport } from './catalog/import-provider-services';
import type { AppConfig } from './config';
import { ContentEditor } from './content/content-editor';
import { ContentService } from './content/content.service';
import { LocalDiskStorage } from './content/file-storage';
import { PopupsEditor } from './content/popups-editor';
import type { Database } from './db/database';
import { createMessaging } from './messaging/messaging';
import type { Outbox } from './messaging/outbox';
import { OperatorNotifications } from './notifications/operator-notifications';
import { BotApiTelegram, OutboxTelegram } from './notifications/telegram';
import { MemberCancellation } from './orders/cancellation/cancel-order.workflow';
import { OperatorOrderActions } from './orders/cancellation/operator-actions';
import { OperatorRefillActions } from './orders/refills/operator-refill-actions';
import {
  OrderCommitBatcher,
  ORDER_BATCH_PGLITE,
  ORDER_BATCH_POSTGRES,
} from './orders/placement/order-commit-batcher';
import { OrderWorker } from './orders/fulfilment/order-worker';
import { OrdersService } from './orders/orders.service';
import { RefillRequests } from './orders/refills/request-refill.workflow';
import type { AppMetrics } from './ops/metrics';
import { ReadinessService } from './ops/readiness.service';
import { ChargeDecisions } from './points/charge-decisions';
import { ChargeWorker } from './points/charge-worker';
import { ChargesService } from './points/charges.service';
import { DepositIntake } from './points/deposit-intake';
import { PointAdjustmentsService } from './points/point-adjustments';
import { ReceiptsService } from './points/receipts';
import { ProviderAccounts } from './providers/provider-accounts';
import { ProviderHealth } from './providers/provider-health';
import { ProviderRegistry } from './providers/provider-registry';
import { SimulatedProvider } from './providers/simulated-provider';
import { ApiRateLimiter } from './public-api/api-rate-limiter';
import { PublicApiService } from './public-api/public-api.service';
import { SettingsService } from './settings/settings.service';
import { missingServerVariables } from './settings/unbuilt-flags';
import { LaneWakeBus } from './orders/fulfilment/wake-bus';
import { CacheBus } from './shared/cache-bus';
import { composeInquiries } from './inquiries/inquiries.compose';
import { composeRewards } from './rewards/rewards.compose';
import type { Clock } from './shared/clock';

/**
 * The services of the running app, for tests and for background work that runs outside a request.
 * Routes get theirs passed in; nothing else reaches into the database.
 */
export interface AppServices {
  clock: Clock;
  cacheBus: CacheBus;
  /** Wakes a provider's lane when an order of it is placed (the background loop acts on it). */
  laneWake: LaneWakeBus;
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
  /** Catalog sync (docs/ARCHITECTURE.md#catalog-sync): on schedule (a background job) and on demand. */
  catalogSync: CatalogSync;
  /** Operator notifications (docs/ARCHITECTURE.md#operator-notifications): a background job and the 알림 screen. */
  notifications: OperatorNotifications;
  /** Provider health (docs/ARCHITECTURE.md#provider-health): call records, balance samples. */
  providerHealth: ProviderHealth;
  /** This app's Prometheus registry and counters (GET /metrics). */
  metrics: AppMetrics;
}

/** What the routes are built from: the app's services, the console's, and the guards' own counters. */
export interface Composition {
  services: AppServices;
  console: ConsoleServices;
  apiRateLimiter: ApiRateLimiter;
  signupThrottle: SignupThrottle;
  readiness: ReadinessService;
}

/** How long the dashboard and the watch wait for a provider's balance: a slow provider must not hold a screen. */
const BALANCE_TIMEOUT_MS = 3000;
/** The watch screen refreshes every 30 s; a balance is asked of the provider at most once a minute. */
const BALANCE_CACHE_MS = 60_000;

/**
 * The composition root's services (buildApp calls it once): every service of the app, the console's
 * included, built here and nowhere else, each from the instances it depends on. Routes are handed
 * theirs; hooks that close what is built here are added to `app` in the order they must run.
 */
export async function composeServices(
  app: FastifyInstance,
  config: AppConfig,
  parts: {
    database: Database;
    clock: Clock;
    metrics: AppMetrics;
    /** The logger of routine background reports (quiet in the readable log). */
    routineLog: FastifyBaseLogger;
    /** This start demoted an earlier operator (ADMIN_ID changed). */
    operatorsDemoted: boolean;
  },
): Promise<Composition> {
  const { database, clock, metrics, routineLog } = parts;
  const { db } = database;
  const cacheBus = new CacheBus(database.notify);
  if (database.connectListener) {
    await cacheBus.listen(database.connectListener, (error) =>
      app.log.error({ err: error }, 'cache invalidation listener lost; caches dropped'),
    );
    app.addHook('onClose', () => cacheBus.close());
  }
  // A new order wakes its lane, here and elsewhere (docs/ARCHITECTURE.md#orders-and-the-background-loop).
  const laneWake = new LaneWakeBus(database.notify, (error) =>
    app.log.warn({ err: error }, 'lane wake-up not delivered; the next tick sends the order'),
  );
  if (database.connectListener) await laneWake.listen(database.connectListener);
  app.addHook('onClose', () => laneWake.close());
  // The member guard's account facts, dropped by every writer of them (docs/ARCHITECTURE.md#the-account-cache).
  const guardCache = new AccountGuardCache((id) => accountRepository.findAuthenticatedById(db, id));
  cacheBus.onAccount((id) => (id === null ? guardCache.clear() : guardCache.forget(id)));
  const apiKeys = new ApiKeyCache();
  cacheBus.onAccount((id) => apiKeys.forget(id));
  const accountChanged: AccountChanged = (id) => cacheBus.publishAccount(id);
  // A start that demoted an earlier operator (ADMIN_ID changed) tells the processes already running.
  if (parts.operatorsDemoted) await accountChanged(null);
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
  const inquiries = composeInquiries(messageDeps, config);
  /** Every message a request answered before sending (recovery mails, codes, inquiry replies) went out. */
  const messagesSettled = async () => {
    await Promise.all([recovery.settled(), verificationCodes.settled(), inquiries.operator.settled()]);
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
    apiKeys,
    accountChanged,
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
    {
      orderPlaced: (kind, providerId) => {
        metrics.orderPlaced(kind);
        if (providerId !== null) laneWake.wake(providerId);
      },
    },
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
    batchSize: config.background.claimSize,
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
  const catalogSync = new CatalogSync(db, providers, catalog, clock);
  // One watch for the 확인 필요 screen and the notifications' scan: one balance cache, one limit.
  const watch = new WatchService(
    db,
    clock,
    providers,
    { balanceTimeoutMs: BALANCE_TIMEOUT_MS, balanceCacheMs: BALANCE_CACHE_MS },
    async () => watchThresholdsFrom(await settings.stored()),
  );
  const notifications = operatorNotificationsOf(config, {
    db,
    clock,
    watch,
    settings,
    messaging,
    log: app.log,
  });
  const services: AppServices = {
    clock,
    cacheBus,
    laneWake,
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
    catalogSync,
    notifications,
    providerHealth,
    metrics,
  };

  // The console: its read models (admin/) and the owning domains' operations, over the same services.
  const providerAccounts = new ProviderAccounts(db, providers, catalog);
  const readListing = (provider: number, id: string) => readProviderListing(db, providers, provider, id);
  const storage = new LocalDiskStorage(join(config.dataDir, 'uploads'));
  const consoleServices: ConsoleServices = {
    settings: { settings, view: new SettingsAdminService(settings, missingVariables) },
    dashboard: {
      dashboard: new DashboardService(db, clock, providers, { balanceTimeoutMs: BALANCE_TIMEOUT_MS }),
    },
    watch: { watch },
    points: {
      charges: new ChargesAdminService(db),
      decisions: new ChargeDecisions(db, clock),
      adjustments: new PointAdjustmentsService(db),
      deposits: new DepositsAdminService(db),
      depositIntake: deposits,
      ledger: new MemberLedgerService(db),
      receipts: new ReceiptsAdminService(db, clock),
      receiptIssuing: new ReceiptsService(db, clock),
    },
    catalog: {
      catalog: new CatalogAdminService(db),
      editor: new CatalogEditor(db, catalog, readListing),
      providers: new ProvidersAdminService(db, providers),
      providerAccounts,
      providerImport: new ProviderServicesImport(db, providers, catalog),
    },
    catalogSync: { syncConsole: new CatalogSyncConsole(db, clock), catalogSync, simulatedProvider },
    providerHealth: {
      health: new ProviderHealthAdminService(
        db,
        clock,
        providerHealth,
        simulatedProvider,
        providerHealth.balanceSampleMinutes,
      ),
      providerAccounts,
      simulatedProvider,
    },
    orders: {
      orders: new OrdersAdminService(db),
      actions: new OperatorOrderActions(db, providers, clock),
      refillActions: new OperatorRefillActions(db, clock),
    },
    members: {
      members: new MembersAdminService(db),
      administration: new MemberAdministration(db, clock, (id) => cacheBus.publishAccount(id)),
    },
    content: {
      lists: new ContentAdminService(db, storage),
      content: new ContentEditor(db, content),
      popups: new PopupsEditor(db, content, storage, app.log),
    },
    audit: { audit: new AuditAdminService(db) },
    inquiries,
    rewards: composeRewards(db, settings, clock),
    notifications: { notifications, settings, clock },
    pricing: { pricing: new PricingConsole(db, catalog.pricing, readListing) },
  };

  return {
    services,
    console: consoleServices,
    apiRateLimiter: new ApiRateLimiter(db, config.apiRateLimitPerMinute, clock),
    signupThrottle: new SignupThrottle(db, clock, config.signupLimits),
    readiness: new ReadinessService(db),
  };
}

/**
 * Operator notifications (docs/ARCHITECTURE.md#operator-notifications): events from the watch (its
 * thresholds from the settings), e-mail by the app's mailer, Telegram by the Bot API when a token
 * and chat are configured, else the development outbox; each send limited so a tick never hangs on it.
 */
function operatorNotificationsOf(
  config: AppConfig,
  deps: {
    db: Database['db'];
    clock: Clock;
    watch: WatchService;
    settings: SettingsService;
    messaging: ReturnType<typeof createMessaging>;
    log: FastifyInstance['log'];
  },
): OperatorNotifications {
  const bot = config.telegram;
  const sendTimeoutMs = 10_000;
  const telegram =
    bot?.botToken && bot.chatId
      ? new BotApiTelegram({ apiUrl: bot.apiUrl, botToken: bot.botToken, chatId: bot.chatId }, sendTimeoutMs)
      : new OutboxTelegram(deps.messaging.outbox);
  return new OperatorNotifications(
    deps.db,
    deps.clock,
    deps.watch,
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
