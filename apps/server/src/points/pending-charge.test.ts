import { ChargeStatus, OWN_PENDING_CHARGE_MESSAGE, ReceiptKind } from '@smm/domain';
import type {
  ChargeConflictBody,
  ChargeRequestResponse,
  ChargeTransferStatus,
  PendingChargesResponse,
} from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../invariants/invariant-checks';
import { reportDeposit, TEST_INVOICE } from '../test/charge-factories';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

/**
 * docs/product.md#point-charge-page: a pending charge's transfer instructions are found again after a
 * reload (GET /service/point/:id, GET /service/point-pending), and asking again for what one's own
 * pending charge holds names that charge instead of suggesting another amount.
 */
const t = useTestApp();

const HOUR = 3600_000;

async function as(member: TestMember | null) {
  return member ? bearer(await tokenFor(t.app, member)) : {};
}

async function postCharge(member: TestMember, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/service/point', headers: await as(member), payload });
}

async function ask(member: TestMember, payload: Record<string, unknown>): Promise<ChargeRequestResponse> {
  const response = await postCharge(member, payload);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function getTransfer(member: TestMember | null, id: number | string) {
  return t.app.inject({ method: 'GET', url: `/service/point/${id}`, headers: await as(member) });
}

async function pendingOf(member: TestMember): Promise<PendingChargesResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/service/point-pending',
    headers: await as(member),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

let names = 0;
const nextName = () => `김민지${'가나다라마바사아자차카타파하'[(names += 1) % 14]}${names}`;

describe(`a pending charge found again on ${testDatabaseKind}`, () => {
  it('GET /service/point/:id answers the member’s own charge with both amounts of a tax invoice, the account and the time left', async () => {
    await t.app.services.settings.set('BANKING_DISPLAY_TEXT', '예금주 (주)소셜부스트');
    const member = await createMember(t.app);
    const name = nextName();
    const asked = await ask(member, {
      name,
      point: 20_000,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: TEST_INVOICE,
    });
    // The holder under the label 예금주 is the name alone, in the answer to the request too.
    expect(asked.accountHolder).toBe('(주)소셜부스트');

    t.clock.advance(HOUR + 48 * 60_000 + 30_000);
    const response = await getTransfer(member, asked.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<ChargeTransferStatus>()).toEqual({
      id: asked.id,
      point: 20_000,
      payable: 22_000,
      depositorName: name,
      feeType: ReceiptKind.TAX_INVOICE,
      bankName: '국민은행',
      accountNumber: '123456-01-234567',
      accountHolder: '(주)소셜부스트',
      createdAt: asked.createdAt,
      expiresAt: asked.expiresAt,
      status: ChargeStatus.PENDING,
      // The lapse rule: 3 hours after the request; 1 h 48 min 30 s gone leaves 1 h 11 min 30 s.
      secondsLeft: 3600 + 11 * 60 + 30,
    });
    expect(new Date(asked.expiresAt).getTime() - new Date(asked.createdAt).getTime()).toBe(3 * HOUR);

    // Transferring what the instructions say credits the points (not the transfer's VAT).
    const deposit = await reportDeposit(t.app, { name, amount: 22_000 });
    expect(deposit).toMatchObject({ status: 'MATCHED', chargeId: asked.id });
    expect(await pointOf(t.app, member.accountId)).toBe(20_000);
    const credited = (await getTransfer(member, asked.id)).json<ChargeTransferStatus>();
    expect(credited).toMatchObject({ status: ChargeStatus.SUCCESS, secondsLeft: 0 });
    expect((await checkInvariants(t.app.database.db)).violations).toEqual([]);
  });

  it('counts the time left to the lapse the tick applies: 0 at the deadline, then the charge is FAIL', async () => {
    const member = await createMember(t.app);
    const asked = await ask(member, { name: nextName(), point: 10_000, feeType: ReceiptKind.NONE });
    t.clock.advance(3 * HOUR - 1000);
    expect((await getTransfer(member, asked.id)).json()).toMatchObject({ status: 0, secondsLeft: 1 });
    t.clock.advance(1000);
    expect((await getTransfer(member, asked.id)).json()).toMatchObject({ status: 0, secondsLeft: 0 });
    await t.app.services.chargeWorker.tick();
    expect((await getTransfer(member, asked.id)).json()).toMatchObject({
      status: ChargeStatus.FAIL,
      secondsLeft: 0,
    });
    expect(await pendingOf(member)).toEqual([]);
  });

  it('never shows another member’s charge: 404 with no data, as for an unknown id; 401 for a visitor', async () => {
    const member = await createMember(t.app);
    const stranger = await createMember(t.app);
    const asked = await ask(member, { name: nextName(), point: 10_000, feeType: ReceiptKind.NONE });

    const theirs = await getTransfer(stranger, asked.id);
    const unknown = await getTransfer(stranger, 2_147_483_647);
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json()).toEqual({ code: 'CHARGE_NOT_FOUND', message: '충전 신청을 찾을 수 없습니다.' });
    expect(await pendingOf(stranger)).toEqual([]);

    const visitor = await getTransfer(null, asked.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('123456-01-234567');
    const visitorList = await t.app.inject({ method: 'GET', url: '/service/point-pending' });
    expect(visitorList.statusCode).toBe(401);
    expect(visitorList.body).not.toContain(String(asked.id));
    expect((await getTransfer(member, 'abc')).statusCode).toBe(400);
  });

  it('GET /service/point-pending lists every pending charge of the member, newest first, and only those', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const name = nextName();
    const first = await ask(member, { name, point: 10_000, feeType: ReceiptKind.NONE });
    t.clock.advance(60_000);
    const second = await ask(member, {
      name,
      point: 30_000,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: TEST_INVOICE,
    });
    const third = await ask(member, { name, point: 5_000, feeType: ReceiptKind.NONE });
    await ask(other, { name: nextName(), point: 10_000, feeType: ReceiptKind.NONE });
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/service/point/${third.id}/cancel`,
      headers: await as(member),
    });
    expect(withdrawn.statusCode).toBe(200);

    const list = await pendingOf(member);
    expect(list.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ point: 30_000, payable: 33_000, secondsLeft: 3 * 3600 });
    expect(list[1]).toMatchObject({ point: 10_000, payable: 10_000, secondsLeft: 3 * 3600 - 60 });
  });
});

describe(`asking again for what one's own pending charge holds on ${testDatabaseKind}`, () => {
  it('is refused naming that charge (and its instructions are one call away); nothing new is stored', async () => {
    const member = await createMember(t.app);
    const name = nextName();
    const asked = await ask(member, {
      name,
      point: 20_000,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: TEST_INVOICE,
    });
    // The same name written another way, the same amount: the same deposit, so the same charge.
    const again = await postCharge(member, {
      name: ` ${name.slice(0, 1)} ${name.slice(1)} `,
      point: 20_000,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: TEST_INVOICE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ChargeConflictBody>()).toEqual({
      code: 'CHARGE_CONFLICT',
      message: OWN_PENDING_CHARGE_MESSAGE,
      pendingChargeId: asked.id,
    });
    expect((await getTransfer(member, asked.id)).json()).toMatchObject({ payable: 22_000 });
    expect(await pendingOf(member)).toHaveLength(1);
  });

  it('never names another member’s charge: the clash suggests a free amount, as before', async () => {
    const member = await createMember(t.app);
    const stranger = await createMember(t.app);
    const name = nextName();
    await ask(member, { name, point: 10_000, feeType: ReceiptKind.NONE });
    const clash = await postCharge(stranger, { name, point: 10_000, feeType: ReceiptKind.NONE });
    expect(clash.statusCode).toBe(409);
    const body = clash.json<ChargeConflictBody>();
    expect(body.code).toBe('CHARGE_CONFLICT');
    expect(body).not.toHaveProperty('pendingChargeId');
    expect(body.message).toContain('10,010원');
  });

  it('with ENABLE_CHARGE_DISTINCT_AMOUNT on, names the member’s own raised charge when they ask again', async () => {
    await t.app.services.settings.set('ENABLE_CHARGE_DISTINCT_AMOUNT', 'true');
    const member = await createMember(t.app);
    const stranger = await createMember(t.app);
    const name = nextName();
    await ask(stranger, { name, point: 10_000, feeType: ReceiptKind.NONE });
    const raised = await ask(member, { name, point: 10_000, feeType: ReceiptKind.NONE });
    expect(raised).toMatchObject({ payable: 10_001, extraWon: 1 });
    const again = await postCharge(member, { name, point: 10_000, feeType: ReceiptKind.NONE });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ pendingChargeId: raised.id, message: OWN_PENDING_CHARGE_MESSAGE });
  });

  it('names the member’s own charge when two identical requests race and the database settles it', async () => {
    const member = await createMember(t.app);
    const name = nextName();
    const answers = await Promise.all(
      [1, 2, 3].map(() => postCharge(member, { name, point: 15_000, feeType: ReceiptKind.NONE })),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    const id = won[0]!.json<ChargeRequestResponse>().id;
    for (const answer of lost) expect(answer.json()).toMatchObject({ pendingChargeId: id });
  });
});
