import { ReceiptKind } from '@smm/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts, services } from '../db/schema';
import { bearer, createMember, tokenFor } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * Security, injection: SQL and HTML/script payloads in every text a member or an operator writes
 * are stored byte for byte and come back as JSON strings, unchanged; a payload a rule refuses is a
 * 400, never a 500; and every table is still there afterwards.
 */
const t = useTestApp();

const PAYLOADS = [
  "' OR 1=1 --",
  "'); DROP TABLE accounts; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // Both kinds at once, with a backslash and a quote that a naive escaper would double.
  `Robert'); DROP TABLE orders; --<svg onload=alert("x")>\\`,
];

let operatorHeaders: Record<string, string>;
let memberToken: string;

beforeEach(async () => {
  operatorHeaders = bearer(await tokenFor(t.app, await createMember(t.app, { role: 'admin' })));
  memberToken = await tokenFor(t.app, await createMember(t.app, { point: 10_000_000 }));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asOperator = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: operatorHeaders, ...(payload ? { payload } : {}) });
const asMember = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(memberToken), ...(payload ? { payload } : {}) });
const asVisitor = (url: string) => t.app.inject({ method: 'GET', url });

/** A JSON answer, never HTML: the payload travels as an escaped JSON string. */
function json<T>(response: LightMyRequestResponse): T {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<T>();
}

/** 200, or a refusal by a rule: 400 with a Korean message. Never a 5xx. Returns whether it was stored. */
function acceptedOrRefused(response: LightMyRequestResponse, label: string): boolean {
  expect([200, 201, 400], `${label}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
  if (response.statusCode === 400) {
    expect(json<{ message: string }>(response).message, label).toMatch(/[가-힣]/);
    return false;
  }
  return true;
}

async function expectTablesIntact() {
  const { db } = t.app.database;
  const result = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
  )) as unknown as { rows: { table_name: string }[] };
  const names = result.rows.map((row) => row.table_name);
  for (const table of [
    'accounts',
    'orders',
    'auto_orders',
    'charges',
    'point_ledger',
    'notices',
    'services',
  ]) {
    expect(names, table).toContain(table);
  }
  expect((await db.select().from(accounts)).length).toBeGreaterThanOrEqual(2);
}

describe(`injection payloads stored inertly, ${testDatabaseKind}`, () => {
  it('order link: payloads inside a URL are stored and read back unchanged; as a bare link, 400', async () => {
    const [service] = await t.app.database.db
      .select()
      .from(services)
      .where(eq(services.enableAuto, false))
      .orderBy(asc(services.id));
    const stored: string[] = [];
    for (const payload of PAYLOADS) {
      // The rule wants an http(s) URL without spaces: the bare payload is refused with its message.
      const bare = await asMember('POST', '/service/order', {
        serviceId: service!.id,
        link: payload,
        amount: service!.min,
      });
      expect(bare.statusCode, payload).toBe(400);
      // A post per payload: the overlap rule reads an Instagram link by its shortcode, whatever its query.
      const link = `https://www.instagram.com/p/x${stored.length}/?q=${payload.replace(/\s/g, '')}`;
      const placed = await asMember('POST', '/service/order', {
        serviceId: service!.id,
        link,
        amount: service!.min,
      });
      if (acceptedOrRefused(placed, link)) {
        expect(json<{ link: string }>(placed).link).toBe(link);
        stored.push(link);
      }
    }
    expect(stored.length).toBeGreaterThan(0);
    const history = json<{ items: { link: string }[] }>(await asMember('GET', '/service/order-history'));
    expect(history.items.map((item) => item.link).sort()).toEqual([...stored].sort());
    const admin = await asOperator('GET', '/admin/api/orders');
    expect(admin.statusCode).toBe(200);
    for (const link of stored) expect(admin.body).toContain(JSON.stringify(link).slice(1, -1));
    await expectTablesIntact();
  });

  it('depositor name (charge request): stored byte for byte, or refused by its length rule with 400', async () => {
    const stored: string[] = [];
    for (const name of PAYLOADS) {
      // Pending charges are capped per member: each payload from its own member.
      const token = await tokenFor(t.app, await createMember(t.app));
      const response = await t.app.inject({
        method: 'POST',
        url: '/service/point',
        headers: bearer(token),
        payload: { name, point: 10_000, feeType: ReceiptKind.NONE },
      });
      if (acceptedOrRefused(response, name)) {
        expect(json<{ depositorName: string }>(response).depositorName).toBe(name);
        stored.push(name);
      }
    }
    expect(stored).toContain("' OR 1=1 --");
    const list = json<{ items: { depositorName: string }[] }>(await asOperator('GET', '/admin/api/charges'));
    expect(list.items.map((item) => item.depositorName).sort()).toEqual([...stored].sort());
    await expectTablesIntact();
  });

  it('notices: operator writes, members read the same string', async () => {
    for (const content of PAYLOADS) {
      const created = await asOperator('POST', '/admin/api/notices', {
        content,
        isTop: false,
        bgColor: null,
      });
      expect(created.statusCode, content).toBe(200);
      expect(json<{ notice: { content: string } }>(created).notice.content).toBe(content);
    }
    const seen = json<{ content: string }[]>(await asVisitor('/service/notices')).map((n) => n.content);
    for (const content of PAYLOADS) expect(seen).toContain(content);
    await expectTablesIntact();
  });

  it('FAQ title and answer: stored and read back unchanged', async () => {
    for (const payload of PAYLOADS) {
      const created = await asOperator('POST', '/admin/api/faq', {
        title: payload,
        answer: `${payload}\n${payload}`,
      });
      expect(created.statusCode, payload).toBe(200);
    }
    const seen = json<{ title: string; answer: string }[]>(await asVisitor('/service/qnas'));
    for (const payload of PAYLOADS) {
      expect(seen).toContainEqual(
        expect.objectContaining({ title: payload, answer: `${payload}\n${payload}` }),
      );
    }
    await expectTablesIntact();
  });

  it('sign-up route text: operator writes it, a member signs up with it, both stored unchanged', async () => {
    for (const [index, text] of PAYLOADS.entries()) {
      const created = await asOperator('POST', '/admin/api/register-wheres', { text });
      // At most 50 characters: a longer payload is refused by that rule.
      if (!acceptedOrRefused(created, text)) {
        expect(text.length).toBeGreaterThan(50);
        continue;
      }
      const register = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        remoteAddress: `10.20.0.${index + 1}`,
        payload: {
          id: `inject${index}`,
          password: 'pass-1234',
          email: `inject${index}@example.com`,
          registerWhere: text,
        },
      });
      expect(acceptedOrRefused(register, text), text).toBe(true);
      const [row] = await t.app.database.db
        .select({ registerWhere: accounts.registerWhere })
        .from(accounts)
        .where(eq(accounts.loginId, `inject${index}`));
      expect(row?.registerWhere).toBe(text);
    }
    const seen = json<{ text: string }[]>(await asVisitor('/service/register-where')).map((r) => r.text);
    for (const text of PAYLOADS.filter((p) => p.length <= 50)) expect(seen).toContain(text);
    await expectTablesIntact();
  });

  it('service text and notice: stored and shown to members unchanged', async () => {
    const [category] = json<{ id: number }[]>(await asOperator('GET', '/admin/api/categories'));
    const stored: string[] = [];
    for (const payload of PAYLOADS) {
      const created = await asOperator('POST', '/admin/api/services', {
        categoryId: category!.id,
        text: payload,
        unitPriceMilli: 300,
        min: 100,
        max: 50000,
        notice: payload,
        enableAuto: false,
        isReadOnly: false,
        visible: true,
        providerId: null,
        providerServiceId: '',
      });
      if (!acceptedOrRefused(created, payload)) continue;
      expect(json<{ service: { text: string; notice: string } }>(created).service).toMatchObject({
        text: payload,
        notice: payload,
      });
      stored.push(payload);
    }
    const seen = json<{ text: string }[]>(await asVisitor('/service/services')).map((s) => s.text);
    expect(stored.length).toBeGreaterThan(0);
    for (const text of stored) expect(seen).toContain(text);
    await expectTablesIntact();
  });

  it('payloads as ids, query strings and path parameters are 400/401/404, never 500', async () => {
    const calls = PAYLOADS.flatMap((payload) => {
      const encoded = encodeURIComponent(payload);
      return [
        asVisitor(`/service/order-history?page=${encoded}`),
        asMember('GET', `/service/order-history?page=${encoded}&status=${encoded}`),
        asOperator('GET', `/admin/api/members/${encoded}`),
        asOperator('GET', `/admin/api/orders?q=${encoded}`),
        asOperator('GET', `/admin/api/audit-log?action=${encoded}`),
        t.app.inject({ method: 'POST', url: '/auth/login', payload: { id: payload, password: payload } }),
        t.app.inject({ method: 'POST', url: '/service/find-id', payload: { email: payload } }),
      ];
    });
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    await expectTablesIntact();
  });
});
