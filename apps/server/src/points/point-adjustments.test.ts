import { POINT_ADJUSTMENT_MESSAGES as M } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, pointAdjustments, pointLedger } from '../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

async function adjust(
  caller: TestMember | null,
  loginId: string,
  payload: Record<string, unknown>,
  idempotencyKey?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/members/${encodeURIComponent(loginId)}/point-adjustments`,
    headers: {
      ...(caller ? bearer(await tokenFor(t.app, caller)) : {}),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload,
  });
}

/** What one member's adjustments left behind: adjustment rows, ledger rows, audit rows. */
async function traces(accountId: number, loginId: string) {
  const { db } = t.app.database;
  const [adjustments, ledger, audit] = await Promise.all([
    db.select().from(pointAdjustments).where(eq(pointAdjustments.accountId, accountId)),
    db.select().from(pointLedger).where(eq(pointLedger.accountId, accountId)),
    db.select().from(auditLog).where(eq(auditLog.targetId, loginId)),
  ]);
  return { adjustments: adjustments.length, ledger: ledger.length, audit: audit.length };
}

describe('POST /admin/api/members/:loginId/point-adjustments', () => {
  it('credits and debits through the ledger with the operator and the reason recorded', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const credit = await adjust(operator, member.id, { delta: 50_000, memo: '계좌이체 수동 확인' });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({ balance: 50_000 });
    const debit = await adjust(operator, member.id.toUpperCase(), { delta: -20_000, memo: '중복 충전 회수' });
    expect(debit.json()).toMatchObject({ balance: 30_000 });
    expect(await pointOf(t.app, member.accountId)).toBe(30_000);
    const rows = await t.app.database.db
      .select()
      .from(pointAdjustments)
      .where(eq(pointAdjustments.accountId, member.accountId));
    expect(rows.map((r) => [r.delta, r.memo, r.operatorId])).toEqual([
      [50_000, '계좌이체 수동 확인', operator.accountId],
      [-20_000, '중복 충전 회수', operator.accountId],
    ]);
    const ledger = await t.app.database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.accountId, member.accountId));
    expect(ledger.map((l) => l.reference)).toEqual(rows.map((r) => `adjustment:${r.id}`));
  });

  it('refuses members (403) and visitors (401), and writes nothing', async () => {
    const member = await createMember(t.app);
    expect((await adjust(member, member.id, { delta: 1_000_000, memo: 'self' })).statusCode).toBe(403);
    expect((await adjust(null, member.id, { delta: 1_000_000, memo: 'x' })).statusCode).toBe(401);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it.each([
    [{ delta: 0, memo: '사유' }, M.DELTA_INVALID],
    [{ delta: 1.5, memo: '사유' }, M.DELTA_INVALID],
    [{ delta: 100_000_001, memo: '사유' }, M.DELTA_TOO_LARGE],
    [{ delta: 1000, memo: '   ' }, M.MEMO_REQUIRED],
  ])('refuses %j with its message', async (payload, message) => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const response = await adjust(operator, member.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('never takes a balance below 0, and answers 404 for an unknown member', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000 });
    const response = await adjust(operator, member.id, { delta: -1_001, memo: '회수' });
    expect(response.statusCode).toBe(409);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000);
    expect(await t.app.database.db.select().from(pointAdjustments)).toHaveLength(0);
    expect((await adjust(operator, 'nobody-here', { delta: 1, memo: 'x' })).json().message).toBe(
      M.MEMBER_NOT_FOUND,
    );
    // A NUL in the id (which PostgreSQL text cannot hold) is a plain 400, never a database error.
    expect((await adjust(operator, 'a\u0000b', { delta: 1, memo: 'x' })).statusCode).toBe(400);
    // Longer than Fastify's parameter limit: its own 414, in the app's shape.
    expect((await adjust(operator, 'x'.repeat(101), { delta: 1, memo: 'x' })).statusCode).toBe(414);
  });
});

describe('adjustment Idempotency-Key', () => {
  const KEY = '0b6a3f0e-8d7c-4f6e-9b1a-2c3d4e5f6a7b';

  it('applies a repeated key once and answers the first result to the repeat', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000 });
    const payload = { delta: 5_000, memo: '이벤트 보상' };
    const first = await adjust(operator, member.id, payload, KEY);
    expect(first.statusCode).toBe(200);
    const firstBody = first.json<{ adjustmentId: number; balance: number }>();
    expect(firstBody.balance).toBe(6_000);
    // Something else moves the balance in between: the repeat still answers the first's result.
    await adjust(operator, member.id, { delta: 100, memo: '다른 조정' }, 'another-key');
    const repeat = await adjust(operator, member.id, payload, KEY);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(firstBody);
    expect(await pointOf(t.app, member.accountId)).toBe(6_100);
    // 1 test credit + 2 adjustments in the ledger; 2 adjustment rows; 2 audit rows.
    expect(await traces(member.accountId, member.id)).toEqual({ adjustments: 2, ledger: 3, audit: 2 });
  });

  it('applies two raced requests with the same key once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const payload = { delta: 7_000, memo: '수동 충전' };
    const answers = await Promise.all([
      adjust(operator, member.id, payload, KEY),
      adjust(operator, member.id, payload, KEY),
      adjust(operator, member.id, payload, KEY),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((a) => a.json<{ adjustmentId: number; balance: number }>());
    expect(new Set(bodies.map((b) => b.adjustmentId)).size).toBe(1);
    expect(bodies.map((b) => b.balance)).toEqual([7_000, 7_000, 7_000]);
    expect(await pointOf(t.app, member.accountId)).toBe(7_000);
    expect(await traces(member.accountId, member.id)).toEqual({ adjustments: 1, ledger: 1, audit: 1 });
  });

  it('applies different keys, and requests without a key, each time', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const payload = { delta: 1_000, memo: '보상' };
    await adjust(operator, member.id, payload, 'key-1');
    await adjust(operator, member.id, payload, 'key-2');
    await adjust(operator, member.id, payload);
    await adjust(operator, member.id, payload);
    expect(await pointOf(t.app, member.accountId)).toBe(4_000);
    expect(await traces(member.accountId, member.id)).toEqual({ adjustments: 4, ledger: 4, audit: 4 });
  });

  it('keeps keys per operator: another operator with the same key makes its own adjustment', async () => {
    const first = await createMember(t.app, { role: 'admin' });
    const second = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    await adjust(first, member.id, { delta: 1_000, memo: '보상' }, KEY);
    await adjust(second, member.id, { delta: 1_000, memo: '보상' }, KEY);
    expect(await pointOf(t.app, member.accountId)).toBe(2_000);
  });

  it('refuses a key reused for another amount, and a malformed key, writing nothing', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    await adjust(operator, member.id, { delta: 1_000, memo: '보상' }, KEY);
    const reused = await adjust(operator, member.id, { delta: 2_000, memo: '보상' }, KEY);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(M.KEY_REUSED);
    for (const bad of ['', 'x'.repeat(101), '키', 'a\tb']) {
      expect((await adjust(operator, member.id, { delta: 1, memo: 'x' }, bad)).statusCode).toBe(400);
    }
    expect(await pointOf(t.app, member.accountId)).toBe(1_000);
    expect(await traces(member.accountId, member.id)).toEqual({ adjustments: 1, ledger: 1, audit: 1 });
  });

  it('lets a refused debit be retried with the same key once the balance allows it', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 500 });
    const payload = { delta: -1_000, memo: '회수' };
    expect((await adjust(operator, member.id, payload, KEY)).statusCode).toBe(409);
    await adjust(operator, member.id, { delta: 1_000, memo: '보정' }, 'top-up');
    const retry = await adjust(operator, member.id, payload, KEY);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ balance: 500 });
  });
});
