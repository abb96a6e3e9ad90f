import { POINT_ADJUSTMENT_MESSAGES as M } from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointAdjustments, pointLedger } from '../db/schema';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

async function adjust(caller: TestMember | null, loginId: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/admin/api/members/${encodeURIComponent(loginId)}/point-adjustments`,
    headers: caller ? bearer(await tokenFor(t.app, caller)) : {},
    payload,
  });
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
