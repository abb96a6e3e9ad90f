import { LedgerReason, ORDER_MESSAGES, OrderStatus } from '@smm/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/database';
import { orders, pointLedger } from '../../db/schema';
import { appError } from '../../errors/app-error';
import { checkInvariants } from '../../invariants/invariant-checks';
import { applyLedgerEntry } from '../../ledger/apply-ledger-entry';
import { bearer, createMember, pointOf, tokenFor } from '../../test/factories';
import { catalogService } from '../../test/order-factories';
import { createTestApp, testDatabaseKind, useTestApp, type TestApp } from '../../test/test-app';
import { OrderCommitBatcher } from './order-commit-batcher';
import { serviceLinkLockKey } from './placement.repository';

/**
 * Group commit (docs/ARCHITECTURE.md#group-commit): orders arriving together share one transaction and
 * one commit, each with its own debit, ledger entry, key and answer; a refusal undoes its own order only.
 */
const t = useTestApp();

const batcherOf = (windowMs = 5) =>
  new OrderCommitBatcher(t.app.database.db, { windowMs, maxBatch: 64, concurrency: 1 });

describe(`group commit of orders on ${testDatabaseKind}`, () => {
  it("one member's orders in one batch are debited in arrival order; the one the balance no longer covers is refused alone", async () => {
    const member = await createMember(t.app, { point: 1_000 });
    const other = await createMember(t.app, { point: 500 });
    const batcher = batcherOf();
    const debit = (accountId: number, reference: string, delta: number) =>
      batcher.run((tx) => applyLedgerEntry(tx, { accountId, delta, reason: LedgerReason.ORDER, reference }));
    const outcomes = await Promise.allSettled([
      debit(member.accountId, 'order:first', -400),
      debit(other.accountId, 'order:other', -300),
      debit(member.accountId, 'order:second', -400),
      debit(member.accountId, 'order:third', -400),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(outcomes[3]).toMatchObject({ reason: { code: 'INSUFFICIENT_POINTS' } });
    // All four went in one transaction.
    expect(batcher.stats).toEqual({ batches: 1, orders: 4, orderStatements: 0, retriedAlone: 0 });
    expect(await pointOf(t.app, member.accountId)).toBe(200);
    expect(await pointOf(t.app, other.accountId)).toBe(200);
    const ledger = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.accountId, member.accountId))
      .orderBy(pointLedger.id);
    expect(ledger.map((row) => [row.reference, row.balanceAfter])).toEqual([
      [expect.stringMatching(/^/), 1_000],
      ['order:first', 600],
      ['order:second', 200],
    ]);
  });

  it('a refusal or a failure of one order never fails the others; a failure not about the order is tried alone', async () => {
    const a = await createMember(t.app, { point: 1_000 });
    const b = await createMember(t.app, { point: 1_000 });
    const batcher = batcherOf();
    let tries = 0;
    const outcomes = await Promise.allSettled([
      batcher.run((tx) =>
        applyLedgerEntry(tx, {
          accountId: a.accountId,
          delta: -100,
          reason: LedgerReason.ORDER,
          reference: 'order:a',
        }),
      ),
      batcher.run(async (tx) => {
        // Written, then refused: its savepoint undoes the write, the batch goes on.
        await applyLedgerEntry(tx, {
          accountId: b.accountId,
          delta: -700,
          reason: LedgerReason.ORDER,
          reference: 'order:undone',
        });
        throw appError('ORDER_INVALID', '수량을 확인해주세요.');
      }),
      batcher.run(async () => {
        tries += 1;
        throw new Error('could not serialize access');
      }),
      batcher.run((tx) =>
        applyLedgerEntry(tx, {
          accountId: b.accountId,
          delta: -200,
          reason: LedgerReason.ORDER,
          reference: 'order:b',
        }),
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { code: 'ORDER_INVALID' } });
    // Not a refusal: tried once more, alone, after the batch committed.
    expect(tries).toBe(2);
    expect(batcher.stats).toMatchObject({ batches: 1, orders: 4, retriedAlone: 1 });
    expect(await pointOf(t.app, a.accountId)).toBe(900);
    expect(await pointOf(t.app, b.accountId)).toBe(800);
    const undone = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.reference, 'order:undone'));
    expect(undone).toEqual([]);
  });

  it('orders placed at once over HTTP share commits; short balances, a repeated key and an overlap are refused alone', async () => {
    const service = await catalogService(t.app);
    const members = await Promise.all(
      Array.from({ length: 12 }, () => createMember(t.app, { point: 100_000 })),
    );
    const poor = await createMember(t.app, { point: 1 });
    const keyed = await createMember(t.app, { point: 100_000 });
    const order = async (member: typeof poor, link: string, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/service/order',
        headers: { ...bearer(await tokenFor(t.app, member)), ...(key ? { 'idempotency-key': key } : {}) },
        payload: { serviceId: service.id, link, amount: service.min },
      });
    const link = (n: number | string) => `https://www.instagram.com/p/group-commit-${n}/`;
    const before = t.app.services.orders.batchStats();
    const responses = await Promise.all([
      ...members.map((m, i) => order(m, link(i))),
      order(poor, link('poor')),
      order(keyed, link('keyed'), 'same-key-1'),
      order(keyed, link('keyed'), 'same-key-1'),
      order(members[0]!, link('overlap')),
      order(members[1]!, link('overlap')),
    ]);
    const after = t.app.services.orders.batchStats();
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(statuses[12]).toBe(409);
    expect(responses[12]!.json<{ code: string }>().code).toBe('INSUFFICIENT_POINTS');
    // The same key twice: one order, both answered with it.
    expect([statuses[13], statuses[14]]).toEqual([200, 200]);
    expect(responses[13]!.json<{ orderId: number }>().orderId).toBe(
      responses[14]!.json<{ orderId: number }>().orderId,
    );
    // Two members, one link, one service: one is placed, the other refused as overlapping.
    expect([statuses[15], statuses[16]].sort()).toEqual([200, 409]);
    // Fewer commits than orders, and fewer statements than plain orders: they were written together.
    expect(after.orders - before.orders).toBe(17);
    expect(after.batches - before.batches).toBeLessThan(17);
    expect(after.orderStatements - before.orderStatements).toBeLessThan(15);

    const placed = await t.app.database.db.select().from(orders).where(eq(orders.serviceId, service.id));
    expect(placed.filter((o) => o.link.includes('group-commit-'))).toHaveLength(12 + 1 + 1);
    expect(await pointOf(t.app, poor.accountId)).toBe(1);
    expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
  });

  it("plain orders of one batch are written by one statement each run of distinct members and links; a member's next order, a short balance and an overlap go as they arrived", async () => {
    const service = await catalogService(t.app);
    const [a, b, c, poor] = await Promise.all([
      createMember(t.app, { point: 1_000 }),
      createMember(t.app, { point: 1_000 }),
      createMember(t.app, { point: 1_000 }),
      createMember(t.app, { point: 50 }),
    ]);
    const batcher = batcherOf();
    const link = (n: string) => `https://www.instagram.com/p/one-statement-${n}/`;
    const orderOf = (accountId: number, where: string, cost: number) => ({
      accountId,
      cost,
      serviceId: service.id,
      link: link(where),
      amount: 10,
      unitPriceMilli: 1_000,
      refillDays: 0,
      serviceType: 'default',
      comments: where === 'comments' ? '첫째 줄\n"따옴표", \\ 그리고 {json}' : null,
      providerId: service.providerId,
      providerServiceId: service.providerServiceId,
      nextCheckAt: new Date('2026-11-25T00:00:00Z'),
      refuseOverlap: true,
    });
    const place = (accountId: number, where: string, cost: number) =>
      batcher.place(orderOf(accountId, where, cost), serviceLinkLockKey(service.id, link(where)));
    const outcomes = await Promise.allSettled([
      place(a.accountId, 'a1', 400), // statement 1
      place(b.accountId, 'comments', 300), // statement 1
      place(poor.accountId, 'poor', 100), // statement 1: refused, short
      place(a.accountId, 'a2', 400), // a again: statement 2, from the 600 the first left
      place(c.accountId, 'a1', 100), // statement 2: the link a1 is open now, refused as overlapping
      place(a.accountId, 'a3', 400), // statement 3: refused, 200 left
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect(outcomes[2]).toMatchObject({ reason: { code: 'INSUFFICIENT_POINTS' } });
    expect(outcomes[4]).toMatchObject({ reason: { code: 'ORDER_OVERLAP' } });
    expect(outcomes[5]).toMatchObject({ reason: { code: 'INSUFFICIENT_POINTS' } });
    expect(batcher.stats).toEqual({ batches: 1, orders: 6, orderStatements: 3, retriedAlone: 0 });

    const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    // Ids in arrival order, and each row as asked.
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    const rows = await t.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);
    expect(rows.map((r) => [r.accountId, r.link, r.cost, r.status, r.comments])).toEqual([
      [a.accountId, link('a1'), 400, OrderStatus.PENDING, null],
      [b.accountId, link('comments'), 300, OrderStatus.PENDING, '첫째 줄\n"따옴표", \\ 그리고 {json}'],
      [a.accountId, link('a2'), 400, OrderStatus.PENDING, null],
    ]);
    expect(rows[0]!.nextCheckAt?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    const ledger = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(
        inArray(
          pointLedger.reference,
          ids.map((id) => `order:${id}`),
        ),
      )
      .orderBy(pointLedger.id);
    expect(ledger.map((e) => [e.reference, e.accountId, e.delta, e.balanceAfter]).sort()).toEqual(
      [
        [`order:${ids[0]}`, a.accountId, -400, 600],
        [`order:${ids[1]}`, b.accountId, -300, 700],
        [`order:${ids[2]}`, a.accountId, -400, 200],
      ].sort(),
    );
    expect(await pointOf(t.app, a.accountId)).toBe(200);
    expect(await pointOf(t.app, c.accountId)).toBe(1_000);
    expect(await pointOf(t.app, poor.accountId)).toBe(50);
    expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
  });

  it("large comments split a group's statement: a statement carries a few MiB, however many orders wait", async () => {
    const service = await catalogService(t.app);
    const members = await Promise.all(Array.from({ length: 3 }, () => createMember(t.app, { point: 1_000 })));
    const batcher = batcherOf();
    const comments = (n: number) => `${'댓글'.repeat(750_000)}${n}`; // 1.5 M characters each
    const ids = await Promise.all(
      members.map((member, n) =>
        batcher.place(
          {
            accountId: member.accountId,
            cost: 100,
            serviceId: service.id,
            link: `https://www.instagram.com/p/large-comments-${n}/`,
            amount: 10,
            unitPriceMilli: 1_000,
            refillDays: 0,
            serviceType: 'custom_comments',
            comments: comments(n),
            providerId: service.providerId,
            providerServiceId: service.providerServiceId,
            nextCheckAt: new Date(),
            refuseOverlap: false,
          },
          undefined,
        ),
      ),
    );
    // Two fit in 4 M characters, the third goes in the next statement of the same group.
    expect(batcher.stats).toMatchObject({ batches: 1, orders: 3, orderStatements: 2, retriedAlone: 0 });
    const rows = await t.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);
    expect(rows.map((row) => row.comments)).toEqual([comments(0), comments(1), comments(2)]);
  });

  it('a lone UTF-16 surrogate in a link is refused (400) before the group, and never fails its neighbour', async () => {
    const service = await catalogService(t.app);
    const [a, b] = await Promise.all([
      createMember(t.app, { point: 100_000 }),
      createMember(t.app, { point: 100_000 }),
    ]);
    const before = t.app.services.orders.batchStats();
    const order = async (member: typeof a, link: string) =>
      t.app.inject({
        method: 'POST',
        url: '/service/order',
        headers: { ...bearer(await tokenFor(t.app, member)), 'content-type': 'application/json' },
        // JSON.stringify writes the lone surrogate as an escape, which the server's parser keeps.
        payload: JSON.stringify({ serviceId: service.id, link, amount: service.min }),
      });
    const [odd, plain] = await Promise.all([
      order(a, 'https://www.instagram.com/p/\ud800odd/'),
      order(b, 'https://www.instagram.com/p/plain-neighbour/'),
    ]);
    expect([odd.statusCode, plain.statusCode]).toEqual([400, 200]);
    expect(odd.json<{ message: string }>().message).toBe(ORDER_MESSAGES.LINK_INVISIBLE);
    expect(t.app.services.orders.batchStats().retriedAlone).toBe(before.retriedAlone);
    expect(await pointOf(t.app, a.accountId)).toBe(100_000);
  });

  it("a lone UTF-16 surrogate in an order's comments is stored as U+FFFD, as a plain parameter would be, and never fails its group", async () => {
    const service = await catalogService(t.app);
    const [a, b] = await Promise.all([
      createMember(t.app, { point: 1_000 }),
      createMember(t.app, { point: 1_000 }),
    ]);
    const batcher = batcherOf();
    const input = (accountId: number, n: number, comments: string) => ({
      accountId,
      cost: 100,
      serviceId: service.id,
      link: `https://www.instagram.com/p/surrogate-comments-${n}/`,
      amount: 1,
      unitPriceMilli: 100_000,
      refillDays: 0,
      serviceType: 'custom_comments' as const,
      comments,
      providerId: service.providerId,
      providerServiceId: service.providerServiceId,
      nextCheckAt: new Date(),
      refuseOverlap: false,
    });
    const ids = await Promise.all([
      batcher.place(input(a.accountId, 0, 'odd \ud800 comment'), undefined),
      batcher.place(input(b.accountId, 1, 'plain comment'), undefined),
    ]);
    expect(batcher.stats).toMatchObject({ retriedAlone: 0 });
    const rows = await t.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(orders.id);
    expect(rows.map((row) => row.comments)).toEqual(['odd \ufffd comment', 'plain comment']);
  });

  it('a statement that fails fails its group, and each order is then placed alone: only the bad one fails', async () => {
    const service = await catalogService(t.app);
    const [a, b] = await Promise.all([
      createMember(t.app, { point: 1_000 }),
      createMember(t.app, { point: 1_000 }),
    ]);
    const batcher = batcherOf();
    const orderOf = (accountId: number, serviceId: number, n: number) => ({
      accountId,
      cost: 100,
      serviceId,
      link: `https://www.instagram.com/p/failing-statement-${n}/`,
      amount: 10,
      unitPriceMilli: 1_000,
      refillDays: 0,
      serviceType: 'default',
      comments: null,
      providerId: service.providerId,
      providerServiceId: service.providerServiceId,
      nextCheckAt: new Date(),
      refuseOverlap: false,
    });
    const outcomes = await Promise.allSettled([
      batcher.place(orderOf(a.accountId, service.id, 1), undefined),
      // No such service: the foreign key fails the statement, which aborts the group's transaction.
      batcher.place(orderOf(b.accountId, 999_999, 2), undefined),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(batcher.stats).toMatchObject({ batches: 1, orders: 2, retriedAlone: 2 });
    expect(await pointOf(t.app, a.accountId)).toBe(900);
    expect(await pointOf(t.app, b.accountId)).toBe(1_000);
    expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
  });

  it('an order refused after a failed statement outside a savepoint does not let its group answer uncommitted orders', async () => {
    const member = await createMember(t.app, { point: 1_000 });
    const batcher = batcherOf();
    const debit = (reference: string) => (tx: Tx) =>
      applyLedgerEntry(tx, {
        accountId: member.accountId,
        delta: -100,
        reason: LedgerReason.ORDER,
        reference,
      });
    const outcomes = await Promise.allSettled([
      batcher.run(debit('order:before'), { atomic: true }),
      batcher.run(
        async (tx) => {
          // A statement fails (the transaction is aborted) and the work answers with a refusal.
          try {
            await tx.execute(sql`SELECT 1 / 0`);
          } catch {
            throw appError('ORDER_INVALID', '수량을 확인해주세요.');
          }
        },
        { atomic: true },
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    // The answered debit is committed: its group did not commit, so it was placed again alone.
    expect(await pointOf(t.app, member.accountId)).toBe(900);
    expect(batcher.stats.retriedAlone).toBe(2);
  });
});

describe(`group commit across two processes on ${testDatabaseKind}`, () => {
  // A second app on the same database stands for a second process (its own batcher, and on
  // PostgreSQL its own pool): their groups commit side by side.
  let second: TestApp | undefined;
  beforeAll(async () => {
    second = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
  });
  afterAll(async () => {
    await second?.close();
  });

  it("two apps' groups racing for the same members and the same links: never two open orders for a link, no balance below 0, every answered order written, the ledger exact", async () => {
    {
      const other = second!.app;
      const service = await catalogService(t.app);
      const price = Math.ceil((service.unitPriceMilli * service.min) / 1000);
      // Each member can pay for exactly two orders and asks for six (three with links of their own).
      const members = await Promise.all(
        Array.from({ length: 10 }, () => createMember(t.app, { point: price * 2 })),
      );
      const tokens = await Promise.all(members.map((m) => tokenFor(t.app, m)));
      // One post each, written as members do: the overlap rule and its lock go by the link's key.
      const sharedKey = (n: number) => `instagram.com/p/two-processes-shared-${n}`;
      const writings = [
        (n: number) => `https://www.instagram.com/p/two-processes-shared-${n}/`,
        (n: number) => `http://instagram.com/p/two-processes-shared-${n}?igshid=abc`,
        (n: number) => `https://WWW.INSTAGRAM.COM/reel/two-processes-shared-${n}`,
      ];
      const shared = (n: number, m: number) => writings[m % writings.length]!(n);
      const own = (m: number, n: number) => `https://www.instagram.com/p/two-processes-${m}-${n}/`;
      const requests = members.flatMap((_, m) =>
        Array.from({ length: 6 }, (_, n) => ({
          app: (m + Math.floor(n / 2)) % 2 === 0 ? t.app : other,
          token: tokens[m]!,
          // Half the orders race for four links shared by everyone, half have links of their own.
          link: n % 2 === 0 ? shared((m + n) % 4, m) : own(m, n),
          key: n % 2 === 0 ? sharedKey((m + n) % 4) : own(m, n),
        })),
      );
      const responses = await Promise.all(
        requests.map((r) =>
          r.app.inject({
            method: 'POST',
            url: '/service/order',
            headers: bearer(r.token),
            payload: { serviceId: service.id, link: r.link, amount: service.min },
          }),
        ),
      );
      for (const response of responses) {
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBe(409);
          expect(['INSUFFICIENT_POINTS', 'ORDER_OVERLAP']).toContain(response.json<{ code: string }>().code);
        }
      }
      const placed = await t.app.database.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.accountId,
            members.map((m) => m.accountId),
          ),
        );
      // Every answered order is in the database, and nothing else is.
      expect(placed.map((o) => o.id).sort((a, b) => a - b)).toEqual(
        responses
          .filter((r) => r.statusCode === 200)
          .map((r) => r.json<{ orderId: number }>().orderId)
          .sort((a, b) => a - b),
      );
      // Never two open orders for a shared link, whichever apps asked; and the race was real: both
      // refusals happened, each shared link was asked for through both apps.
      for (let n = 0; n < 4; n++) {
        expect(placed.filter((o) => o.linkKey === sharedKey(n)).length).toBeLessThanOrEqual(1);
        const asked = requests.filter((r) => r.key === sharedKey(n));
        expect(new Set(asked.map((r) => r.app)).size).toBe(2);
        expect(new Set(asked.map((r) => r.link)).size).toBeGreaterThan(1);
      }
      expect(placed.some((o) => o.link.includes('shared'))).toBe(true);
      const codes = responses.filter((r) => r.statusCode === 409).map((r) => r.json<{ code: string }>().code);
      expect(new Set(codes)).toEqual(new Set(['INSUFFICIENT_POINTS', 'ORDER_OVERLAP']));
      for (const [m, member] of members.entries()) {
        const theirs = placed.filter((o) => o.accountId === member.accountId);
        expect(theirs.length, `member ${m}`).toBeLessThanOrEqual(2);
        expect(await pointOf(t.app, member.accountId)).toBe(price * 2 - price * theirs.length);
      }
      expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
    }
  });
  it('two groups debiting the same two members in opposite orders wait for each other instead of deadlocking', async () => {
    const [x, y] = await Promise.all([
      createMember(t.app, { point: 1_000 }),
      createMember(t.app, { point: 1_000 }),
    ]);
    const groupA = new OrderCommitBatcher(t.app.database.db, { windowMs: 5, maxBatch: 8, concurrency: 1 });
    const groupB = new OrderCommitBatcher(second!.app.database.db, {
      windowMs: 5,
      maxBatch: 8,
      concurrency: 1,
    });
    // Each group's first debit waits (up to 300 ms) for the other's first, so without the row locks
    // taken up front in id order, each would then hold one row and wait for the other's.
    let arrived = 0;
    const barrier = async () => {
      arrived += 1;
      for (let waited = 0; arrived < 2 && waited < 300; waited += 10)
        await new Promise((r) => setTimeout(r, 10));
    };
    const debit = (batcher: OrderCommitBatcher, accountId: number, reference: string, first: boolean) =>
      batcher.run(
        async (tx) => {
          await applyLedgerEntry(tx, { accountId, delta: -100, reason: LedgerReason.ORDER, reference });
          if (first) await barrier();
        },
        { atomic: true, accountId },
      );
    const outcomes = await Promise.allSettled([
      debit(groupA, x.accountId, 'order:a-x', true),
      debit(groupA, y.accountId, 'order:a-y', false),
      debit(groupB, y.accountId, 'order:b-y', true),
      debit(groupB, x.accountId, 'order:b-x', false),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Neither group failed as a whole (a deadlock would have failed one, then retried its orders alone).
    expect(groupA.stats.retriedAlone + groupB.stats.retriedAlone).toBe(0);
    expect(await pointOf(t.app, x.accountId)).toBe(800);
    expect(await pointOf(t.app, y.accountId)).toBe(800);
  });
});
