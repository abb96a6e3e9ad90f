import {
  MASS_ORDER_MESSAGES as MM,
  ORDER_MESSAGES as M,
  ORDER_OVERLAP_MESSAGE,
  massOrderDuplicateMessage,
} from '@smm/domain';
import type { MassOrderResponse } from '@smm/domain/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoOrders, orders, pointLedger } from '../../db/schema';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  creditMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../../test/factories';
import { catalogService, placeOrder } from '../../test/order-factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

/** docs/product.md#mass-order */
const t = useTestApp();

let links = 0;
const link = () => `https://instagram.com/p/mass-${(links += 1)}`;

async function mass(member: TestMember, text: string, options: { preview?: boolean; key?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/service/mass-order',
    headers: {
      ...bearer(await tokenFor(t.app, member)),
      ...(options.key !== undefined ? { 'idempotency-key': options.key } : {}),
    },
    payload: { text, preview: options.preview ?? false },
  });
}

const ordersOf = async (accountId: number) =>
  t.app.database.db.select().from(orders).where(eq(orders.accountId, accountId)).orderBy(orders.id);

describe(`POST /service/mass-order on ${testDatabaseKind}`, () => {
  it('previews: every line checked and priced, nothing placed', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 2_000 });
    const member = await createMember(t.app, { point: 100_000 });
    const a = link();
    const response = await mass(
      member,
      `${service.id} | ${a} | 100\n\n${service.id}|${link()}|1\nnot a line\n${service.id} | ${a} | 200`,
      { preview: true },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<MassOrderResponse>();
    expect(body.placed).toBe(false);
    expect(body.lines.map((l) => [l.line, l.cost, l.error])).toEqual([
      [1, 200, null],
      [3, null, M.AMOUNT_BELOW_MIN],
      [4, null, MM.LINE_FORMAT],
      [5, null, massOrderDuplicateMessage(1)],
    ]);
    expect(body.totalCost).toBe(200);
    expect(await ordersOf(member.accountId)).toHaveLength(0);
    expect(await pointOf(t.app, member.accountId)).toBe(100_000);
  });

  it('places every valid line as its own order with its own debit and ledger entry; refused lines say why', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_000 });
    const auto = await catalogService(t.app, { enableAuto: true, unitPriceMilli: 1_000 });
    const member = await createMember(t.app, { point: 10_000 });
    const [a, b, c] = [link(), link(), link()];
    const text = [
      `${service.id} | ${a} | 100`, // 100
      `${service.id} | ${b} | 1`, // below min
      `${auto.id} | ${c} | 100 | 3 | 60`, // 300, drip-feed
      `${service.id} | ${a} | 100`, // repeats line 1
    ].join('\n');
    const response = await mass(member, text);
    expect(response.statusCode).toBe(200);
    const body = response.json<MassOrderResponse>();
    expect(body.placed).toBe(true);
    expect(body.totalCost).toBe(400);
    expect(body.lines.map((l) => l.error)).toEqual([
      null,
      M.AMOUNT_BELOW_MIN,
      null,
      massOrderDuplicateMessage(1),
    ]);
    const [first, , third] = body.lines;
    const placed = await ordersOf(member.accountId);
    expect(placed.map((o) => [o.id, o.link, o.amount, o.cost])).toEqual([[first!.orderId, a, 100, 100]]);
    const [autoRow] = await t.app.database.db
      .select()
      .from(autoOrders)
      .where(eq(autoOrders.accountId, member.accountId));
    expect(autoRow).toMatchObject({ id: third!.orderId, runs: 3, interval: 60, cost: 300 });
    expect(third!.autoOrder).toBe(true);
    const entries = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.accountId, member.accountId))
      .orderBy(pointLedger.id);
    expect(entries.slice(1).map((e) => [e.reference, e.delta, e.balanceAfter])).toEqual([
      [`order:${first!.orderId}`, -100, 9_900],
      [`auto:${third!.orderId}`, -300, 9_600],
    ]);
    expect(await pointOf(t.app, member.accountId)).toBe(9_600);
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });

  it('places none when the balance is short of all the valid lines together', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_000 });
    const member = await createMember(t.app, { point: 250 });
    // 100 + 100 + 100 won: the first two would fit, the whole does not.
    const text = [link(), link(), link()].map((l) => `${service.id} | ${l} | 100`).join('\n');
    const response = await mass(member, text, { key: 'short-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    expect(response.json().message).toContain('₩300');
    expect(await ordersOf(member.accountId)).toHaveLength(0);
    expect(await pointOf(t.app, member.accountId)).toBe(250);
    // The key was freed with everything else: after a top-up the same press places them.
    await creditMember(t.app, member.accountId, 50);
    const retried = await mass(member, text, { key: 'short-1' });
    expect(retried.statusCode).toBe(200);
    expect(await ordersOf(member.accountId)).toHaveLength(3);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('pressed twice with one key places once and answers the same, line by line', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_000 });
    const member = await createMember(t.app, { point: 10_000 });
    const text = `${service.id} | ${link()} | 100\n${service.id} | ${link()} | 5\n${service.id} | ${link()} | 200`;
    const [first, second] = await Promise.all([
      mass(member, text, { key: 'twice' }),
      mass(member, text, { key: 'twice' }),
    ]);
    expect(first!.statusCode).toBe(200);
    expect(second!.statusCode).toBe(200);
    expect(second!.json()).toEqual(first!.json());
    const again = await mass(member, text, { key: 'twice' });
    expect(again.json()).toEqual(first!.json());
    expect(await ordersOf(member.accountId)).toHaveLength(2);
    expect(await pointOf(t.app, member.accountId)).toBe(10_000 - 300);
    // Another paste with the key, or the key on a single order: refused, nothing placed.
    expect((await mass(member, `${service.id} | ${link()} | 100`, { key: 'twice' })).statusCode).toBe(422);
    // A key naming one of its lines' outcomes (`<key> <line>`), or no key at all: 400, nothing placed.
    for (const key of ['twice 1', '', 'x'.repeat(101)])
      expect((await mass(member, `${service.id} | ${link()} | 100`, { key })).statusCode, key).toBe(400);
    await expect(
      placeOrder(t.app, member, { serviceId: service.id, link: link(), amount: 100 }, 'twice'),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ordersOf(member.accountId)).toHaveLength(2);
  });

  it('racing another mass order and single orders on one balance, spends no more than it has, all or none', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_000 });
    const member = await createMember(t.app, { point: 700 });
    const paste = () => [1, 2, 3, 4, 5].map(() => `${service.id} | ${link()} | 100`).join('\n');
    // Two pastes of five 100-won lines and five single orders at once: 1,500 won asked of 700, so
    // whichever goes first, some paste meets a short balance and must place none of its lines.
    const [a, b, ...singles] = await Promise.allSettled([
      mass(member, paste(), { key: 'race-a' }),
      mass(member, paste(), { key: 'race-b' }),
      ...[1, 2, 3, 4, 5].map(() =>
        placeOrder(t.app, member, { serviceId: service.id, link: link(), amount: 100 }),
      ),
    ]);
    const massPlaced = [a, b].map((r) => {
      if (r!.status !== 'fulfilled') throw new Error('a mass order failed outright');
      expect([200, 409]).toContain(r.value.statusCode);
      return r.value.statusCode === 200 ? 5 : 0;
    });
    const singlesPlaced = singles.filter((r) => r.status === 'fulfilled').length;
    for (const r of singles)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    const placed = massPlaced[0]! + massPlaced[1]! + singlesPlaced;
    expect(await ordersOf(member.accountId)).toHaveLength(placed);
    expect(placed).toBeLessThanOrEqual(7);
    const left = await pointOf(t.app, member.accountId);
    expect(left).toBe(700 - placed * 100);
    expect(left).toBeGreaterThanOrEqual(0);
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });

  it('refuses a line overlapping an open order, in the preview and when placing, and places the others', async () => {
    const service = await catalogService(t.app, { unitPriceMilli: 1_000 });
    const member = await createMember(t.app, { point: 10_000 });
    const busy = link();
    await placeOrder(t.app, member, { serviceId: service.id, link: busy, amount: 100 });
    const text = `${service.id} | ${busy}/ | 100\n${service.id} | ${link()} | 100`;
    const preview = (await mass(member, text, { preview: true })).json<MassOrderResponse>();
    expect(preview.lines.map((l) => l.error)).toEqual([ORDER_OVERLAP_MESSAGE, null]);
    const placed = (await mass(member, text)).json<MassOrderResponse>();
    expect(placed.lines.map((l) => l.error)).toEqual([ORDER_OVERLAP_MESSAGE, null]);
    expect(placed.totalCost).toBe(100);
    expect(await ordersOf(member.accountId)).toHaveLength(2);
  });

  it('refuses Custom Comments lines, an empty paste, more than 500 lines, and guests', async () => {
    const comments = await catalogService(t.app, { type: 'custom_comments' });
    const member = await createMember(t.app, { point: 10_000 });
    const refused = (
      await mass(member, `${comments.id} | ${link()} | 10`, { preview: true })
    ).json<MassOrderResponse>();
    expect(refused.lines[0]!.error).toBe(MM.COMMENTS_SERVICE);
    const nothing = await mass(member, `${comments.id} | ${link()} | 10`);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(MM.NOTHING_VALID);
    expect((await mass(member, '\n \n')).json().message).toBe(MM.EMPTY);
    const many = Array.from({ length: 501 }, () => `1 | ${link()} | 10`).join('\n');
    expect((await mass(member, many, { preview: true })).json().message).toBe(MM.TOO_MANY_LINES);
    expect((await mass(member, '1 | https://a.com/\u0000 | 10')).statusCode).toBe(400);
    const guest = await t.app.inject({ method: 'POST', url: '/service/mass-order', payload: { text: 'x' } });
    expect(guest.statusCode).toBe(401);
    const count = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(count[0]!.n).toBe(0);
  });
});
