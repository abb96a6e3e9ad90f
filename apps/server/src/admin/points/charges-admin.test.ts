import { ChargeStatus, LedgerReason } from '@smm/domain';
import type { AdminChargesResponse, AdminDepositsResponse, AuditLogResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointLedger } from '../../db/schema';
import { reportDeposit, requestCharge } from '../../test/charge-factories';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { CHARGE_ADMIN_MESSAGES } from '../../points/charge-decisions';

const t = useTestApp();

async function call(caller: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: caller ? bearer(await tokenFor(t.app, caller)) : {},
    ...(payload ? { payload } : {}),
  });
}

const deposit = (name: string, amount: number, reference: string) =>
  reportDeposit(t.app, { name, amount, reference });

async function chargeCredits(accountId: number) {
  const rows = await t.app.database.db.select().from(pointLedger).where(eq(pointLedger.accountId, accountId));
  return rows.filter((r) => r.reason === LedgerReason.CHARGE);
}

describe('operator charge API', () => {
  it('is 401 without a token and 403 for a member on every route', async () => {
    const member = await createMember(t.app);
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/admin/api/charges'],
      ['GET', '/admin/api/deposits'],
      ['GET', '/admin/api/audit-log'],
      ['POST', '/admin/api/charges/1/accept', {}],
      ['POST', '/admin/api/charges/1/reject', {}],
      ['POST', '/admin/api/deposits/1/attach', { chargeId: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(member, method, url, payload)).statusCode).toBe(403);
    }
  });

  it('lists charges by status and deposits by status', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const paid = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const waiting = await requestCharge(t.app, member, { name: '홍길동', point: 20_000 });
    await deposit('홍길동', 10_000, 'a');
    await deposit('누구지', 5_000, 'b');
    const pending = (await call(operator, 'GET', '/admin/api/charges?status=0')).json<AdminChargesResponse>();
    expect(pending.items.map((c) => [c.id, c.memberLoginId, c.payable])).toEqual([
      [waiting.id, member.id, 20_000],
    ]);
    const all = (await call(operator, 'GET', '/admin/api/charges')).json<AdminChargesResponse>();
    expect(all.items.map((c) => [c.id, c.status])).toEqual([
      [waiting.id, ChargeStatus.PENDING],
      [paid.id, ChargeStatus.SUCCESS],
    ]);
    const unmatched = (
      await call(operator, 'GET', '/admin/api/deposits?status=UNMATCHED')
    ).json<AdminDepositsResponse>();
    expect(unmatched.items.map((d) => [d.depositorName, d.amount, d.status])).toEqual([
      ['누구지', 5_000, 'UNMATCHED'],
    ]);
    expect((await call(operator, 'GET', '/admin/api/deposits?status=NOPE')).statusCode).toBe(400);
  });

  it('accepts a pending charge once, with an audit entry; a deposit after that credits nothing more', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const accept = () =>
      call(operator, 'POST', `/admin/api/charges/${charge.id}/accept`, { memo: '통장 확인' });
    const first = await accept();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      changed: true,
      charge: { status: ChargeStatus.SUCCESS, decidedBy: operator.id },
    });
    expect((await accept()).json()).toMatchObject({ changed: false });
    const late = await deposit('홍길동', 10_000, 'after-accept');
    expect(late).toMatchObject({ status: 'UNMATCHED' });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(1);

    const audit = (
      await call(operator, 'GET', '/admin/api/audit-log?targetType=charge')
    ).json<AuditLogResponse>();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      operatorLoginId: operator.id,
      action: 'charge.accept',
      targetId: String(charge.id),
      memo: '통장 확인',
      before: { status: ChargeStatus.PENDING },
      after: { status: ChargeStatus.SUCCESS },
    });
  });

  it('does not double-credit when an operator accepts a charge a deposit already credited', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    await deposit('홍길동', 10_000, 'first');
    const accepted = await call(operator, 'POST', `/admin/api/charges/${charge.id}/accept`, {});
    expect(accepted.json()).toMatchObject({ changed: false, charge: { status: ChargeStatus.SUCCESS } });
    // Even both at once, many times over.
    await Promise.all(
      Array.from({ length: 5 }, () => call(operator, 'POST', `/admin/api/charges/${charge.id}/accept`, {})),
    );
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
    expect(await chargeCredits(member.accountId)).toHaveLength(1);
  });

  it('rejects a pending charge (idempotently) and refuses to reject an accepted one', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const reject = () =>
      call(operator, 'POST', `/admin/api/charges/${charge.id}/reject`, { memo: '허위 신청' });
    expect((await reject()).json()).toMatchObject({
      changed: true,
      charge: { status: ChargeStatus.FAIL, decidedBy: operator.id },
    });
    expect((await reject()).json()).toMatchObject({ changed: false });
    // A rejected charge is not "late": its deposit is left unmatched for a person to look at.
    const after = await deposit('홍길동', 10_000, 'after-reject');
    expect(after).toMatchObject({ status: 'UNMATCHED' });

    const paid = await requestCharge(t.app, member, { name: '김영희', point: 30_000 });
    await call(operator, 'POST', `/admin/api/charges/${paid.id}/accept`, {});
    const refused = await call(operator, 'POST', `/admin/api/charges/${paid.id}/reject`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CHARGE_ADMIN_MESSAGES.ALREADY_ACCEPTED });
    expect(await pointOf(t.app, member.accountId)).toBe(30_000);
    expect((await call(operator, 'POST', '/admin/api/charges/99999/reject', {})).statusCode).toBe(404);
  });

  it('attaches a held deposit to the charge it pays for, once, and refuses a wrong amount', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    // The member's mother paid under her own name.
    const held = await deposit('홍어머니', 10_000, 'mum');
    const depositId = held.depositId;
    const wrong = await deposit('홍어머니', 9_000, 'mum-2');
    const wrongId = wrong.depositId;
    const mismatch = await call(operator, 'POST', `/admin/api/deposits/${wrongId}/attach`, {
      chargeId: charge.id,
    });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ message: CHARGE_ADMIN_MESSAGES.AMOUNT_MISMATCH(9_000, 10_000) });

    const attach = () =>
      call(operator, 'POST', `/admin/api/deposits/${depositId}/attach`, {
        chargeId: charge.id,
        memo: '모친 입금',
      });
    expect((await attach()).json()).toMatchObject({
      changed: true,
      charge: { status: ChargeStatus.SUCCESS, depositId },
      deposit: { status: 'MATCHED', chargeId: charge.id },
    });
    expect((await attach()).json()).toMatchObject({ changed: false });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);

    // The same deposit cannot pay a second charge, nor a second deposit the same charge.
    const second = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const reuse = await call(operator, 'POST', `/admin/api/deposits/${depositId}/attach`, {
      chargeId: second.id,
    });
    expect(reuse.json()).toMatchObject({ message: CHARGE_ADMIN_MESSAGES.DEPOSIT_USED });
    const other = await deposit('다른이름', 10_000, 'other');
    const twice = await call(operator, 'POST', `/admin/api/deposits/${other.depositId}/attach`, {
      chargeId: charge.id,
    });
    expect(twice.json()).toMatchObject({ message: CHARGE_ADMIN_MESSAGES.CHARGE_SETTLED_BY_OTHER });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);

    const audit = (
      await call(operator, 'GET', '/admin/api/audit-log?action=deposit.attach')
    ).json<AuditLogResponse>();
    expect(audit.items.map((a) => [a.targetId, a.memo])).toEqual([[String(depositId), '모친 입금']]);
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });

  it('lets an operator credit a late deposit by accepting its lapsed charge', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    t.clock.advance(3 * 3600_000);
    await t.app.services.chargeWorker.tick();
    const late = await deposit('홍길동', 10_000, 'late');
    const attach = await call(operator, 'POST', `/admin/api/deposits/${late.depositId}/attach`, {
      chargeId: charge.id,
    });
    expect(attach.json()).toMatchObject({ changed: true, charge: { status: ChargeStatus.SUCCESS } });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
  });

  it('records point adjustments in the audit log', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app, { point: 1_000 });
    await call(operator, 'POST', `/admin/api/members/${member.id}/point-adjustments`, {
      delta: 500,
      memo: '이벤트 보상',
    });
    const audit = (
      await call(operator, 'GET', '/admin/api/audit-log?action=point.adjust')
    ).json<AuditLogResponse>();
    expect(audit.items[0]).toMatchObject({
      targetType: 'member',
      targetId: member.id,
      before: { point: 1_000 },
      after: { point: 1_500 },
      memo: '이벤트 보상',
    });
  });
});
