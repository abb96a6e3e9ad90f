import { z } from 'zod';

/*
 * The console's provider health (docs/product.md#operator-console): per provider its calls of the
 * last 24 hours by hour, its last errors, its balance history, the stop-sending switch with the orders
 * waiting for it, and (the built-in simulated provider only) the demo's trouble switches.
 */

export const providerHealthHour = z.object({
  /** The hour's start (ISO). */
  hour: z.string(),
  calls: z.number().int(),
  failures: z.number().int(),
  /** Average and slowest call of the hour in ms; null with no calls. */
  avgMs: z.number().nullable(),
  maxMs: z.number().nullable(),
});
export type ProviderHealthHour = z.infer<typeof providerHealthHour>;

export const providerHealthError = z.object({
  createdAt: z.string(),
  /** add, status, cancel, refill, refill_status, balance, services (providerActionLabel). */
  action: z.string(),
  /** The client's message, the provider's key masked. */
  message: z.string(),
});
export type ProviderHealthError = z.infer<typeof providerHealthError>;

export const providerBalanceSample = z.object({
  createdAt: z.string(),
  /** Decimal text in `currency`; null when it could not be read (`error` says why). */
  balance: z.string().nullable(),
  currency: z.string().nullable(),
  error: z.string().nullable(),
});
export type ProviderBalanceSample = z.infer<typeof providerBalanceSample>;

export const simulatedMode = z.object({
  /** Out of money: balance 0, every order refused. */
  dry: z.boolean(),
  /** Takes the connection and never answers. */
  silent: z.boolean(),
});
export type SimulatedMode = z.infer<typeof simulatedMode>;

export const providerHealth = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  enabled: z.boolean(),
  sendingPaused: z.boolean(),
  /** Open orders not yet accepted by this provider (held back while paused). */
  waitingOrders: z.number().int(),
  /** Services of this provider with a failover provider configured. */
  failoverServices: z.number().int(),
  /** The last 24 hours, oldest first, one entry per hour (zeros included). */
  hours: z.array(providerHealthHour),
  /** The latest errors, newest first. */
  errors: z.array(providerHealthError),
  /** Balance samples of the last 24 hours, oldest first. */
  balances: z.array(providerBalanceSample),
  /** The built-in simulated provider's trouble switches; null for every other provider. */
  simulator: simulatedMode.nullable(),
});
export type ProviderHealth = z.infer<typeof providerHealth>;

/** GET /admin/api/provider-health */
export const providerHealthResponse = z.object({
  providers: z.array(providerHealth),
  /** Minutes between the background balance samples. */
  balanceSampleMinutes: z.number().int(),
});
export type ProviderHealthResponse = z.infer<typeof providerHealthResponse>;

/** PUT /admin/api/providers/:id/sending — 신규 주문 전송 중지 on (paused) or off. */
export const providerSendingRequest = z.object({ paused: z.boolean() });
export type ProviderSendingRequest = z.infer<typeof providerSendingRequest>;

/** PUT /admin/api/simulated-provider/mode — the demo's 잔액 소진 / 응답 없음 (the simulator only). */
export const simulatedModeRequest = simulatedMode;
export type SimulatedModeRequest = z.infer<typeof simulatedModeRequest>;
