import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    registerWhere: text('register_where').notNull().default(''),
    // 'signup' for members; 'admin-config' for the operator account ADMIN_ID creates, which alone may
    // be made operator again after a change of ADMIN_ID demoted it (a member never is).
    origin: text('origin', { enum: ['signup', 'admin-config'] })
      .notNull()
      .default('signup'),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    // Integer won. Changed only together with a point_ledger row (see points ledger).
    point: integer('point').notNull().default(0),
    referralCode: text('referral_code'),
    referredBy: integer('referred_by'),
    // SHA-256 of the member's API key (random, so a fast hash suffices) and its public prefix, which
    // the profile shows so a member can tell which key is active; the key itself is never stored.
    apiKeyHash: text('api_key_hash'),
    apiKeyPrefix: text('api_key_prefix'),
    // The key's last four characters: with the prefix, the masked form the profile shows.
    apiKeySuffix: text('api_key_suffix'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    // Login tokens issued before this moment (a password change or reset) are refused: a token a thief
    // copied stops working when its owner changes the password.
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, mode: 'date' }),
    // Set by an operator (console → 회원): a suspended member can neither log in nor use the API key;
    // restoring clears it. Why it was done is in the audit log.
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    // 회원 등급 (docs/product.md#member-grades-and-custom-rates): the member's grade (null: none) and
    // whether the operator set it by hand, which the daily grade run then leaves as it is.
    gradeId: integer('grade_id').references(() => memberGrades.id),
    gradeManual: boolean('grade_manual').notNull().default(false),
    // Where and on what the member signed up (the request's address, the web app's device token): a
    // referral whose two accounts share one is held for an operator, not rewarded
    // (docs/product.md#referral-rewards-and-charge-bonuses).
    signupAddress: text('signup_address'),
    signupDevice: text('signup_device'),
  },
  (t) => [
    // Ids are unique regardless of case so 'Member1' cannot shadow 'member1'.
    uniqueIndex('accounts_login_id_lower_key').on(sql`lower(${t.loginId})`),
    uniqueIndex('accounts_referral_code_key').on(t.referralCode),
    uniqueIndex('accounts_api_key_hash_key').on(t.apiKeyHash),
    // Find id / find password and the "already registered" checks look members up by e-mail.
    index('accounts_email_lower_idx').on(sql`lower(btrim(${t.email}))`),
    check('accounts_point_not_negative', sql`${t.point} >= 0`),
  ],
);

export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A retried credit or refund hits this key and becomes a no-op (docs/ARCHITECTURE.md#money).
    uniqueIndex('point_ledger_reason_reference_key').on(t.reason, t.reference),
    // A member's ledger, newest first (the console's page): by account and id, no sort (docs/performance.md#indexes).
    index('point_ledger_account_id_idx').on(t.accountId, t.id),
    // packages/domain LedgerReason; a typo in a new code path fails here instead of going unnoticed.
    check(
      'point_ledger_reason_known',
      sql`${t.reason} IN ('CHARGE', 'ORDER', 'REFUND', 'ADJUSTMENT', 'REFERRAL_REWARD', 'CHARGE_BONUS')`,
    ),
    check('point_ledger_delta_not_zero', sql`${t.delta} <> 0`),
  ],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
});

export const registerWheres = pgTable('register_wheres', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Upstream SMM panels speaking API v2. `builtin:simulated` is the built-in simulated provider. */
export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    apiUrl: text('api_url').notNull(),
    apiKey: text('api_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    // Catalog sync (docs/ARCHITECTURE.md#catalog-sync), the operator's per-provider settings: minutes
    // between scheduled syncs (0 = only on demand), the currency it bills in (null = as its `balance`
    // answer says), whether a service the sync stopped is re-enabled when its upstream service returns,
    // and what the margin guard does ('disable' or 'reprice'). `last_sync_at` is what a ticker claims.
    syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(60),
    currency: text('currency'),
    syncReenable: boolean('sync_reenable').notNull().default(false),
    marginGuard: text('margin_guard').notNull().default('disable'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    // Provider health (docs/ARCHITECTURE.md#provider-health): the operator's switch that stops new orders
    // going to it (they wait, or go to a service's failover provider), and when its balance was last
    // sampled (what the health job claims, one process per interval).
    sendingPaused: boolean('sending_paused').notNull().default(false),
    balanceSampledAt: timestamp('balance_sampled_at', { withTimezone: true, mode: 'date' }),
    // Whether it answers the multi-status call (`orders=`): null until the worker learns it, then true or
    // false (docs/ARCHITECTURE.md#upstream-providers); forgotten when its API URL or key changes.
    multiStatus: boolean('multi_status'),
    // 동시 호출 수 (docs/ARCHITECTURE.md "Orders and the background loop"): the operator's limit on calls
    // in flight to it from each process's lane, 1 to 64; null = the default (4).
    maxConcurrency: integer('max_concurrency'),
  },
  (t) => [
    check('providers_max_concurrency_range', sql`${t.maxConcurrency} >= 1 AND ${t.maxConcurrency} <= 64`),
  ],
);

/** The operator's exchange rates (won per unit of a currency, decimal text), with when each was set. */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  wonPerUnit: text('won_per_unit').notNull(),
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const platforms = pgTable('platforms', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  visible: boolean('visible').notNull().default(true),
  bgColor: text('bg_color').notNull().default('#ffffff'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => platforms.id),
  text: text('text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    text: text('text').notNull(),
    // Unit price per 1 unit of quantity in thousandths of a won (views sell at 0.3 원): exact, never a
    // float. Totals are charged in whole won, rounded up (packages/domain orderCostWon).
    unitPriceMilli: bigint('unit_price_milli', { mode: 'number' }).notNull(),
    // Who fulfils it: an upstream provider and that provider's own service id.
    providerId: integer('provider_id').references(() => providers.id),
    providerServiceId: text('provider_service_id'),
    min: integer('min').notNull(),
    max: integer('max').notNull(),
    notice: text('notice').notNull().default(''),
    enableAuto: boolean('enable_auto').notNull().default(false),
    isReadOnly: boolean('is_read_only').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    // Refill: how many days after an order's completion a member may ask for a refill (0 = none), and
    // whether a member may cancel an open order (docs/product.md#refill-and-cancellation).
    refillDays: integer('refill_days').notNull().default(0),
    cancellable: boolean('cancellable').notNull().default(false),
    // docs/product.md#service-types: what an order of it sends (packages/domain service-types.ts).
    serviceType: text('service_type').notNull().default('default'),
    // Catalog sync (docs/ARCHITECTURE.md#catalog-sync): the markup it follows its provider's rate
    // at (null = priced by hand), the operator's hand-set price the sync keeps, and why the sync made
    // it read-only ('vanished' | 'margin'; null = not the sync), so only those are re-enabled.
    markupPercent: integer('markup_percent'),
    pricePinned: boolean('price_pinned').notNull().default(false),
    // The other terms the operator set by hand, kept by the sync too (PINNABLE_FIELDS of packages/domain
    // catalog-sync.ts: 'min' | 'max' | 'refillDays' | 'cancellable').
    pinnedFields: jsonb('pinned_fields').$type<string[]>().notNull().default([]),
    syncDisabled: text('sync_disabled'),
    // The second provider (and its service id) an order goes to while the first's sending is paused
    // (docs/ARCHITECTURE.md#provider-health); null = orders wait for the first.
    failoverProviderId: integer('failover_provider_id').references(() => providers.id, {
      onDelete: 'set null',
    }),
    failoverProviderServiceId: text('failover_provider_service_id'),
    // What one unit costs at the failover, in thousandths of a won, read from its `services` list when
    // the failover was saved (null: not known), and whether the operator confirmed sending orders there
    // at a loss: without it, an order whose failover cost exceeds what the member paid stays waiting.
    failoverUnitCostMilli: bigint('failover_unit_cost_milli', { mode: 'number' }),
    failoverLossConfirmed: boolean('failover_loss_confirmed').notNull().default(false),
  },
  (t) => [
    check('services_type_known', sql`${t.serviceType} IN ('default', 'custom_comments', 'package')`),
    check('services_unit_price_positive', sql`${t.unitPriceMilli} > 0`),
    check('services_refill_days_range', sql`${t.refillDays} >= 0 AND ${t.refillDays} <= 365`),
    check('services_min_max', sql`${t.min} >= 1 AND ${t.max} >= ${t.min}`),
  ],
);

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  content: text('content').notNull(),
  isTop: boolean('is_top').notNull().default(false),
  bgColor: text('bg_color'),
  createdAt: createdAt(),
});

export const qnas = pgTable('qnas', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  imageUrl: text('image_url').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server process (login attempts, later code sending). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});

/** Facts about the installation itself, e.g. that the demo data was inserted once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * An order for one service and link. `status` is OrderStatus (docs/product.md#orders). An order is owed to
 * its provider until `providerOrderId` is set; the background loop submits it, then refreshes its status
 * (`nextCheckAt`) until it is COMPLETED, PARTIAL or CANCELED. `cost` is what the member paid for it (0 for an
 * auto-order's runs, paid up front on the auto-order); `refunded` is what went back.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    autoOrderId: integer('auto_order_id'),
    link: text('link').notNull(),
    // The link's comparison key (packages/domain order-link-key.ts): the overlap rule, its lock and the
    // console's link search compare it, so one post written two ways is one link; `link` stays as typed.
    linkKey: text('link_key').notNull(),
    amount: integer('amount').notNull(),
    // The service's refill window (days) when the order was placed, or its auto-order was: the member's
    // refill right is what they bought, not the service's setting today (docs/product.md#refill-and-cancellation).
    refillDays: integer('refill_days').notNull().default(0),
    // The service's type when the order was placed (docs/product.md#service-types), so it is sent as it
    // was bought even if the operator changes the service; a Custom Comments order's comments, one a
    // line (amount = their count), null for the other types.
    serviceType: text('service_type').notNull().default('default'),
    comments: text('comments'),
    unitPriceMilli: bigint('unit_price_milli', { mode: 'number' }).notNull(),
    cost: integer('cost').notNull(),
    refunded: integer('refunded').notNull().default(0),
    status: integer('status').notNull().default(0),
    providerId: integer('provider_id').references(() => providers.id),
    providerServiceId: text('provider_service_id'),
    providerOrderId: text('provider_order_id'),
    startCount: integer('start_count'),
    remains: integer('remains'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    // Set while a worker holds the order (claimed, talking to its provider): a member's cancel of an
    // order not yet sent must not race its submission.
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    // Set just before the order is sent to its provider, cleared when the answer (or failure) is
    // recorded. Still set when a worker claims it again: the process that sent it died mid-send, the
    // provider may have the order, so it is held for an operator instead of being sent twice.
    submittingSince: timestamp('submitting_since', { withTimezone: true, mode: 'date' }),
    // A fresh random token per claim: the fence of the lease. Only the process whose token is still on
    // the row may mark it sending (one conditional UPDATE), so a process whose lease ran out and was
    // taken over never sends the order again (docs/ARCHITECTURE.md#background-work).
    leaseToken: text('lease_token'),
    lastError: text('last_error'),
    // What the provider sent back when its answer could not be read (docs/ARCHITECTURE.md#upstream-providers):
    // the start of it, key masked, kept for the operator of an order held on it; cleared by a resend.
    providerAnswer: text('provider_answer'),
    // Why the worker cancelled and refunded it (docs/product.md#orders): the provider refused it (its
    // words, key masked, one line) or its sends kept failing. Kept when last_error is cleared; shown to
    // the operator as it is and to the member in Korean (packages/domain order-cancel-reason.ts).
    cancelReason: text('cancel_reason'),
    // When the order reached COMPLETED, PARTIAL or CANCELED: a refill's window counts from here.
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    // A member (or the public API) asked its provider to cancel it; the refund waits for the
    // provider's CANCELED or PARTIAL, the screens show 취소 요청됨 until then.
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    // An operator cancelled and refunded it without its provider's word (강제 환불,
    // docs/product.md#operator-console): the provider may still run it, so it stays visible as forced.
    forcedRefundAt: timestamp('forced_refund_at', { withTimezone: true, mode: 'date' }),
    // Margin guard (docs/ARCHITECTURE.md#catalog-sync): the provider's `charge` for it as it sent it
    // (decimal text in its currency), and whether that, in won, exceeds what the member paid.
    providerCharge: text('provider_charge'),
    chargeExceedsPaid: boolean('charge_exceeds_paid').notNull().default(false),
    // The watch's "stalled" (docs/ARCHITECTURE.md#the-watch): when its provider took it, or last
    // reported a different status or remains (updated_at is rewritten by every status check).
    progressAt: timestamp('progress_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_account_id_idx').on(t.accountId, t.id),
    index('orders_account_status_id_idx').on(t.accountId, t.status, t.id),
    index('orders_auto_order_idx').on(t.autoOrderId),
    // The console's order search across members (by status, newest first) and its daily totals.
    index('orders_status_id_idx').on(t.status, t.id),
    index('orders_created_at_idx').on(t.createdAt),
    // The overlap rule's question at every order: an open order of this service for this link's key?
    index('orders_open_service_link_key_idx')
      .on(t.serviceId, t.linkKey)
      .where(sql`${t.status} IN (0, 1, 4)`),
    // The background loop's due work: open orders by next check time.
    index('orders_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} IN (0, 1, 4)`),
    check('orders_amount_positive', sql`${t.amount} > 0`),
    check('orders_refund_within_cost', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.cost}`),
  ],
);

/**
 * An auto-order: `runs` orders of `amount`, one every `interval` minutes, paid up front (`cost`).
 * `completed` counts placed runs; `nextRunAt` is when the next is due. Status: AutoOrderStatus.
 */
export const autoOrders = pgTable(
  'auto_orders',
  {
    // Drawn from orders_id_seq (migration 0006): one id space for orders and auto-orders, so the
    // public API's order id names either without a type tag.
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    link: text('link').notNull(),
    amount: integer('amount').notNull(),
    // The service's refill window when the auto-order was placed: each run inherits it (see orders).
    refillDays: integer('refill_days').notNull().default(0),
    runs: integer('runs').notNull(),
    interval: integer('interval_minutes').notNull(),
    unitPriceMilli: bigint('unit_price_milli', { mode: 'number' }).notNull(),
    cost: integer('cost').notNull(),
    refunded: integer('refunded').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    status: integer('status').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auto_orders_account_id_idx').on(t.accountId, t.id),
    index('auto_orders_account_status_id_idx').on(t.accountId, t.status, t.id),
    index('auto_orders_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.status} = 0`),
    check('auto_orders_runs', sql`${t.runs} > 1 AND ${t.completed} >= 0 AND ${t.completed} <= ${t.runs}`),
    check('auto_orders_refund_within_cost', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.cost}`),
  ],
);

/**
 * One Idempotency-Key space per member across orders and auto-orders: the key is taken
 * by inserting this row in the transaction that places the order, so two requests racing with one key
 * serialise on its primary key. `requestHash` tells a replay (same body: the first answer) from a
 * reuse with another body (422).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id'),
    autoOrderId: integer('auto_order_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/** State of the built-in simulated provider (providers/simulated): what an upstream panel would keep. */
export const simulatedProviderOrders = pgTable('simulated_provider_orders', {
  id: serial('id').primaryKey(),
  service: text('service').notNull(),
  link: text('link').notNull(),
  quantity: integer('quantity').notNull(),
  // What a Custom Comments order was sent with, as received (tests read it back).
  comments: text('comments'),
  status: text('status').notNull().default('Pending'),
  startCount: integer('start_count').notNull().default(0),
  remains: integer('remains').notNull(),
  polls: integer('polls').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The simulated provider's refills (docs/ARCHITECTURE.md#upstream-providers): `id` is the refill id it
 * answers; `status` the trade's text (Pending, In progress, Completed, Rejected), `reason` a rejection's.
 */
export const simulatedProviderRefills = pgTable('simulated_provider_refills', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => simulatedProviderOrders.id),
  status: text('status').notNull().default('Pending'),
  polls: integer('polls').notNull().default(0),
  reason: text('reason'),
  createdAt: createdAt(),
});

/** An operator's manual balance change, with its mandatory reason; its ledger reference is `adjustment:<id>`. */
export const pointAdjustments = pgTable(
  'point_adjustments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => accounts.id),
    delta: integer('delta').notNull(),
    memo: text('memo').notNull(),
    // The console's Idempotency-Key: a repeated or raced submission of the same form applies once.
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('point_adjustments_operator_idempotency_key').on(t.operatorId, t.idempotencyKey)],
);

/**
 * A member's bank-transfer charge request (docs/product.md#charges-and-deposits). `status` is ChargeStatus.
 * It is credited (ledger reference `charge:<id>`) when a deposit of `payable` won under `depositorKey`
 * arrives; `depositorKey` is the normalised name (packages/domain normalizeDepositorName). The partial unique
 * index makes two PENDING charges with the same (name, amount) impossible, so a deposit always identifies one
 * charge.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    depositorName: text('depositor_name').notNull(),
    depositorKey: text('depositor_key').notNull(),
    point: integer('point').notNull(),
    payable: integer('payable').notNull(),
    receiptKind: integer('fee_type').notNull(),
    feeValue: jsonb('fee_value').$type<Record<string, string> | null>(),
    status: integer('status').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    responseAt: timestamp('response_at', { withTimezone: true, mode: 'date' }),
    depositId: integer('deposit_id'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    // A tax invoice or cash receipt asked for with the charge (receiptKind 0 or 1) is issued outside the
    // panel (홈택스); the operator marks it done here, and the console lists those still to do.
    receiptIssuedAt: timestamp('receipt_issued_at', { withTimezone: true, mode: 'date' }),
    receiptIssuedBy: integer('receipt_issued_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('charges_pending_depositor_payable_key')
      .on(t.depositorKey, t.payable)
      .where(sql`${t.status} = 0`),
    index('charges_account_id_idx').on(t.accountId, t.id),
    index('charges_status_id_idx').on(t.status, t.id),
    // The console's sales figures: credited charges by the time they were credited.
    index('charges_credited_at_idx')
      .on(t.responseAt)
      .where(sql`${t.status} = 1`),
    // The background loop's due work: pending charges by expiry time.
    index('charges_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 0`),
    check('charges_point_positive', sql`${t.point} > 0 AND ${t.payable} >= ${t.point}`),
    check('charges_fee_type_known', sql`${t.receiptKind} IN (0, 1, 2)`),
    check('charges_status_known', sql`${t.status} IN (0, 1, 2, 3)`),
  ],
);

/**
 * An incoming bank transfer as reported by the signed deposit webhook, a forwarded bank message, or
 * an operator. Stored before it is matched, so none is ever lost; (source, reference) is unique, so a
 * replay is recognised. `status`: packages/domain DEPOSIT_STATUSES.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    source: text('source', { enum: ['webhook', 'bank-sms', 'operator'] }).notNull(),
    reference: text('reference').notNull(),
    depositorName: text('depositor_name'),
    depositorKey: text('depositor_key'),
    amount: integer('amount'),
    depositedAt: timestamp('deposited_at', { withTimezone: true, mode: 'date' }),
    rawText: text('raw_text'),
    bank: text('bank'),
    // The visible tail digits of the receiving account (accountTailOf in packages/domain bank-sms.ts),
    // when the report names the account: a bank message prints it, the webhook's optional `account`.
    accountTail: text('account_tail'),
    status: text('status', {
      enum: ['RECEIVED', 'MATCHED', 'UNMATCHED', 'LATE', 'UNPARSED', 'DUPLICATE'],
    })
      .notNull()
      .default('RECEIVED'),
    chargeId: integer('charge_id').references(() => charges.id),
    // DUPLICATE: the earlier report of the same bank transfer (another channel, or the same one worded
    // differently); held for an operator, never credited automatically.
    duplicateOf: integer('duplicate_of'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('deposits_source_reference_key').on(t.source, t.reference),
    // A charge is credited by at most one deposit (a LATE one only names the expired charge it fits).
    uniqueIndex('deposits_matched_charge_key')
      .on(t.chargeId)
      .where(sql`${t.status} = 'MATCHED'`),
    index('deposits_status_id_idx').on(t.status, t.id),
    // Reports of one amount by bank time: the same-transfer check reads them whatever their names, since
    // a name may be read two ways (docs/ARCHITECTURE.md "Charges and deposits").
    index('deposits_amount_time_idx').on(t.amount, t.depositedAt),
    // Digits only: the duplicate check compares tails as suffixes of one another.
    check('deposits_account_tail_digits', sql`${t.accountTail} ~ '^[0-9]{1,20}$'`),
  ],
);

/** Every operator action: who, what, to what, before and after (the console lists it). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Null: the system's own action (the catalog sync), shown as 시스템.
    operatorId: integer('operator_id').references(() => accounts.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_operator_idx').on(t.operatorId, t.id),
  ],
);

/**
 * A 5-character code sent to an e-mail address or phone number (sign-up). Only an HMAC of the code is
 * kept; it is bound to the address it went to, lives 10 minutes, is used once, and dies after a few
 * wrong guesses (packages/domain VERIFICATION_CODE_RULES).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    /** The normalised address: lower-cased e-mail, or the phone number's digits. */
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_address_idx').on(t.channel, t.address, t.id)],
);

/** A password-reset link's token id (`jti`): the link works once, until `expiresAt`. */
export const passwordResets = pgTable('password_resets', {
  id: text('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** A Naver or Kakao account linked to a member: the provider's stable user id names the member. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['naver', 'kakao'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_user_key').on(t.provider, t.providerUserId),
    index('social_identities_account_idx').on(t.accountId),
  ],
);

/**
 * A member's request that the provider put back what dropped after delivery (docs/product.md#refill-and-cancellation).
 * Moves no money. At most one open (PENDING or INPROGRESS) per order, held by a partial unique index;
 * the background loop sends it (`refill`) and follows it (`refill_status`) like an order, under a lease.
 */
export const orderRefills = pgTable(
  'order_refills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    // 0 PENDING (대기: not yet at the provider), 1 INPROGRESS (진행중), 2 COMPLETED (완료), 3 REJECTED (거절)
    status: integer('status').notNull().default(0),
    providerRefillId: text('provider_refill_id'),
    // The provider's reason for a rejection, or the error that ended it.
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    leaseToken: text('lease_token'),
    // Who asked: the member (site or API) or an operator resending it.
    source: text('source').notNull().default('member'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('order_refills_order_idx').on(t.orderId, t.id),
    index('order_refills_account_idx').on(t.accountId, t.id),
    index('order_refills_status_idx').on(t.status, t.id),
    uniqueIndex('order_refills_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.status} IN (0, 1)`),
    index('order_refills_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} IN (0, 1)`),
    check('order_refills_status_known', sql`${t.status} IN (0, 1, 2, 3)`),
  ],
);

/** One catalog sync of one provider (docs/ARCHITECTURE.md#catalog-sync). */
export const catalogSyncRuns = pgTable(
  'catalogue_sync_runs',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    // 'running' | 'ok' | 'failed'; a failed run changed nothing and keeps the provider's error text.
    status: text('status').notNull().default('running'),
    trigger: text('trigger').notNull(),
    error: text('error'),
    // The currency its rates were read in and the exchange rate used ('1' for KRW), as decimal text.
    currency: text('currency'),
    exchangeRate: text('exchange_rate'),
    // Upstream service ids not mapped to any service of ours (the report's new services).
    unmappedIds: jsonb('unmapped_ids').notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('catalogue_sync_runs_provider_idx').on(t.providerId, t.id),
    // One running sync per provider: a second process's insert of a running run conflicts (the claim).
    uniqueIndex('catalogue_sync_runs_one_running')
      .on(t.providerId)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** What one sync changed on one service: field, from, to (JSON values). */
export const catalogSyncChanges = pgTable(
  'catalogue_sync_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => catalogSyncRuns.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fromValue: jsonb('from_value'),
    toValue: jsonb('to_value'),
    createdAt: createdAt(),
  },
  (t) => [index('catalogue_sync_changes_run_idx').on(t.runId, t.id)],
);

/**
 * Provider health (docs/ARCHITECTURE.md#provider-health): every call to a provider counted per minute
 * and action (calls, failures, total and slowest duration), added to by any process with one upsert.
 */
export const providerCallStats = pgTable(
  'provider_call_stats',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    action: text('action').notNull(),
    calls: integer('calls').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull().default(0),
    maxMs: integer('max_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.bucket, t.action] })],
);

/** A provider call's failure, its message with the key masked: the console's last errors. */
export const providerCallErrors = pgTable(
  'provider_call_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('provider_call_errors_provider_idx').on(t.providerId, t.id)],
);

/** A provider's balance as sampled by the health job (decimal text in its currency), or why it was not read. */
export const providerBalanceSamples = pgTable(
  'provider_balance_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    balance: text('balance'),
    currency: text('currency'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('provider_balance_samples_provider_idx').on(t.providerId, t.createdAt)],
);

/**
 * Operator notifications (docs/ARCHITECTURE.md#operator-notifications): one row per event, keyed so the
 * same event is never recorded twice while it lasts (the partial unique index; a watch entry that went
 * away is resolved, and a later occurrence is a new event). Each channel's state is 'pending', 'sent',
 * 'failed' (gave up) or 'off' (the channel was not chosen when the event fired).
 */
export const operatorNotifications = pgTable(
  'operator_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    emailStatus: text('email_status').notNull().default('pending'),
    telegramStatus: text('telegram_status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('operator_notifications_open_event')
      .on(t.eventKey)
      .where(sql`${t.resolvedAt} IS NULL`),
    index('operator_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.emailStatus} = 'pending' OR ${t.telegramStatus} = 'pending'`),
    index('operator_notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * A member's 1:1 문의 (docs/product.md#inquiries): its type, the order or charge it is about, its state
 * (WAITING 답변 대기, ANSWERED 답변 완료, CLOSED 종료). `waiting_since` is when it began waiting for an
 * answer (null unless WAITING), so the operator's queue serves the oldest waiting first; `closed_at`
 * bounds the reopening; `member_read_message_id` is the last operator reply the member has seen (a later
 * reply is unread: the badge).
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    state: text('state').notNull().default('WAITING'),
    orderId: integer('order_id').references(() => orders.id),
    chargeId: integer('charge_id').references(() => charges.id),
    assignedOperatorId: integer('assigned_operator_id').references(() => accounts.id),
    waitingSince: timestamp('waiting_since', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    memberReadMessageId: bigint('member_read_message_id', { mode: 'number' }).notNull().default(0),
    lastReplyMessageId: bigint('last_reply_message_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_account_idx').on(t.accountId, t.id),
    index('inquiries_queue_idx').on(t.state, t.waitingSince, t.id),
    index('inquiries_order_idx').on(t.orderId),
    check(
      'inquiries_type_known',
      sql`${t.type} IN ('ORDER_REFILL', 'ORDER_CANCEL', 'ORDER_SPEED', 'ORDER_OTHER', 'CHARGE', 'ACCOUNT', 'OTHER')`,
    ),
    check('inquiries_state_known', sql`${t.state} IN ('WAITING', 'ANSWERED', 'CLOSED')`),
    check(
      'inquiries_link_matches_type',
      sql`(${t.type} IN ('ORDER_REFILL', 'ORDER_CANCEL', 'ORDER_SPEED', 'ORDER_OTHER') AND ${t.orderId} IS NOT NULL AND ${t.chargeId} IS NULL) OR (${t.type} = 'CHARGE' AND ${t.chargeId} IS NOT NULL AND ${t.orderId} IS NULL) OR (${t.type} IN ('ACCOUNT', 'OTHER') AND ${t.orderId} IS NULL AND ${t.chargeId} IS NULL)`,
    ),
  ],
);

/**
 * One message of an inquiry's thread: the member's, an operator's reply, or an operator's internal note
 * (`internal`, never served to the member). `attachment` is the stored name of an image under
 * DATA_DIR/inquiry-uploads, served only to its inquiry's member and to operators.
 */
export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id),
    author: text('author').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => accounts.id),
    internal: boolean('internal').notNull().default(false),
    text: text('text').notNull(),
    attachment: text('attachment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inquiry_messages_thread_idx').on(t.inquiryId, t.id),
    index('inquiry_messages_author_time_idx').on(t.authorId, t.createdAt),
    check('inquiry_messages_author_known', sql`${t.author} IN ('member', 'operator')`),
    check('inquiry_messages_note_by_operator', sql`NOT ${t.internal} OR ${t.author} = 'operator'`),
  ],
);

/**
 * 자주 쓰는 답변: reply texts operators keep for inquiries (docs/product.md#inquiries), in the order the
 * console lists and offers them. The limits are the domain's (validateSavedAnswer), held here too.
 */
export const savedAnswers = pgTable(
  'saved_answers',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_answers_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 60`),
    check('saved_answers_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

/**
 * 회원 등급 (docs/product.md#member-grades-and-custom-rates): a discount in basis points (1 bp = 0.01 %)
 * off every service's price, earned by spending `min_spend_won` over the last `window_days` days (the
 * daily grade run), or given by the operator only (`min_spend_won` null).
 */
export const memberGrades = pgTable(
  'member_grades',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    discountBp: integer('discount_bp').notNull(),
    minSpendWon: integer('min_spend_won'),
    windowDays: integer('window_days').notNull().default(30),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_grades_name_key').on(sql`lower(${t.name})`),
    check('member_grades_discount_range', sql`${t.discountBp} >= 0 AND ${t.discountBp} <= 9000`),
    check('member_grades_min_spend_range', sql`${t.minSpendWon} IS NULL OR ${t.minSpendWon} >= 0`),
    check('member_grades_window_range', sql`${t.windowDays} >= 1 AND ${t.windowDays} <= 365`),
  ],
);

/**
 * A member's own rate for one service (docs/product.md#member-grades-and-custom-rates): a unit price in
 * milli-won or a discount in basis points, exactly one; it wins over the grade. `loss_confirmed`: the
 * operator saved it below the upstream cost on purpose.
 */
export const memberRates = pgTable(
  'member_rates',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    // A service deleted in the console (only one never ordered can be) takes its rates with it.
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    unitPriceMilli: bigint('unit_price_milli', { mode: 'number' }),
    discountBp: integer('discount_bp'),
    lossConfirmed: boolean('loss_confirmed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.serviceId] }),
    check('member_rates_one_kind', sql`(${t.unitPriceMilli} IS NULL) <> (${t.discountBp} IS NULL)`),
    check('member_rates_price_positive', sql`${t.unitPriceMilli} IS NULL OR ${t.unitPriceMilli} > 0`),
    check(
      'member_rates_discount_range',
      sql`${t.discountBp} IS NULL OR (${t.discountBp} >= 0 AND ${t.discountBp} <= 9000)`,
    ),
  ],
);

/**
 * One row per Seoul day the grade run has run: the process whose insert wins runs it, in the same
 * transaction, so several processes never run it twice (docs/product.md#member-grades-and-custom-rates).
 */
export const gradeRuns = pgTable('grade_runs', {
  day: text('day').primaryKey(),
  promoted: integer('promoted').notNull().default(0),
  demoted: integer('demoted').notNull().default(0),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A referrer's reward for one finished order of the member they referred
 * (docs/product.md#referral-rewards-and-charge-bonuses): recorded when the order reaches COMPLETED or
 * PARTIAL, credited by the background loop once `earned_at` is past the holding period (ledger
 * `REFERRAL_REWARD referral:<id>`), its amount read then from what the order kept (cost − refunded).
 * Status: packages/domain ReferralRewardStatus.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => accounts.id),
    referredId: integer('referred_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status').notNull().default('PENDING'),
    // When the order finished: the holding period counts from here.
    earnedAt: timestamp('earned_at', { withTimezone: true, mode: 'date' }).notNull(),
    // Set when settled (credited, reversed, withheld): what the order kept, the percent and the points.
    spent: integer('spent'),
    percent: integer('percent'),
    amount: integer('amount'),
    // Why it waits for an operator (packages/domain SelfReferralSign), and an operator's memo.
    heldReason: text('held_reason'),
    memo: text('memo'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One reward per order, whichever path finished it first.
    uniqueIndex('referral_rewards_order_id_key').on(t.orderId),
    // The background loop's due work, oldest first.
    index('referral_rewards_pending_idx')
      .on(t.earnedAt)
      .where(sql`${t.status} = 'PENDING'`),
    // A referrer's rewards (the account page, the console), newest first.
    index('referral_rewards_referrer_idx').on(t.referrerId, t.id),
    check(
      'referral_rewards_status_known',
      sql`${t.status} IN ('PENDING', 'CREDITED', 'REVERSED', 'HELD', 'WITHHELD')`,
    ),
    check('referral_rewards_not_self', sql`${t.referrerId} <> ${t.referredId}`),
  ],
);
