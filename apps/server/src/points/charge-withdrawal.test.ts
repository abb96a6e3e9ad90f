import { CHARGE_STATUS_LABELS, CHARGE_WITHDRAW_MESSAGES, ChargeStatus } from '@smm/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, pointLedger } from '../db/schema';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../test/factories';
import { reportDeposit, requestCharge } from '../test/charge-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';
import { CHARGE_ADMIN_MESSAGES } from './charge-decisions';
import { creditCharge } from './credit-charge';
import { chargesRepository } from './charges.repository';

/** docs/product.md#refill-and-cancellation: 충전 신청 취소, and a withdrawn charge never credited. */
const t = useTestApp();

async function withdraw(member: TestMember, chargeId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/service/point/${chargeId}/cancel`,
    headers: bearer(await tokenFor(t.app, member)),
  });
}

const chargeRow = async (id: number) =>
  (await t.app.database.db.select().from(charges).where(eq(charges.id, id)))[0]!;
const creditsOf = async (id: number) =>
  t.app.database.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.reason, 'CHARGE'), eq(pointLedger.reference, `charge:${id}`)));

let names = 0;
const nextName = () => `홍길동${'가나다라마바사아자차카타파하'[(names += 1) % 14]}${names}`;

describe(`POST /service/point/:id/cancel on ${testDatabaseKind}`, () => {
  it("withdraws the member's own pending charge (WITHDRAWN, decided now, shown as 신청 취소); anything else is refused", async () => {
    const member = await createMember(t.app, { point: 0 });
    const stranger = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: nextName(), point: 10_000 });

    expect((await withdraw(stranger, charge.id)).statusCode).toBe(404);
    expect((await withdraw(member, 2_147_483_647)).statusCode).toBe(404);
    const response = await withdraw(member, charge.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: charge.id,
      status: ChargeStatus.WITHDRAWN,
      message: CHARGE_WITHDRAW_MESSAGES.WITHDRAWN,
    });
    expect(await chargeRow(charge.id)).toMatchObject({ status: 3, responseAt: t.clock.now() });

    const again = await withdraw(member, charge.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CHARGE_WITHDRAW_REFUSED',
      message: CHARGE_WITHDRAW_MESSAGES.NOT_PENDING,
    });
    const history = await t.app.inject({
      method: 'GET',
      url: '/service/point-history',
      headers: bearer(await tokenFor(t.app, member)),
    });
    const item = (history.json() as { items: { id: number; status: ChargeStatus }[] }).items[0]!;
    expect(item).toMatchObject({ id: charge.id, status: 3 });
    expect(CHARGE_STATUS_LABELS[item.status]).toBe('신청 취소');
  });

  it('refuses a charge already credited', async () => {
    const member = await createMember(t.app, { point: 0 });
    const name = nextName();
    const charge = await requestCharge(t.app, member, { name, point: 10_000 });
    expect((await reportDeposit(t.app, { name, amount: charge.payable })).status).toBe('MATCHED');
    const response = await withdraw(member, charge.id);
    expect(response.statusCode).toBe(409);
    expect(await chargeRow(charge.id)).toMatchObject({ status: ChargeStatus.SUCCESS });
    expect(await pointOf(t.app, member.accountId)).toBe(10_000);
  });

  it('a later transfer with its name and amount is held for an operator, never credited; accept and attach are refused', async () => {
    const member = await createMember(t.app, { point: 0 });
    const operator = await createMember(t.app, { role: 'admin' });
    const headers = bearer(await tokenFor(t.app, operator));
    const name = nextName();
    const charge = await requestCharge(t.app, member, { name, point: 10_000 });
    expect((await withdraw(member, charge.id)).statusCode).toBe(200);

    const deposit = await reportDeposit(t.app, { name, amount: charge.payable });
    expect(deposit).toMatchObject({ status: 'UNMATCHED', chargeId: null });

    const accept = await t.app.inject({
      method: 'POST',
      url: `/admin/api/charges/${charge.id}/accept`,
      headers,
      payload: { memo: '확인' },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({ message: CHARGE_ADMIN_MESSAGES.WITHDRAWN });
    const attach = await t.app.inject({
      method: 'POST',
      url: `/admin/api/deposits/${deposit.depositId}/attach`,
      headers,
      payload: { chargeId: charge.id, memo: '확인' },
    });
    expect(attach.statusCode).toBe(409);
    expect(attach.json()).toMatchObject({ message: CHARGE_ADMIN_MESSAGES.WITHDRAWN });
    const reject = await t.app.inject({
      method: 'POST',
      url: `/admin/api/charges/${charge.id}/reject`,
      headers,
      payload: { memo: '확인' },
    });
    expect(reject.statusCode).toBe(409);

    // The last guard: creditCharge itself refuses a withdrawn charge, whoever calls it.
    await expect(
      t.app.database.db.transaction(async (tx) => {
        const locked = await chargesRepository.lockById(tx, charge.id);
        return creditCharge(tx, locked!, { depositId: null, decidedBy: null, now: t.clock.now() });
      }),
    ).rejects.toMatchObject({ code: 'CHARGE_STATE' });

    expect(await chargeRow(charge.id)).toMatchObject({ status: ChargeStatus.WITHDRAWN });
    expect(await creditsOf(charge.id)).toHaveLength(0);
    expect(await pointOf(t.app, member.accountId)).toBe(0);
  });

  it('a deposit racing the withdrawal: whichever locks the charge first wins, never both', async () => {
    let credited = 0;
    let withdrawn = 0;
    for (let round = 0; round < 6; round += 1) {
      const member = await createMember(t.app, { point: 0 });
      const name = nextName();
      const charge = await requestCharge(t.app, member, { name, point: 10_000 });
      const racing = [
        withdraw(member, charge.id).then((response) => ({ withdrawal: response.statusCode })),
        reportDeposit(t.app, { name, amount: charge.payable }).then((d) => ({ deposit: d.status })),
      ];
      // Started in either order, round by round.
      const [first, second] = await Promise.all(round % 2 === 0 ? racing : racing.reverse());
      const outcome = { ...first, ...second } as { withdrawal: number; deposit: string };
      const row = await chargeRow(charge.id);
      const credits = await creditsOf(charge.id);
      if (row.status === ChargeStatus.SUCCESS) {
        credited += 1;
        expect(outcome).toEqual({ withdrawal: 409, deposit: 'MATCHED' });
        expect(credits).toHaveLength(1);
        expect(await pointOf(t.app, member.accountId)).toBe(10_000);
      } else {
        withdrawn += 1;
        expect(outcome).toEqual({ withdrawal: 200, deposit: 'UNMATCHED' });
        expect(row.status).toBe(ChargeStatus.WITHDRAWN);
        expect(credits).toHaveLength(0);
        expect(await pointOf(t.app, member.accountId)).toBe(0);
      }
    }
    expect(credited + withdrawn).toBe(6);
    for (const account of await balancesAndLedgerSums(t.app)) expect(account.point).toBe(account.ledger);
  });
});
