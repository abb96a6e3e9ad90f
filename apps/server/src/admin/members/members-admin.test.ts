import { ChargeStatus, MEMBER_ADMIN_MESSAGES } from '@smm/domain';
import type {
  AdminMemberDetailResponse,
  AdminMembersResponse,
  AuditLogResponse,
  MemberActionResponse,
} from '@smm/domain/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, orders, socialIdentities } from '../../db/schema';
import { OperatorOrderActions } from '../../orders/cancellation/operator-actions';
import { OrderWorker } from '../../orders/fulfilment/order-worker';
import { ChargeDecisions } from '../../points/charge-decisions';
import { reportDeposit, requestCharge } from '../../test/charge-factories';
import { bearer, createMember, creditMember, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, placeAutoOrder, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
/** A link per order: an open order of the service for the link refuses the next (ORDER_OVERLAP). */
let links = 0;

async function call(caller: TestMember, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await tokenFor(t.app, caller)),
    ...(payload ? { payload } : {}),
  });
}

const list = async (operator: TestMember, query = '') => {
  const response = await call(operator, 'GET', `/admin/api/members${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<AdminMembersResponse>();
};
const ids = (page: AdminMembersResponse) => page.items.map((item) => item.loginId);

async function setAccount(member: TestMember, values: Partial<typeof accounts.$inferInsert>) {
  await t.app.database.db.update(accounts).set(values).where(eq(accounts.id, member.accountId));
}

/** 100 won a unit (the first auto-order service, re-priced), so costs are amounts × 100. */
const service = () => catalogService(t.app, { enableAuto: true, unitPriceMilli: 100_000 });

/** The worker's tick with the app's providers: places an auto-order's first run. */
const tick = () =>
  new OrderWorker(t.app.database.db, t.app.services.providers, t.app.services.catalog, t.clock, {
    statusRefreshSeconds: 30,
    maxSubmitAttempts: 3,
    batchSize: 50,
    secondsPerMinute: 60,
  }).tick();

const order = async (member: TestMember, amount: number) =>
  placeOrder(t.app, member, {
    serviceId: (await service()).id,
    link: `https://instagram.com/p/abc${(links += 1)}`,
    amount,
  });

/** The runs an auto-order has placed, with what each cost. */
const runCosts = async (autoOrderId: number) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.autoOrderId, autoOrderId))).map(
    (o) => o.cost,
  );

/** A credited charge: requested, then paid by a transfer under its name and amount. */
async function paidCharge(member: TestMember, point: number) {
  const charge = await requestCharge(t.app, member, { name: '홍길동', point });
  await reportDeposit(t.app, { name: '홍길동', amount: point });
  return charge;
}

async function auditRows() {
  return t.app.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
}

describe(`operator members API on ${testDatabaseKind}`, () => {
  it('lists members with their figures computed from orders, refunds and credited charges', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const alice = await createMember(t.app, { id: 'alice' });
    const bob = await createMember(t.app, { id: 'bob_1' });
    await setAccount(alice, { phoneNumber: '01012345678', createdAt: new Date('2026-01-01T00:00:00Z') });
    await setAccount(bob, { createdAt: new Date('2026-02-01T00:00:00Z') });
    await paidCharge(alice, 50_000);
    await requestCharge(t.app, alice, { name: '홍길동', point: 7_000 }); // pending: no money
    const refused = await requestCharge(t.app, alice, { name: '홍길동', point: 3_000 });
    await new ChargeDecisions(t.app.database.db, t.clock).reject(operator.accountId, refused.id, '허위 신청');
    await creditMember(t.app, alice.accountId, 1_000); // an adjustment: neither charged nor spent
    const big = await order(alice, 100); // 100 × 100 won = 10,000
    expect(big.cost).toBe(10_000);
    const partial = await new OperatorOrderActions(
      t.app.database.db,
      t.app.services.providers,
      t.clock,
    ).partial(operator.accountId, big.orderId, 40, '일부 미처리');
    expect(partial.refunded).toBe(4_000); // 40 undelivered × 100 won
    expect((await order(alice, 25)).cost).toBe(2_500); // 25 × 100 won
    const auto = await placeAutoOrder(t.app, alice, {
      serviceId: (await service()).id,
      link: `https://instagram.com/p/auto${(links += 1)}`,
      amount: 30,
      runs: 2,
      interval: 60,
    });
    expect(auto.cost).toBe(6_000); // 30 × 100 won × 2 runs, up front
    await tick(); // its first run goes out: an order row, not another order of the member's
    expect(await runCosts(auto.orderId)).toEqual([3_000]); // 30 × 100 won, paid with the auto-order

    const page = await list(operator);
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    // Operators are not members; newest first by default.
    expect(ids(page)).toEqual(['bob_1', 'alice']);
    expect(page.items[1]).toEqual({
      loginId: 'alice',
      email: 'alice@example.com',
      phoneNumber: '01012345678',
      point: 50_000 + 1_000 - 10_000 + 4_000 - 2_500 - 6_000,
      registerWhere: '지인 추천',
      createdAt: '2026-01-01T00:00:00.000Z',
      suspendedAt: null,
      orderCount: 3,
      totalSpent: 10_000 - 4_000 + 2_500 + 6_000,
      totalCharged: 50_000,
    });
    expect(page.items[0]).toMatchObject({ orderCount: 0, totalSpent: 0, totalCharged: 0, point: 0 });
  });

  it('searches id, e-mail and phone (case-insensitive, wildcards literal, phone digits only)', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const a = await createMember(t.app, { id: 'Kim_Min' });
    const b = await createMember(t.app, { id: 'kimXmin' });
    const c = await createMember(t.app, { id: 'lee100' });
    await setAccount(a, { phoneNumber: '010-2222-3333', email: 'MinKim@Naver.com' });
    await setAccount(b, { phoneNumber: '01099998888' });
    await setAccount(c, { email: '100%real@example.com' });

    expect(ids(await list(operator, '?q=KIM')).sort()).toEqual(['Kim_Min', 'kimXmin']);
    // `_` is a literal underscore, not "any character".
    expect(ids(await list(operator, '?q=kim_'))).toEqual(['Kim_Min']);
    expect(ids(await list(operator, '?q=' + encodeURIComponent('100%')))).toEqual(['lee100']);
    expect(ids(await list(operator, '?q=' + encodeURIComponent('%')))).toEqual(['lee100']);
    expect(ids(await list(operator, '?q=naver.COM'))).toEqual(['Kim_Min']);
    // Stored with or without dashes, typed with or without them.
    expect(ids(await list(operator, '?q=22223333'))).toEqual(['Kim_Min']);
    expect(ids(await list(operator, '?q=' + encodeURIComponent('010-9999-8888')))).toEqual(['kimXmin']);
    expect(ids(await list(operator, '?q=' + encodeURIComponent(' 9999 ')))).toEqual(['kimXmin']);
    expect((await list(operator, '?q=nobody')).total).toBe(0);
    // An operator matching the search is still not listed.
    expect(ids(await list(operator, '?q=operator'))).toEqual([]);
  });

  it('filters by status and sorts by join date, balance or id in either direction', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const m1 = await createMember(t.app, { id: 'charlie' });
    const m2 = await createMember(t.app, { id: 'Alpha' });
    const m3 = await createMember(t.app, { id: 'bravo' });
    await setAccount(m1, { createdAt: new Date('2026-03-01T00:00:00Z') });
    await setAccount(m2, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await setAccount(m3, { createdAt: new Date('2026-02-01T00:00:00Z'), suspendedAt: new Date() });
    await creditMember(t.app, m1.accountId, 300);
    await creditMember(t.app, m2.accountId, 100);
    await creditMember(t.app, m3.accountId, 200);

    expect(ids(await list(operator))).toEqual(['charlie', 'bravo', 'Alpha']);
    expect(ids(await list(operator, '?dir=asc'))).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(ids(await list(operator, '?sort=point'))).toEqual(['charlie', 'bravo', 'Alpha']);
    expect(ids(await list(operator, '?sort=point&dir=asc'))).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(ids(await list(operator, '?sort=loginId&dir=asc'))).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(ids(await list(operator, '?sort=loginId&dir=desc'))).toEqual(['charlie', 'bravo', 'Alpha']);
    expect(ids(await list(operator, '?status=active'))).toEqual(['charlie', 'Alpha']);
    const suspended = await list(operator, '?status=suspended');
    expect(ids(suspended)).toEqual(['bravo']);
    expect(suspended.items[0]?.suspendedAt).not.toBeNull();
    expect((await list(operator, '?status=all')).total).toBe(3);
  });

  it('pages by 50 with the total, past the end included', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const values = Array.from({ length: 53 }, (_, i) => ({
      loginId: `bulk${String(i).padStart(3, '0')}`,
      passwordHash: '!',
      email: `bulk${i}@example.com`,
    }));
    await t.app.database.db.insert(accounts).values(values);
    const first = await list(operator, '?sort=loginId&dir=asc');
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 53 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.loginId).toBe('bulk000');
    const second = await list(operator, '?sort=loginId&dir=asc&page=2');
    expect(ids(second)).toEqual(['bulk050', 'bulk051', 'bulk052']);
    expect(second.total).toBe(53);
    const beyond = await list(operator, '?page=9');
    expect(beyond).toMatchObject({ items: [], page: 9, total: 53 });
  });

  it('hides deleted accounts from the list and the profile (404)', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const gone = await createMember(t.app, { id: 'goner' });
    const token = await tokenFor(t.app, gone);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    expect((await list(operator)).total).toBe(0);
    for (const id of ['goner', `deleted:${gone.accountId}`, 'nobody1', 'operator1']) {
      const response = await call(operator, 'GET', `/admin/api/members/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MEMBER_ADMIN_MESSAGES.MEMBER_NOT_FOUND, code: 'NOT_FOUND' });
    }
  });

  it('shows a profile: figures, referrer, masked key, linked providers, recent orders and charges', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const referrer = await createMember(t.app, { id: 'referrer' });
    const member = await createMember(t.app, { id: 'Member7', apiKey: true });
    await setAccount(member, { referredBy: referrer.accountId, referralCode: 'ABCD2345' });
    await t.app.database.db
      .insert(socialIdentities)
      .values({ provider: 'kakao', providerUserId: '42', accountId: member.accountId });
    await paidCharge(member, 30_000);
    expect((await order(member, 10)).cost).toBe(1_000); // 10 × 100 won
    t.clock.advance(1_000);
    const auto = await placeAutoOrder(t.app, member, {
      serviceId: (await service()).id,
      link: `https://instagram.com/p/auto${(links += 1)}`,
      amount: 20,
      runs: 2,
      interval: 60,
    });
    expect(auto.cost).toBe(4_000); // 20 × 100 won × 2 runs
    await tick();
    expect(await runCosts(auto.orderId)).toEqual([2_000]); // 20 × 100 won
    t.clock.advance(1_000);
    const cancelled = await order(member, 20); // 20 × 100 won = 2,000, all of it refunded
    const cancel = await new OperatorOrderActions(
      t.app.database.db,
      t.app.services.providers,
      t.clock,
    ).cancel(operator.accountId, cancelled.orderId, '고객 요청');
    expect(cancel.refunded).toBe(2_000);

    // Any case of the id, as everywhere.
    const response = await call(operator, 'GET', '/admin/api/members/MEMBER7');
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminMemberDetailResponse>();
    expect(detail.member).toMatchObject({
      loginId: 'Member7',
      referralCode: 'ABCD2345',
      referredBy: 'referrer',
      socialProviders: ['kakao'],
      orderCount: 3,
      totalSpent: 1_000 + 4_000,
      totalCharged: 30_000,
      point: 25_000,
    });
    const prefix = member.apiKey!.split('_').slice(0, 2).join('_');
    expect(detail.member.apiKey).toBe(`${prefix}…${member.apiKey!.slice(-4)}`);
    expect(JSON.stringify(detail)).not.toContain(member.apiKey!);
    // Newest first across orders and auto-orders; the auto-order's run is not listed on its own.
    expect(detail.recentOrders.map((o) => [o.kind, o.cost, o.refunded])).toEqual([
      ['order', 2_000, 2_000],
      ['auto', 4_000, 0],
      ['order', 1_000, 0],
    ]);
    expect(detail.recentCharges).toMatchObject([{ point: 30_000, status: ChargeStatus.SUCCESS }]);

    await setAccount(member, { apiKeyHash: null, apiKeyPrefix: null, apiKeySuffix: null });
    const noKey = (
      await call(operator, 'GET', '/admin/api/members/member7')
    ).json<AdminMemberDetailResponse>();
    expect(noKey.member.apiKey).toBeNull();
  });

  it('suspends with a memo and restores, each once, audited with before and after', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const member = await createMember(t.app, { id: 'member9' });

    const noMemo = await call(operator, 'POST', '/admin/api/members/member9/suspend', { memo: '  ' });
    expect(noMemo.statusCode).toBe(400);
    expect(noMemo.json()).toEqual({ message: MEMBER_ADMIN_MESSAGES.MEMO_REQUIRED, code: 'BAD_REQUEST' });
    expect(await auditRows()).toEqual([]);

    const suspended = await call(operator, 'POST', '/admin/api/members/MEMBER9/suspend', {
      memo: ' 도용 신고 ',
    });
    expect(suspended.statusCode).toBe(200);
    const body = suspended.json<MemberActionResponse>();
    expect(body.changed).toBe(true);
    expect(body.member.suspendedAt).toBe(t.clock.now().toISOString());
    const again = await call(operator, 'POST', '/admin/api/members/member9/suspend', { memo: '다시' });
    expect(again.json<MemberActionResponse>()).toMatchObject({ changed: false });
    expect(again.json<MemberActionResponse>().member.suspendedAt).toBe(body.member.suspendedAt);

    t.clock.advance(60_000);
    const restored = await call(operator, 'POST', '/admin/api/members/member9/restore', {});
    expect(restored.json<MemberActionResponse>()).toMatchObject({
      changed: true,
      member: { suspendedAt: null },
    });
    const restoredAgain = await call(operator, 'POST', '/admin/api/members/member9/restore', { memo: '' });
    expect(restoredAgain.json<MemberActionResponse>()).toMatchObject({ changed: false });

    const rows = await auditRows();
    expect(
      rows.map((r) => [r.action, r.targetType, r.targetId, r.operatorId, r.memo, r.before, r.after]),
    ).toEqual([
      [
        'member.suspend',
        'member',
        'member9',
        operator.accountId,
        '도용 신고',
        { suspendedAt: null },
        { suspendedAt: body.member.suspendedAt },
      ],
      [
        'member.restore',
        'member',
        'member9',
        operator.accountId,
        '',
        { suspendedAt: body.member.suspendedAt },
        { suspendedAt: null },
      ],
    ]);
    // The audit screen shows them too.
    const log = await call(operator, 'GET', '/admin/api/audit-log?targetType=member&targetId=member9');
    expect(log.json<AuditLogResponse>().items.map((i) => i.action)).toEqual([
      'member.restore',
      'member.suspend',
    ]);
    void member;
  });

  it('applies two racing suspensions once, with one audit row', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    await createMember(t.app, { id: 'racer1' });
    const token = await tokenFor(t.app, operator);
    const suspend = () =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/members/racer1/suspend',
        headers: bearer(token),
        payload: { memo: '동시 요청' },
      });
    const answers = await Promise.all([suspend(), suspend()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<MemberActionResponse>().changed).sort()).toEqual([false, true]);
    expect((await auditRows()).map((r) => r.action)).toEqual(['member.suspend']);
  });

  it('refuses to suspend an operator (409) and 404s an unknown or deleted member', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    await createMember(t.app, { role: 'admin', id: 'operator2' });
    for (const target of ['operator1', 'operator2']) {
      const response = await call(operator, 'POST', `/admin/api/members/${target}/suspend`, { memo: '시험' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: MEMBER_ADMIN_MESSAGES.OPERATOR_NOT_SUSPENDABLE,
        code: 'MEMBER_STATE',
      });
    }
    const resetOperator = await call(operator, 'POST', '/admin/api/members/operator2/api-key/reset', {});
    expect(resetOperator.statusCode).toBe(409);
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, 'operator2'));
    expect(row?.suspendedAt).toBeNull();
    for (const verb of ['suspend', 'restore', 'api-key/reset']) {
      const response = await call(operator, 'POST', `/admin/api/members/nobody1/${verb}`, { memo: '시험' });
      expect(response.statusCode).toBe(404);
    }
    expect(await auditRows()).toEqual([]);
  });

  it('resets the API key: the old one stops, the member issues a new one; a second reset changes nothing', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    const member = await createMember(t.app, { id: 'keyholder', apiKey: true });
    const withKey = (key: string) =>
      t.app.inject({ method: 'GET', url: '/api/services', headers: { 'api-key': key } });
    expect((await withKey(member.apiKey!)).statusCode).toBe(200);

    const reset = await call(operator, 'POST', '/admin/api/members/keyholder/api-key/reset', {
      memo: '유출',
    });
    expect(reset.json<MemberActionResponse>()).toMatchObject({ changed: true, member: { apiKey: null } });
    expect((await withKey(member.apiKey!)).statusCode).toBe(401);
    const again = await call(operator, 'POST', '/admin/api/members/keyholder/api-key/reset', {});
    expect(again.json<MemberActionResponse>()).toMatchObject({ changed: false });

    const rows = await auditRows();
    expect(rows.map((r) => [r.action, r.targetId, r.memo, r.after])).toEqual([
      ['member.api-key-reset', 'keyholder', '유출', { apiKey: null }],
    ]);
    expect(JSON.stringify(rows[0]?.before)).not.toContain(member.apiKey!);
    expect(rows[0]?.before).toEqual({ apiKey: expect.stringMatching(/^smm_[0-9a-f]{8}…/) });

    const issued = await t.app.inject({
      method: 'POST',
      url: '/auth/api-key',
      headers: bearer(await tokenFor(t.app, member)),
    });
    expect(issued.statusCode).toBe(200);
    expect((await withKey(issued.json<{ apiKey: string }>().apiKey)).statusCode).toBe(200);
  });

  it('answers 400, never 500, to control characters and oversized input', async () => {
    const operator = await createMember(t.app, { role: 'admin', id: 'operator1' });
    await createMember(t.app, { id: 'member5' });
    const bad: ['GET' | 'POST', string, object?][] = [
      ['GET', '/admin/api/members?q=a%00b'],
      ['GET', `/admin/api/members?q=${'x'.repeat(101)}`],
      ['GET', '/admin/api/members?status=gone'],
      ['GET', '/admin/api/members?sort=password'],
      ['GET', '/admin/api/members?page=0'],
      ['GET', '/admin/api/members?page=99999999999999999999'],
      ['GET', '/admin/api/members/mem%00ber5'],
      ['POST', '/admin/api/members/member5/suspend', { memo: 'a\u0000b' }],
      ['POST', '/admin/api/members/member5/suspend', { memo: 'x'.repeat(501) }],
      ['POST', '/admin/api/members/member5/suspend', { memo: 'x'.repeat(201) }],
      ['POST', '/admin/api/members/member5/suspend', { memo: 42 }],
      ['POST', '/admin/api/members/mem%00ber5/restore', { memo: '' }],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(operator, method, url, payload);
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
    // A path segment over Fastify's 100 characters is refused before routing: 414, not a 500 either.
    const huge = await call(operator, 'GET', `/admin/api/members/${'m'.repeat(101)}`);
    expect(huge.statusCode).toBe(414);
    expect(await auditRows()).toEqual([]);
  });
});
