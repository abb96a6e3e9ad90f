import {
  CHARGE_MESSAGES as M,
  ChargeStatus,
  distinctAmountMessage,
  ReceiptKind,
  tooManyPendingChargesMessage,
} from '@smm/domain';
import type { ChargeRequestResponse, ChargeHistoryResponse } from '@smm/domain/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges } from '../db/schema';
import { reportDeposit, requestCharge, TEST_INVOICE as INVOICE } from '../test/charge-factories';
import { bearer, createMember, pointOf, tokenFor, type TestMember } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

/** POST /service/point, as the member (or a visitor) sends it: the route under test. */
async function postCharge(member: TestMember | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/service/point',
    headers: member ? bearer(await tokenFor(t.app, member)) : {},
    payload,
  });
}

async function history(member: TestMember, page = 1): Promise<ChargeHistoryResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/service/point-history?page=${page}`,
    headers: bearer(await tokenFor(t.app, member)),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /service/point', () => {
  it('stores a pending charge and answers what the transfer panel shows', async () => {
    const member = await createMember(t.app);
    const response = await postCharge(member, {
      name: ' 홍길동 ',
      point: 10_000,
      feeType: ReceiptKind.CASH_RECEIPT,
      feeValue: { phone: '010-1234-5678' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ChargeRequestResponse>();
    expect(body).toMatchObject({
      message: M.SUCCESS,
      point: 10_000,
      payable: 10_000,
      depositorName: '홍길동',
      feeType: ReceiptKind.CASH_RECEIPT,
      bankName: '국민은행',
      accountNumber: '123456-01-234567',
      accountHolder: '(주)소셜부스트',
    });
    expect(new Date(body.expiresAt).getTime() - new Date(body.createdAt).getTime()).toBe(3 * 3600_000);
    const [row] = await t.app.database.db.select().from(charges).where(eq(charges.id, body.id));
    expect(row).toMatchObject({
      accountId: member.accountId,
      status: ChargeStatus.PENDING,
      depositorKey: '홍길동',
      feeValue: { phone: '01012345678' },
    });
  });

  it('makes a tax-invoice charge payable at ×1.1, rounded to the won', async () => {
    const member = await createMember(t.app);
    const ten = await postCharge(member, {
      name: '테스트상사',
      point: 10_000,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: INVOICE,
    });
    expect(ten.json()).toMatchObject({ point: 10_000, payable: 11_000 });
    const odd = await postCharge(member, {
      name: '테스트상사',
      point: 12_345,
      feeType: ReceiptKind.TAX_INVOICE,
      feeValue: INVOICE,
    });
    // 12,345 × 1.1 = 13,579.5 → 13,580
    expect(odd.json()).toMatchObject({ point: 12_345, payable: 13_580 });
    const none = await postCharge(member, {
      name: '테스트상사',
      point: 12_345,
      feeType: ReceiptKind.NONE,
    });
    expect(none.json()).toMatchObject({ payable: 12_345 });
  });

  it.each([
    [{ name: '', point: 10_000, feeType: 2 }, M.NAME_REQUIRED],
    [{ name: '   ', point: 10_000, feeType: 2 }, M.NAME_REQUIRED],
    [{ name: '가'.repeat(21), point: 10_000, feeType: 2 }, M.NAME_TOO_LONG],
    [{ name: '홍길동', point: 0, feeType: 2 }, M.AMOUNT_REQUIRED],
    [{ name: '홍길동', point: -5000, feeType: 2 }, M.AMOUNT_REQUIRED],
    [{ name: '홍길동', point: 1000.5, feeType: 2 }, M.AMOUNT_NOT_INTEGER],
    [{ name: '홍길동', point: 5_000_001, feeType: 2 }, '1회 충전 금액은 최대 ₩5,000,000입니다.'],
    [{ name: '홍길동', point: 10_000, feeType: 7 }, M.RECEIPT_KIND_UNAVAILABLE],
    [{ name: '홍길동', point: 10_000, feeType: 0, feeValue: { phone: '02-123-4567' } }, M.CASH_PHONE_INVALID],
    [{ name: '홍길동', point: 10_000, feeType: 0 }, M.CASH_PHONE_INVALID],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, company: ' ' } },
      M.COMPANY_REQUIRED,
    ],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, businessNumber: '220-81-62518' } },
      M.BUSINESS_NUMBER_INVALID,
    ],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, businessNumber: '12345' } },
      M.BUSINESS_NUMBER_INVALID,
    ],
    [{ name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, leader: '' } }, M.LEADER_REQUIRED],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, phone: '12' } },
      M.INVOICE_PHONE_INVALID,
    ],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, jobType: '' } },
      M.JOB_TYPE_REQUIRED,
    ],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, jobType2: '' } },
      M.JOB_TYPE2_REQUIRED,
    ],
    [
      { name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, address: '' } },
      M.ADDRESS_REQUIRED,
    ],
    [{ name: '홍길동', point: 10_000, feeType: 1, feeValue: { ...INVOICE, email: 'tax@' } }, M.EMAIL_INVALID],
  ])('refuses %j with its message and stores nothing', async (payload, message) => {
    const member = await createMember(t.app);
    const response = await postCharge(member, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'CHARGE_INVALID' });
    expect(await t.app.database.db.select().from(charges)).toEqual([]);
  });

  it('offers only the receipt types ENABLE_PAYMENT_TYPE and ENABLE_PAYMENT_FEE allow', async () => {
    const member = await createMember(t.app);
    const cash = { name: '홍길동', point: 10_000, feeType: 0, feeValue: { phone: '01012345678' } };
    await t.app.services.settings.set('ENABLE_PAYMENT_TYPE', 'FEE');
    expect((await postCharge(member, cash)).json()).toMatchObject({ message: M.RECEIPT_KIND_UNAVAILABLE });
    expect((await postCharge(member, { ...cash, feeType: 2 })).json()).toMatchObject({
      message: M.RECEIPT_KIND_UNAVAILABLE,
    });
    await t.app.services.settings.set('ENABLE_PAYMENT_TYPE', 'CASH');
    expect((await postCharge(member, cash)).statusCode).toBe(200);
    await t.app.services.settings.set('ENABLE_PAYMENT_FEE', 'false');
    expect((await postCharge(member, { ...cash, point: 20_000 })).json()).toMatchObject({
      message: M.RECEIPT_KIND_UNAVAILABLE,
    });
    expect((await postCharge(member, { ...cash, point: 20_000, feeType: 2 })).statusCode).toBe(200);
  });

  it('refuses a charge whose depositor and payable amount another pending charge holds, naming a free amount', async () => {
    const first = await createMember(t.app);
    const second = await createMember(t.app);
    expect((await postCharge(first, { name: '김철수', point: 10_000, feeType: 2 })).statusCode).toBe(200);
    // Another member, the same name written with a full-width space and letters: still the same deposit.
    const clash = await postCharge(second, { name: '김\u3000철수', point: 10_000, feeType: 2 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CHARGE_CONFLICT' });
    expect(clash.json<{ message: string }>().message).toContain('10,010원');
    // A tax invoice of 10,000 pays 11,000: no clash with a plain 10,000 …
    expect(
      (await postCharge(second, { name: '김철수', point: 10_000, feeType: 1, feeValue: INVOICE })).statusCode,
    ).toBe(200);
    // … but a plain 11,000 now clashes with it.
    expect((await postCharge(first, { name: '김철수', point: 11_000, feeType: 2 })).statusCode).toBe(409);
    expect((await postCharge(first, { name: '김철수', point: 10_010, feeType: 2 })).statusCode).toBe(200);
  });

  describe('with ENABLE_CHARGE_DISTINCT_AMOUNT on', () => {
    const on = () => t.app.services.settings.set('ENABLE_CHARGE_DISTINCT_AMOUNT', 'true');

    it('is off by default: the second member is refused as before', async () => {
      const first = await createMember(t.app);
      const second = await createMember(t.app);
      expect((await postCharge(first, { name: '김철수', point: 10_000, feeType: 2 })).statusCode).toBe(200);
      expect((await postCharge(second, { name: '김철수', point: 10_000, feeType: 2 })).statusCode).toBe(409);
    });

    it('gives another member the smallest free amount a few won higher, credited in full', async () => {
      await on();
      const [first, second, third] = await Promise.all([1, 2, 3].map(() => createMember(t.app)));
      const a = await postCharge(first!, { name: '김철수', point: 10_000, feeType: 2 });
      expect(a.json()).toMatchObject({ point: 10_000, payable: 10_000, extraWon: 0, message: M.SUCCESS });
      const b = await postCharge(second!, { name: '김 철수', point: 10_000, feeType: 2 });
      expect(b.statusCode).toBe(200);
      expect(b.json()).toMatchObject({
        point: 10_001,
        payable: 10_001,
        extraWon: 1,
        message: distinctAmountMessage(1, 10_001),
      });
      expect(b.json<ChargeRequestResponse>().message).toContain('10,001원');
      const c = await postCharge(third!, { name: '김철수', point: 10_000, feeType: 2 });
      expect(c.json()).toMatchObject({ payable: 10_002, extraWon: 2 });
      // The member's history shows the raised amount too.
      expect((await history(second!)).items[0]).toMatchObject({ point: 10_001, payable: 10_001 });

      // A transfer of the raised amount credits that member's charge with the extra won.
      const deposit = await reportDeposit(t.app, {
        name: '김철수',
        amount: 10_001,
        depositedAt: '2026-11-22T18:05:00+09:00',
        reference: 'raised',
      });
      expect(deposit).toMatchObject({
        status: 'MATCHED',
        chargeId: b.json<ChargeRequestResponse>().id,
      });
      expect(await pointOf(t.app, second!.accountId)).toBe(10_001);
      expect(await pointOf(t.app, first!.accountId)).toBe(0);
    });

    it('still refuses the same member asking again for the same name and amount, raised or not', async () => {
      await on();
      const first = await createMember(t.app);
      const second = await createMember(t.app);
      expect((await postCharge(first, { name: '김철수', point: 10_000, feeType: 2 })).statusCode).toBe(200);
      expect((await postCharge(first, { name: '김철수', point: 10_000, feeType: 2 })).statusCode).toBe(409);
      expect((await postCharge(second, { name: '김철수', point: 10_000, feeType: 2 })).json()).toMatchObject({
        payable: 10_001,
      });
      const again = await postCharge(second, { name: '김철수', point: 10_000, feeType: 2 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CHARGE_CONFLICT' });
      expect(await t.app.database.db.select().from(charges)).toHaveLength(2);
    });

    it('raises a tax invoice’s payable and points by the same won; never past CHARGE_MAX_WON', async () => {
      await on();
      const first = await createMember(t.app);
      const second = await createMember(t.app);
      const invoice = { name: '테스트상사', point: 10_000, feeType: 1, feeValue: INVOICE };
      expect((await postCharge(first, invoice)).json()).toMatchObject({ payable: 11_000 });
      expect((await postCharge(second, invoice)).json()).toMatchObject({
        point: 10_001,
        payable: 11_001,
        extraWon: 1,
      });
      const top = { name: '최대금액', point: 5_000_000, feeType: 2 };
      expect((await postCharge(first, top)).statusCode).toBe(200);
      expect((await postCharge(second, top)).statusCode).toBe(409);
    });

    it('gives racing members distinct amounts, none refused', async () => {
      await on();
      const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
      const answers = await Promise.all(
        members.map((m) => postCharge(m, { name: '동시신청', point: 30_000, feeType: 2 })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const payables = answers.map((a) => a.json<ChargeRequestResponse>().payable).sort((x, y) => x - y);
      expect(payables).toEqual([30_000, 30_001, 30_002, 30_003, 30_004, 30_005]);
    });
  });

  it('settles a race of identical requests in the database: exactly one is stored', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
    const answers = await Promise.all(
      members.map((m) => postCharge(m, { name: '동시신청', point: 30_000, feeType: 2 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await t.app.database.db.select().from(charges)).toHaveLength(1);
  });

  it('holds a member to CHARGE_MAX_PENDING pending charges, even when asked concurrently', async () => {
    const member = await createMember(t.app);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => postCharge(member, { name: '홍길동', point: 10_000 + i, feeType: 2 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json()).toMatchObject({ message: tooManyPendingChargesMessage(3) });
  });

  it('refuses a depositor name with a direction override or another invisible character (400, Korean)', async () => {
    const member = await createMember(t.app);
    for (const name of [
      '\u202E동길홍',
      '홍\u200B길동',
      '홍길동\u2066',
      '\uFEFF홍길동',
      '홍\t길동',
      '홍\u3164길동',
    ]) {
      const response = await postCharge(member, { name, point: 10_000, feeType: 2 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'CHARGE_INVALID', message: M.NAME_INVISIBLE });
    }
    expect(await t.app.database.db.select().from(charges)).toEqual([]);
  });

  it('asks a visitor to log in (401) and refuses control characters (400)', async () => {
    expect((await postCharge(null, { name: '홍길동', point: 10_000, feeType: 2 })).statusCode).toBe(401);
    const member = await createMember(t.app);
    const nul = await postCharge(member, { name: '홍\u0000길동', point: 10_000, feeType: 2 });
    expect(nul.statusCode).toBe(400);
    const huge = await postCharge(member, { name: '홍길동', point: 1e300, feeType: 2 });
    expect(huge.statusCode).toBe(400);
    expect(await t.app.database.db.select().from(charges)).toEqual([]);
  });
});

describe('GET /service/point-history', () => {
  it("lists only the member's own charges, newest first, ten a page", async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    await requestCharge(t.app, other, { name: '다른사람', point: 50_000 });
    // Three pending at most: make older ones settle so twelve can be stored.
    for (let i = 1; i <= 12; i += 1) {
      const charge = await requestCharge(t.app, member, { name: '홍길동', point: 1000 * i });
      await t.app.database.db
        .update(charges)
        .set({ status: ChargeStatus.FAIL, responseAt: new Date() })
        .where(eq(charges.id, charge.id));
    }
    const first = await history(member);
    expect(first.total).toBe(12);
    expect(first.pageSize).toBe(10);
    expect(first.items.map((i) => i.point)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => n * 1000));
    expect(first.items[0]).toMatchObject({ status: ChargeStatus.FAIL, feeType: ReceiptKind.NONE });
    expect(first.items[0]?.responseAt).not.toBeNull();
    const second = await history(member, 2);
    expect(second.items.map((i) => i.point)).toEqual([2000, 1000]);
    expect((await history(other)).items.map((i) => i.point)).toEqual([50_000]);
  });

  it('is 401 without a token and 400 for a nonsense page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/service/point-history' })).statusCode).toBe(401);
    const member = await createMember(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/service/point-history?page=abc',
      headers: bearer(await tokenFor(t.app, member)),
    });
    expect(response.statusCode).toBe(400);
  });
});
