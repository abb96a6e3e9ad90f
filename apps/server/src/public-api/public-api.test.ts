import { LedgerReason, OrderStatus } from '@smm/domain';
import { publicServicesResponse } from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../auth/api-keys';
import { accounts, autoOrders, orders, pointLedger, services } from '../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { catalogService, placeAutoOrder, placeOrder } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const t = useTestApp();

const LINK = 'https://www.instagram.com/p/Cx1abc/';

const withKey = (member: TestMember) => ({ 'api-key': member.apiKey! });

/** POST /api/order with the member's key. */
function apiOrder(member: TestMember, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...withKey(member), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

const status = (member: TestMember, wId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/status/${wId}`, headers: withKey(member) });

describe(`public REST API on ${testDatabaseKind}`, () => {
  it('GET /api/services lists what can be ordered: {id, min, max, text} plus price and category', async () => {
    const member = await createMember(t.app, { apiKey: true });
    const readOnly = await catalogService(t.app);
    await t.app.database.db.update(services).set({ isReadOnly: true }).where(eq(services.id, readOnly.id));
    await t.app.services.catalog.changed();

    const response = await t.app.inject({ method: 'GET', url: '/api/services', headers: withKey(member) });
    expect(response.statusCode).toBe(200);
    const list = publicServicesResponse.parse(response.json());
    const visible = await t.app.database.db.select().from(services).where(eq(services.visible, true));
    expect(list.map((s) => s.id)).not.toContain(readOnly.id);
    expect(list).toHaveLength(visible.length - 1);
    const second = visible.find((s) => s.id !== readOnly.id)!;
    expect(list.find((s) => s.id === second.id)).toEqual({
      id: second.id,
      text: second.text,
      min: second.min,
      max: second.max,
      price: second.unitPriceMilli / 1000,
      category: expect.any(String),
      refill: second.refillDays > 0,
      refillDays: second.refillDays,
      cancel: second.cancellable,
      type: 'default',
    });
    // The service's own refill and cancel terms (docs/product.md#refill-and-cancellation).
    const terms = (text: string) => list.find((s) => s.text === text);
    expect(terms('🇰🇷 유튜브 한국인 구독자')).toMatchObject({ refill: true, refillDays: 30, cancel: true });
    expect(terms('🇰🇷 인스타그램 한국인 좋아요')).toMatchObject({
      refill: false,
      refillDays: 0,
      cancel: true,
    });
    expect(terms('유튜브 조회수 (고품질)')).toMatchObject({ refill: false, refillDays: 0, cancel: false });
    expect(list[0]?.category).toMatch(/인스타그램/);
  });

  it('a missing or wrong key is 401 on every call, before anything is read or written', async () => {
    const member = await createMember(t.app, { apiKey: true, point: 100_000 });
    const service = await catalogService(t.app);
    const calls = [
      { method: 'GET', url: '/api/services' },
      { method: 'POST', url: '/api/order', payload: { serviceId: service.id, link: LINK, amount: 100 } },
      { method: 'GET', url: '/api/status/1' },
    ] as const;
    for (const call of calls) {
      for (const headers of [{}, { 'api-key': `${member.apiKey}x` }, { 'api-key': '' }, bearer('x')]) {
        const response = await t.app.inject({ ...call, headers });
        expect(response.statusCode, `${call.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'API_KEY_INVALID' });
      }
    }
    // A member's login token is not an API key either.
    const token = await tokenFor(t.app, member);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/services', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
    expect(await t.app.database.db.select().from(orders)).toHaveLength(0);
  });

  it('POST /api/order places an order with the same rules, debit and ledger as the site', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    const member = await createMember(t.app, { apiKey: true, point: 100_000 });
    const response = await apiOrder(member, { serviceId: service.id, link: LINK, amount: 100 });
    expect(response.statusCode).toBe(200);
    const { wId } = response.json() as { wId: number };
    expect(Object.keys(response.json())).toEqual(['wId']);
    // 1.234 won × 100 = 123.4 → 124 won (rounded up)
    const cost = 124;
    expect(await pointOf(t.app, member.accountId)).toBe(100_000 - cost);
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.id, wId));
    expect(row).toMatchObject({
      accountId: member.accountId,
      serviceId: service.id,
      link: LINK,
      amount: 100,
      cost,
    });
    const [entry] = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.reason, LedgerReason.ORDER), eq(pointLedger.reference, `order:${wId}`)));
    expect(entry).toMatchObject({ delta: -cost, balanceAfter: 100_000 - cost });
  });

  it('POST /api/order refuses what the site refuses, with its Korean message, and writes nothing', async () => {
    const service = await catalogService(t.app);
    const member = await createMember(t.app, { apiKey: true, point: 1_000 });
    const cases: [unknown, number, string][] = [
      [{ serviceId: 999_999, link: LINK, amount: 100 }, 400, '서비스를 선택해 주세요.'],
      [{ serviceId: service.id, link: '', amount: 100 }, 400, '주문 링크를 입력해주세요.'],
      [
        { serviceId: service.id, link: LINK, amount: service.min - 1 },
        400,
        '주문 수량이 최소수량보다 적습니다.',
      ],
      [
        { serviceId: service.id, link: LINK, amount: service.max + 1 },
        400,
        '주문 수량이 최대수량보다 많습니다.',
      ],
      [{ serviceId: service.id, link: LINK, amount: 1.5 }, 400, '주문 수량은 정수로 입력해주세요.'],
      [{ serviceId: service.id, link: LINK, amount: service.max }, 409, '포인트가 부족합니다.'],
    ];
    for (const [payload, code, message] of cases) {
      const response = await apiOrder(member, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(code);
      expect(response.json().message).toBe(message);
    }
    // Malformed input is a 400, never a 500: NUL, wrong types, huge numbers, no body.
    for (const payload of [
      { serviceId: service.id, link: `${LINK}\u0000`, amount: 100 },
      { serviceId: String(service.id), link: LINK, amount: 100 },
      { serviceId: 1e30, link: LINK, amount: 100 },
      { serviceId: service.id, link: LINK, amount: 1e308 },
    ]) {
      expect((await apiOrder(member, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/order', headers: withKey(member) })).statusCode,
    ).toBe(400);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000);
    expect(await t.app.database.db.select().from(orders)).toHaveLength(0);
  });

  it('an Idempotency-Key makes a retried POST /api/order return the first order, debited once', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_234 });
    const member = await createMember(t.app, { apiKey: true, point: 100_000 });
    const headers = { 'idempotency-key': 'bot-order-42' };
    const [a, b] = await Promise.all([
      apiOrder(member, { serviceId: service.id, link: LINK, amount: 100 }, headers),
      apiOrder(member, { serviceId: service.id, link: LINK, amount: 100 }, headers),
    ]);
    expect(a.json()).toEqual(b.json());
    // 100,000 − 124 (1.234 won × 100 = 123.4 → 124), once
    expect(await pointOf(t.app, member.accountId)).toBe(99_876);
  });

  it('GET /api/status/{wId}: each status as its documented text, with the remains', async () => {
    const service = await catalogService(t.app);
    const member = await createMember(t.app, { apiKey: true, point: 100_000 });
    const { orderId: wId } = await placeOrder(t.app, member, {
      serviceId: service.id,
      link: LINK,
      amount: 100,
    });
    // Not yet reported by its provider: nothing delivered.
    expect((await status(member, wId)).json()).toEqual({ status: 'PENDING', remains: 100 });
    const expected: [OrderStatus, number | null, string, number][] = [
      [OrderStatus.INPROGRESS, 40, 'IN PROGRESS', 40],
      [OrderStatus.PROCESSING, null, 'PROCESSING', 100],
      [OrderStatus.PARTIAL, 157, 'PARTIAL', 157],
      [OrderStatus.CANCELED, 100, 'CANCELED', 100],
      [OrderStatus.COMPLETED, null, 'COMPLETED', 0],
    ];
    for (const [value, remains, text, shown] of expected) {
      await t.app.database.db.update(orders).set({ status: value, remains }).where(eq(orders.id, wId));
      const response = await status(member, wId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: text, remains: shown });
    }
  });

  it("another member's wId is 404 exactly like an unknown one; a malformed wId is 400", async () => {
    const service = await catalogService(t.app);
    const owner = await createMember(t.app, { apiKey: true, point: 100_000 });
    const other = await createMember(t.app, { apiKey: true });
    const { orderId: wId } = await placeOrder(t.app, owner, {
      serviceId: service.id,
      link: LINK,
      amount: 100,
    });
    const foreign = await status(other, wId);
    const unknown = await status(other, wId + 1000);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(unknown.statusCode).toBe(404);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', '%00']) {
      expect((await status(other, bad)).statusCode, bad).toBe(400);
    }
  });

  it('an auto-order placed on the site is tracked by its id too (orders and auto-orders share one id space)', async () => {
    const service = await catalogService(t.app, { enableAuto: true });
    const member = await createMember(t.app, { apiKey: true, point: 1_000_000 });
    const plain = await apiOrder(member, { serviceId: service.id, link: LINK, amount: service.min });
    const { orderId: autoId } = await placeAutoOrder(t.app, member, {
      serviceId: service.id,
      // (Another link: a second open order of one service for one link is refused.)
      link: LINK.replace(/\/$/, 'auto/'),
      amount: service.min,
      runs: 3,
      interval: 60,
    });
    expect(autoId).not.toBe(plain.json().wId);
    expect((await status(member, autoId)).json()).toEqual({
      status: 'IN PROGRESS',
      remains: service.min * 3,
    });
    await t.app.services.orderCancellation.cancelAutoOrder(member.accountId, autoId);
    expect((await status(member, autoId)).json()).toMatchObject({ status: 'CANCELED' });
    const [row] = await t.app.database.db.select().from(autoOrders).where(eq(autoOrders.id, autoId));
    expect(row?.accountId).toBe(member.accountId);
  });
});

describe(`API keys on ${testDatabaseKind}`, () => {
  it('POST /auth/api-key issues a random key shown once, stores only its SHA-256, revokes the old one', async () => {
    const member = await createMember(t.app, { apiKey: true });
    const token = await tokenFor(t.app, member);
    const issue = () => t.app.inject({ method: 'POST', url: '/auth/api-key', headers: bearer(token) });
    const first = await issue();
    expect(first.statusCode).toBe(200);
    const { apiKey } = first.json() as { apiKey: string };
    // ≥ 128 bits: 32 random bytes in base64url after the public prefix.
    expect(apiKey).toMatch(/^smm_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(first.headers['cache-control']).toContain('no-store');

    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(row?.apiKeyHash).toBe(hashApiKey(apiKey));
    expect(JSON.stringify(row)).not.toContain(apiKey);

    // The old key is dead at once, the new one works.
    const services = (key: string) =>
      t.app.inject({ method: 'GET', url: '/api/services', headers: { 'api-key': key } });
    expect((await services(member.apiKey!)).statusCode).toBe(401);
    expect((await services(apiKey)).statusCode).toBe(200);

    // The profile shows it masked: prefix and the last four characters.
    const profile = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
    expect(profile.json().apiKey).toBe(`${apiKey.slice(0, 12)}…${apiKey.slice(-4)}`);
    expect(profile.body).not.toContain(apiKey);

    const second = (await issue()).json().apiKey as string;
    expect(second).not.toBe(apiKey);
    expect((await services(apiKey)).statusCode).toBe(401);
    expect((await services(second)).statusCode).toBe(200);
  });

  it('POST /auth/api-key allows 10 new keys per account an hour (429 with Retry-After), never limiting another member', async () => {
    const [member, other] = [await createMember(t.app), await createMember(t.app)];
    const issue = async (m: typeof member) =>
      t.app.inject({ method: 'POST', url: '/auth/api-key', headers: bearer(await tokenFor(t.app, m)) });
    for (let i = 0; i < 10; i++) expect((await issue(member)).statusCode).toBe(200);
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    t.clock.advance(60_000);
    const refused = await issue(member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_API_KEYS',
      message: 'API 키는 1시간에 10번까지 발급할 수 있습니다. 잠시 후 다시 시도해주세요.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(3540);
    // The refused call changed nothing: the last issued key is still the account's key.
    const [after] = await t.app.database.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(after?.apiKeyHash).toBe(row?.apiKeyHash);
    expect((await issue(other)).statusCode).toBe(200);
    t.clock.advance(3540 * 1000);
    expect((await issue(member)).statusCode).toBe(200);
  });

  it('POST /auth/api-key needs a login token (not a key)', async () => {
    const member = await createMember(t.app, { apiKey: true });
    expect((await t.app.inject({ method: 'POST', url: '/auth/api-key' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/api-key', headers: withKey(member) })).statusCode,
    ).toBe(401);
  });

  it('a deleted account has no working key', async () => {
    const member = await createMember(t.app, { apiKey: true });
    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: new Date() })
      .where(eq(accounts.id, member.accountId));
    const response = await t.app.inject({ method: 'GET', url: '/api/services', headers: withKey(member) });
    expect(response.statusCode).toBe(401);
  });
});

describe(`rate limit per key on ${testDatabaseKind}`, () => {
  const limited = useTestApp({ apiRateLimitPerMinute: 5 });

  it('answers 429 with Retry-After past the limit, for that key only, and again after the window', async () => {
    const a = await createMember(limited.app, { apiKey: true });
    const b = await createMember(limited.app, { apiKey: true });
    const call = (member: TestMember) =>
      limited.app.inject({ method: 'GET', url: '/api/services', headers: withKey(member) });
    for (let i = 0; i < 5; i++) expect((await call(a)).statusCode).toBe(200);
    const refused = await call(a);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another key is not affected; wrong keys do not count against anyone.
    expect((await call(b)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      await limited.app.inject({ method: 'GET', url: '/api/services', headers: { 'api-key': 'smm_wrong' } });
    }
    expect((await call(b)).statusCode).toBe(200);
    // v2 counts against the same allowance and answers a standard 429 too.
    const v2 = await limited.app.inject({
      method: 'POST',
      url: '/api/v2',
      payload: `key=${a.apiKey}&action=balance`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(v2.statusCode).toBe(429);
    expect(v2.headers['retry-after']).toBeDefined();
    limited.clock.advance(60_000);
    expect((await call(a)).statusCode).toBe(200);
  });
});
