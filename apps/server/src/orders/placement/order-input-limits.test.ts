import { ORDER_MAX_COST_WON, ORDER_MESSAGES, SERVICE_MAX_QUANTITY, V2_ERRORS } from '@smm/domain';
import { v2Response } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../invariants/invariant-checks';
import { autoOrders, orders, services } from '../../db/schema';
import { bearer, createMember, creditMember, pointOf, tokenFor, type TestMember } from '../../test/factories';
import { catalogService, type CatalogService } from '../../test/order-factories';
import { seededRandom } from '../../test/seeded-random';
import { useTestApp } from '../../test/test-app';

/**
 * Look-alike links and totals too large for the money columns, through every door an order comes in by: the site (POST /service/order), REST
 * (POST /api/order) and the SMM API v2 (`add` as a form, JSON, multipart/form-data and a query string).
 * Each must refuse a link that reads as another one and a total the money columns cannot hold with a
 * 4xx (v2: HTTP 200 and its `{error}`), never a 5xx, and write nothing.
 */
const t = useTestApp();

let member: TestMember;
let token: string;
let service: CatalogService;
beforeEach(async () => {
  member = await createMember(t.app, { apiKey: true });
  token = await tokenFor(t.app, member);
  service = await catalogService(t.app, { enableAuto: true });
});

type Door = 'site' | 'rest' | 'v2-form' | 'v2-json' | 'v2-multipart' | 'v2-query';
const DOORS: Door[] = ['site', 'rest', 'v2-form', 'v2-json', 'v2-multipart', 'v2-query'];

interface Attempt {
  link: string;
  /** A number, or the text a client sends (v2 sends text; the JSON doors send the number it parses to). */
  quantity: number | string;
  runs?: number | string;
  interval?: number | string;
}

/** A JSON body with a number written as given (`9…9` of 400 digits, `1e30`), as a client may send it. */
function jsonWithRawNumbers(fields: Record<string, string | number | undefined>): string {
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const raw = typeof value === 'number' ? String(value) : value!;
      const asNumber = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(raw) ? raw : JSON.stringify(raw);
      return `${JSON.stringify(name)}:${name === 'link' ? JSON.stringify(value) : asNumber}`;
    });
  return `{${parts.join(',')}}`;
}

async function send(door: Door, attempt: Attempt) {
  const runs = attempt.runs ?? 0;
  const interval = attempt.interval ?? 0;
  if (door === 'site' || door === 'rest') {
    const body = jsonWithRawNumbers({
      serviceId: service.id,
      link: attempt.link,
      amount: attempt.quantity,
      ...(door === 'site' ? { runs, interval } : {}),
    });
    return t.app.inject({
      method: 'POST',
      url: door === 'site' ? '/service/order' : '/api/order',
      headers: {
        'content-type': 'application/json',
        ...(door === 'site' ? bearer(token) : { 'api-key': member.apiKey! }),
      },
      payload: body,
    });
  }
  const params: Record<string, string> = {
    key: member.apiKey!,
    action: 'add',
    service: String(service.id),
    link: attempt.link,
    quantity: String(attempt.quantity),
    ...(attempt.runs === undefined ? {} : { runs: String(runs), interval: String(interval) }),
  };
  if (door === 'v2-form') {
    return t.app.inject({
      method: 'POST',
      url: '/api/v2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  }
  if (door === 'v2-json') {
    return t.app.inject({
      method: 'POST',
      url: '/api/v2',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(params),
    });
  }
  if (door === 'v2-query') {
    return t.app.inject({ method: 'GET', url: `/api/v2?${new URLSearchParams(params).toString()}` });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(params)) form.append(name, value);
  const request = new Request('http://panel.test/api/v2', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/v2',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A refusal: REST and the site a 4xx with the Korean message; v2 HTTP 200 with its `{error}`. */
function refusalOf(door: Door, response: Awaited<ReturnType<typeof send>>): string {
  const body = response.json() as { message?: string; error?: string };
  if (door.startsWith('v2')) {
    expect(response.statusCode, response.body).toBe(200);
    expect(v2Response.safeParse(body).success, response.body).toBe(true);
    expect(body.error, response.body).toEqual(expect.any(String));
    return body.error!;
  }
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return body.message!;
}

async function nothingWritten() {
  expect(await t.app.database.db.select().from(orders)).toEqual([]);
  expect(await t.app.database.db.select().from(autoOrders)).toEqual([]);
  expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
}

describe('a link that reads as another one', () => {
  const LOOK_ALIKES = [
    // Shown right to left after U+202E: `https://evil.example/` then `https://good.example//` reversed.
    'https://evil.example/\u202E//elpmaxe.doog//:sptth',
    'https://insta\u200Bgram.com/p/abc',
    'https://example.com/\u2066p\u2069/abc',
    'https://example.com/p\u200E/abc',
    'https://exam\u00ADple.com/p',
    'https://example.com/\u3164',
  ];

  it.each(DOORS)('is refused by %s with the link message, and nothing is written', async (door) => {
    await creditMember(t.app, member.accountId, 100_000);
    for (const link of LOOK_ALIKES) {
      const refusal = refusalOf(door, await send(door, { link, quantity: service.min }));
      expect(refusal, link).toBe(
        door.startsWith('v2') ? V2_ERRORS.INCORRECT_LINK : ORDER_MESSAGES.LINK_INVISIBLE,
      );
    }
    await nothingWritten();
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
  });

  it.each(DOORS)('%s still takes the same link without them, stored as sent', async (door) => {
    await creditMember(t.app, member.accountId, 100_000);
    const response = await send(door, {
      link: 'https://www.instagram.com/p/한글_abc/',
      quantity: service.min,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await t.app.database.db.select().from(orders);
    expect(order?.link).toBe('https://www.instagram.com/p/한글_abc/');
  });
});

describe('a total the money columns cannot hold', () => {
  /** The service priced and bounded as given (the sync or an operator can set any of these). */
  async function priced(unitPriceMilli: number, max = 2_147_483_647) {
    await t.app.database.db
      .update(services)
      .set({ unitPriceMilli, min: 1, max, enableAuto: true })
      .where(eq(services.id, service.id));
    await t.app.services.catalog.changed();
  }

  it.each(DOORS)(
    '%s: an auto-order costing more than 2,147,483,647 won is refused with the limit message, 0 balance or not',
    async (door) => {
      // 1,000 runs × 3,000 × 1,000 원 = 3,000,000,000 원, past 2,147,483,647.
      await priced(1_000_000);
      const attempt = { link: 'https://example.com/p/1', quantity: 3_000, runs: 1_000, interval: 60 };
      const isV2 = door.startsWith('v2');
      const auto = door !== 'rest';
      const expected = isV2 ? V2_ERRORS.ORDER_TOO_LARGE : ORDER_MESSAGES.COST_TOO_LARGE;
      // REST has no auto-order: one order of the largest quantity at the largest price instead.
      const one = { link: 'https://example.com/p/1', quantity: 2_147_483_647 };
      expect(refusalOf(door, await send(door, auto ? attempt : one))).toBe(expected);
      await creditMember(t.app, member.accountId, 2_000_000_000);
      expect(refusalOf(door, await send(door, auto ? attempt : one))).toBe(expected);
      await nothingWritten();
    },
  );

  it.each(DOORS)('%s: an order of exactly the limit is placed and debited whole', async (door) => {
    // 1,000 × 1,000,000 원 = ORDER_MAX_COST_WON.
    await priced(1_000_000_000);
    await creditMember(t.app, member.accountId, ORDER_MAX_COST_WON + 5);
    const response = await send(door, { link: 'https://example.com/p/2', quantity: 1_000 });
    expect(response.statusCode, response.body).toBe(200);
    const [order] = await t.app.database.db.select().from(orders);
    expect(order?.cost).toBe(ORDER_MAX_COST_WON);
    expect(await pointOf(t.app, member.accountId)).toBe(5);
    expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
    // One unit more is refused (the limit is the total's, not the balance's).
    await creditMember(t.app, member.accountId, ORDER_MAX_COST_WON);
    const over = await send(door, { link: 'https://example.com/p/3', quantity: 1_001 });
    expect(refusalOf(door, over)).toBe(
      door.startsWith('v2') ? V2_ERRORS.ORDER_TOO_LARGE : ORDER_MESSAGES.COST_TOO_LARGE,
    );
  });

  it('fuzz: quantity × runs × price across the limits answers 4xx or an order, never a 5xx', async () => {
    const nines = '9'.repeat(400);
    const prices = [1, 999, 1_000_000, 10_000_000_000, Number.MAX_SAFE_INTEGER];
    const quantities: (number | string)[] = [
      1,
      1_000,
      SERVICE_MAX_QUANTITY,
      2_147_483_647,
      2_147_483_648,
      Number.MAX_SAFE_INTEGER,
      2 ** 53,
      '1e30',
      nines,
      -5,
      0,
      '1.5',
      'NaN',
      'abc',
      '',
    ];
    const runs: (number | string)[] = [0, 2, 999, 1_000, 1_001, '1e30', nines, -1, '2.5', 'NaN'];
    const intervals: (number | string)[] = [60, 43_200, 43_201, nines, '-60', '1e30'];
    const random = seededRandom(306);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
    // Half the cases with money enough for anything the columns hold, so a valid order is placed.
    await creditMember(t.app, member.accountId, 2_000_000_000);
    let placed = 0;
    for (let i = 0; i < 240; i += 1) {
      const door = DOORS[i % DOORS.length]!;
      const price = pick(prices);
      await priced(price, pick([1_000, SERVICE_MAX_QUANTITY, 2_147_483_647]));
      const auto = door !== 'rest' && random() < 0.7;
      const quantity = pick(quantities);
      const attempt: Attempt = {
        link: `https://example.com/p/${i}`,
        quantity,
        ...(auto ? { runs: pick(runs), interval: pick(intervals) } : {}),
      };
      const response = await send(door, attempt);
      const label = `${door} price=${price} ${JSON.stringify(attempt).slice(0, 200)}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
      if (door.startsWith('v2')) {
        expect(response.statusCode, label).toBe(200);
        expect(v2Response.safeParse(response.json()).success, `${label}: ${response.body}`).toBe(true);
      }
      if (response.statusCode === 200 && !('error' in response.json())) placed += 1;
    }
    expect(placed).toBeGreaterThan(0);
    const report = await checkInvariants(t.app.database.db);
    expect(report.violations).toEqual([]);
    for (const row of await t.app.database.db.select().from(orders)) {
      expect(row.cost).toBeLessThanOrEqual(ORDER_MAX_COST_WON);
    }
    for (const row of await t.app.database.db.select().from(autoOrders)) {
      expect(row.cost).toBeLessThanOrEqual(ORDER_MAX_COST_WON);
    }
  });
});
