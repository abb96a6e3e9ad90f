import { LedgerReason } from '@smm/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/database';
import { orders, pointLedger } from '../db/schema';
import { appError } from '../errors/app-error';
import { checkInvariants } from '../invariants/invariant-checks';
import { applyLedgerEntry } from '../ledger/apply-ledger-entry';
import { bearer, createMember, pointOf, tokenFor } from '../test/factories';
import { catalogService } from '../test/order-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { OrderCommitBatcher } from './order-commit-batcher';

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
    expect(batcher.stats).toEqual({ batches: 1, orders: 4, retriedAlone: 0 });
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
    // Fewer commits than orders: they were written together.
    expect(after.orders - before.orders).toBe(17);
    expect(after.batches - before.batches).toBeLessThan(17);

    const placed = await t.app.database.db.select().from(orders).where(eq(orders.serviceId, service.id));
    expect(placed.filter((o) => o.link.includes('group-commit-'))).toHaveLength(12 + 1 + 1);
    expect(await pointOf(t.app, poor.accountId)).toBe(1);
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
