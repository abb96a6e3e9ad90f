import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providers } from '../db/schema';
import { bearer, createMember, tokenFor } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { AppMetrics } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123';
const t = useTestApp({ metricsToken: TOKEN });

const scrape = (headers: Record<string, string> = bearer(TOKEN)) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`GET /metrics on ${testDatabaseKind}`, () => {
  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: TOKEN },
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer(''),
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await scrape(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.body).not.toContain('smm_');
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('counts placed orders (not idempotent repeats), reads ledger totals, labels latency by route pattern', async () => {
    const member = await createMember(t.app, { point: 1_000_000 });
    const s = await catalogService(t.app, { enableAuto: false, unitPriceMilli: 1_234 });
    // The app (and its counters) lives for the whole file, as in a running process: counters are read
    // as a difference, whatever the tests before this one did. The ledger gauges read the database,
    // which every test starts empty.
    const ORDER_LATENCY =
      'smm_http_request_duration_seconds_count{method="POST",route="/service/order",status_class="2xx"}';
    const beforeText = (await scrape()).body;
    const before = sample(beforeText, 'smm_orders_placed_total{kind="order"}') ?? 0;
    const latencyBefore = sample(beforeText, ORDER_LATENCY) ?? 0;
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/service/order?utm=secret-query',
        headers: { ...bearer(ws), 'idempotency-key': 'metrics-order-1' },
        payload: { serviceId: s.id, link: 'https://a.com/metrics', amount: 50 },
      });
    const ws = await tokenFor(t.app, member);
    const first = await order();
    expect(first.statusCode).toBe(200);
    expect((await order()).json()).toEqual(first.json());
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345?x=1' });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(sample(text, 'smm_orders_placed_total{kind="order"}')).toBe(before + 1);
    // Σ delta by reason: the test credit (adjustment) and the order's debit.
    // 1.234 won × 50 = 61.7 → 62 won debited
    expect(sample(text, 'smm_ledger_total_won{reason="ORDER"}')).toBe(-62);
    expect(sample(text, 'smm_ledger_entries{reason="ORDER"}')).toBe(1);
    expect(sample(text, 'smm_ledger_total_won{reason="ADJUSTMENT"}')).toBe(1_000_000);
    expect(sample(text, ORDER_LATENCY)).toBe(latencyBefore + 2);
    expect(text).toContain('route="(unmatched)",status_class="4xx"');
    expect(text).not.toContain('secret-query');
    expect(text).not.toContain('12345');
    // prom-client's default metrics in the app's own registry, event-loop lag among them.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('labels a route with a parameter by its pattern, never the id', async () => {
    const member = await createMember(t.app, { apiKey: true });
    await t.app.inject({ method: 'GET', url: '/api/status/987654', headers: { 'api-key': member.apiKey! } });
    const text = (await scrape()).body;
    expect(text).toContain('route="/api/status/:wId"');
    expect(text).not.toContain('987654');
  });

  it('counts provider errors the order worker records', async () => {
    const member = await createMember(t.app, { point: 1_000_000 });
    const s = await catalogService(t.app, { enableAuto: false });
    await t.app.database.db
      .update(providers)
      .set({ apiUrl: 'http://127.0.0.1:9/unreachable' })
      .where(eq(providers.id, s.providerId!));
    await placeOrder(t.app, member, { serviceId: s.id, link: 'https://a.com/failing', amount: s.min });
    const before = sample((await scrape()).body, 'smm_provider_errors_total{stage="submit"}') ?? 0;
    expect(await t.app.services.worker.tick()).toMatchObject({ failures: 1 });
    expect(sample((await scrape()).body, 'smm_provider_errors_total{stage="submit"}')).toBe(before + 1);
  });

  it('keeps each app in a registry of its own (two apps in one process do not collide)', async () => {
    const a = new AppMetrics(async () => []);
    const b = new AppMetrics(async () => []);
    a.orderPlaced('order');
    expect((await a.scrape()).body).toContain('smm_orders_placed_total{kind="order"} 1');
    expect((await b.scrape()).body).not.toContain('smm_orders_placed_total{kind="order"} 1');
  });
});
