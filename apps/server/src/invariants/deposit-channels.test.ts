import { ChargeStatus } from '@smm/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../db/schema';
import { bearer, createMember, postSigned, tokenFor, type TestMember } from '../test/factories';
import type { AppError } from '../errors/app-error';
import { requestCharge } from '../test/charge-factories';
import { createTestApp, testDatabaseKind, useTestApp, type TestApp } from '../test/test-app';
import { checkInvariants } from './invariant-checks';

/**
 * One bank transfer credits once, whichever way and wherever it is reported (docs/ARCHITECTURE.md
 * "Charges and deposits"): the relay's webhook, the forwarded bank message as is, with `[Web발신]`,
 * under its own reference, and an operator entering it, all delivered at once and spread over two
 * server processes sharing one PostgreSQL database (on PGlite, one process: its single connection
 * runs one transaction at a time anyway). Members ask for a charge again between the waves, as a
 * member who does not see the credit at once does, so a second report that were matched would find a
 * pending charge to credit. Then: the ledger adds up, every credited charge was paid by exactly one
 * transfer and every transfer credited exactly one charge; all other reports are held as DUPLICATE.
 */
const t = useTestApp();
let second: TestApp | undefined;

beforeAll(async () => {
  // A second "process": its own app, pool, caches and clock, on the same database.
  if (testDatabaseKind === 'postgres') {
    second = await createTestApp({ databaseUrl: t.databaseUrl, seedDemoData: false });
  }
});
afterAll(async () => {
  await second?.close();
});

const NAMES = [
  '김민준',
  '이서연',
  '박도윤',
  '최하은',
  '정시우',
  '강지유',
  '조하준',
  '윤서아',
  '장은우',
  '임지호',
  '한예린',
  '오승민',
];
/** The clocks read 2026-11-22 19:00 in Korea: the transfers below (18:05, 18:40) are past. */
const NOW = new Date('2026-11-22T10:00:00Z');

interface Transfer {
  name: string;
  amount: number;
  /** HH:mm in Korean time on 11/22, as the bank prints it. */
  minute: string;
}

const won = (n: number) => n.toLocaleString('en-US');
const smsOf = ({ name, amount, minute }: Transfer) =>
  `[KB]11/22 ${minute}\n123456**789\n${name}\n입금\n${won(amount)}\n잔액1,234,567`;
const isoOf = ({ minute }: Transfer) => `2026-11-22T${minute}:00+09:00`;

describe(`one transfer reported through every channel, concurrently, on ${testDatabaseKind}`, () => {
  it('credits each transfer once; the ledger equals the credited charges', { timeout: 60_000 }, async () => {
    const apps: FastifyInstance[] = second ? [t.app, second.app] : [t.app];
    t.clock.set(NOW);
    second?.clock.set(NOW);
    const appFor = (i: number) => apps[i % apps.length]!;
    const operator = await createMember(t.app, { role: 'admin' });
    const members: TestMember[] = [];
    for (const _ of NAMES) members.push(await createMember(t.app));
    const amountOf = (i: number) => 10_000 + i * 100;

    /** Member i asks for their charge again through the charge service: 200, or the refusal's status. */
    const ask = (i: number) =>
      requestCharge(appFor(i + 1), members[i]!, { name: NAMES[i]!, point: amountOf(i) }).then(
        () => 200,
        (error: AppError) => error.status,
      );
    /** Every way one transfer can be reported, each to one of the two processes. */
    const reportsOf = (transfer: Transfer, tag: string) => [
      (app: FastifyInstance) =>
        postSigned(app, '/hooks/deposit', {
          name: transfer.name,
          amount: transfer.amount,
          depositedAt: isoOf(transfer),
          reference: `relay-${tag}`,
        }),
      (app: FastifyInstance) => postSigned(app, '/hooks/bank-sms', { text: smsOf(transfer) }),
      (app: FastifyInstance) => postSigned(app, '/hooks/bank-sms', { text: `[Web발신]\n${smsOf(transfer)}` }),
      (app: FastifyInstance) =>
        postSigned(app, '/hooks/bank-sms', { text: smsOf(transfer), reference: `phone-${tag}` }),
      async (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/admin/api/deposits',
          headers: { ...bearer(await tokenFor(app, operator)), 'idempotency-key': `form-${tag}` },
          payload: {
            depositorName: transfer.name,
            amount: transfer.amount,
            depositedAt: isoOf(transfer),
            memo: '은행 앱에서 확인',
          },
        }),
    ];
    const deliver = async (calls: ((app: FastifyInstance) => Promise<{ statusCode: number }>)[]) => {
      const answers = await Promise.all(calls.map((call, k) => call(appFor(k))));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
    };

    const first: Transfer[] = NAMES.map((name, i) => ({ name, amount: amountOf(i), minute: '18:05' }));
    const later: Transfer[] = NAMES.map((name, i) => ({ name, amount: amountOf(i), minute: '18:40' }));
    for (const [i] of NAMES.entries()) expect(await ask(i)).toBe(200);

    // Wave 1: the first three reports of every transfer, all at once, over both processes, while every
    // member keeps asking again: a charge asked for the moment the first report credited the first one
    // is what a second report, checked before that credit was committed, would find and credit.
    const askers = NAMES.map(async (_, i) => {
      for (let k = 0; k < 3; k += 1) expect([200, 409]).toContain(await ask(i));
    });
    await Promise.all([
      deliver(first.flatMap((transfer, i) => reportsOf(transfer, `a${i}`).slice(0, 3))),
      ...askers,
    ]);
    // Every member asks once more, so each has a charge waiting for a transfer (asked now, or during the wave) …
    for (const status of await Promise.all(NAMES.map((_, i) => ask(i)))) {
      expect([200, 409]).toContain(status);
    }
    const pending = (await t.app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM charges WHERE status = ${ChargeStatus.PENDING}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(pending.rows[0]!.n)).toBe(NAMES.length);
    // … wave 2: the remaining reports of the same transfers, and for every other member a genuinely new
    // transfer 35 minutes later (reported twice) that pays the new charge.
    await deliver([
      ...first.flatMap((transfer, i) => reportsOf(transfer, `a${i}`).slice(3)),
      ...later.flatMap((transfer, i) => (i % 2 === 0 ? reportsOf(transfer, `b${i}`).slice(0, 2) : [])),
    ]);

    const db = t.app.database.db;
    const report = await checkInvariants(db);
    expect(report.violations).toEqual([]);

    // The ledger's charge credits add up to exactly the credited charges' points.
    const result = (await db.execute(sql`
      SELECT (SELECT coalesce(sum(delta), 0) FROM point_ledger WHERE reason = 'CHARGE')::int AS ledger,
             (SELECT coalesce(sum(point), 0) FROM charges WHERE status = ${ChargeStatus.SUCCESS})::int AS credited,
             (SELECT count(*) FROM charges WHERE status = ${ChargeStatus.SUCCESS})::int AS n`)) as unknown as {
      rows: { ledger: number; credited: number; n: number }[];
    };
    const totals = result.rows[0]!;
    const transfers = [...first, ...later.filter((_, i) => i % 2 === 0)];
    expect(totals.n).toBe(transfers.length);
    expect(Number(totals.ledger)).toBe(Number(totals.credited));
    expect(Number(totals.ledger)).toBe(transfers.reduce((sum, tr) => sum + tr.amount, 0));

    // Each transfer: one MATCHED report, every other one DUPLICATE of a report of that same transfer.
    const rows = await db.select().from(deposits);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const transfer of transfers) {
      const at = new Date(isoOf(transfer)).getTime();
      const mine = rows.filter((r) => r.depositorName === transfer.name && r.depositedAt?.getTime() === at);
      const expected = transfer.minute === '18:05' ? 5 : 2;
      expect(mine, `${transfer.name} ${transfer.minute}`).toHaveLength(expected);
      expect(mine.filter((r) => r.status === 'MATCHED')).toHaveLength(1);
      for (const r of mine.filter((d) => d.status !== 'MATCHED')) {
        expect(r.status).toBe('DUPLICATE');
        expect(byId.get(r.duplicateOf!)?.depositedAt?.getTime()).toBe(at);
      }
    }
    // Members paid twice have two charges credited; the others' second charge still waits.
    for (const [i] of NAMES.entries()) {
      const balance = (await db.execute(
        sql`SELECT point FROM accounts WHERE id = ${members[i]!.accountId}`,
      )) as unknown as { rows: { point: number }[] };
      expect(Number(balance.rows[0]!.point)).toBe(amountOf(i) * (i % 2 === 0 ? 2 : 1));
    }
  });

  it(
    'credits once when two processes get reports of one transfer under names one of which contains the other',
    { timeout: 60_000 },
    async () => {
      const apps: FastifyInstance[] = second ? [t.app, second.app] : [t.app];
      t.clock.set(NOW);
      second?.clock.set(NOW);
      const amountOf = (i: number) => 20_000 + i * 100;
      // For every name, two members wait for one amount: one under the name, one under the name and more.
      const plain: TestMember[] = [];
      const longer: TestMember[] = [];
      for (const [i, name] of NAMES.entries()) {
        plain.push(await createMember(t.app));
        longer.push(await createMember(t.app));
        await requestCharge(t.app, plain[i]!, { name, point: amountOf(i) });
        await requestCharge(t.app, longer[i]!, { name: `${name}상사`, point: amountOf(i) });
      }
      // One transfer each: the relay reports the sender's whole text, the bank's message a part of it,
      // the two at once and each to the other process (different keys: only a lock on the amount
      // makes the second wait for the first).
      const answers = await Promise.all(
        NAMES.flatMap((name, i) => [
          postSigned(apps[i % apps.length]!, '/hooks/deposit', {
            name: `${name}상사`,
            amount: amountOf(i),
            depositedAt: isoOf({ name, amount: amountOf(i), minute: '18:05' }),
            reference: `contains-${i}`,
          }),
          postSigned(apps[(i + 1) % apps.length]!, '/hooks/bank-sms', {
            text: smsOf({ name, amount: amountOf(i), minute: '18:05' }),
          }),
        ]),
      );
      for (const answer of answers) expect(answer.statusCode).toBe(200);

      const db = t.app.database.db;
      expect((await checkInvariants(db)).violations).toEqual([]);
      const rows = await db.select().from(deposits);
      for (const [i] of NAMES.entries()) {
        const mine = rows.filter((r) => r.amount === amountOf(i));
        expect(mine.map((r) => r.status).sort(), NAMES[i]).toEqual(['DUPLICATE', 'MATCHED']);
        const balances = await Promise.all(
          [plain[i]!, longer[i]!].map(async (member) => {
            const result = (await db.execute(
              sql`SELECT point FROM accounts WHERE id = ${member.accountId}`,
            )) as unknown as { rows: { point: number }[] };
            return Number(result.rows[0]!.point);
          }),
        );
        expect(
          balances.reduce((a, b) => a + b, 0),
          NAMES[i],
        ).toBe(amountOf(i));
      }
    },
  );
});
