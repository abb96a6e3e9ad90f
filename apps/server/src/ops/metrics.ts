import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type OrderKind = 'order' | 'auto';
/** `submit`: sending a new order failed; `status`: asking about an order the provider has failed. */
export type ProviderErrorStage = 'submit' | 'status';

/** What the metrics read from the database on a scrape (ops.repository's one query). */
export type LedgerTotals = () => Promise<{ reason: string; total: number; entries: number }[]>;

/**
 * The app's Prometheus metrics, in a registry of its own (never prom-client's global one): tests build
 * several apps in one process, and each app's counters must be its own. `GET /metrics` serialises it.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly ordersPlaced: Counter<'kind'>;
  private readonly providerErrors: Counter<'stage'>;
  private readonly ledgerTotal: Gauge<'reason'>;
  private readonly ledgerEntries: Gauge<'reason'>;

  constructor(private readonly ledgerTotals: LedgerTotals) {
    const registers = [this.registry];
    // Process CPU, memory, GC, handles and the event-loop lag (nodejs_eventloop_lag_seconds …).
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'smm_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern (never the raw URL) and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.ordersPlaced = new Counter({
      name: 'smm_orders_placed_total',
      help: 'Orders and auto-orders placed (debited) by this process; an idempotent repeat is not counted.',
      labelNames: ['kind'],
      registers,
    });
    this.providerErrors = new Counter({
      name: 'smm_provider_errors_total',
      help: 'Failed provider calls recorded by the order worker of this process.',
      labelNames: ['stage'],
      registers,
    });
    this.ledgerTotal = new Gauge({
      name: 'smm_ledger_total_won',
      help: 'Sum of the point ledger deltas by reason, in won (read from the database on each scrape).',
      labelNames: ['reason'],
      registers,
    });
    this.ledgerEntries = new Gauge({
      name: 'smm_ledger_entries',
      help: 'Number of point ledger entries by reason (read from the database on each scrape).',
      labelNames: ['reason'],
      registers,
    });
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe(
      { method, route, status_class: `${Math.floor(statusCode / 100)}xx` },
      seconds,
    );
  }

  orderPlaced(kind: OrderKind): void {
    this.ordersPlaced.inc({ kind });
  }

  providerError(stage: ProviderErrorStage): void {
    this.providerErrors.inc({ stage });
  }

  /** The text exposition format, with the ledger gauges read now (one query). */
  async scrape(): Promise<{ contentType: string; body: string }> {
    this.ledgerTotal.reset();
    this.ledgerEntries.reset();
    // A database that does not answer leaves the ledger gauges empty; the rest of the scrape still works.
    const rows = await this.ledgerTotals().catch(() => []);
    for (const row of rows) {
      this.ledgerTotal.set({ reason: row.reason }, row.total);
      this.ledgerEntries.set({ reason: row.reason }, row.entries);
    }
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** Label of a request no route matched (404s): one series, whatever URL was asked. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Every answered request is observed with its route's pattern (`/service/order/:id`), never its URL:
 * ids and query strings would make a series per request.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
