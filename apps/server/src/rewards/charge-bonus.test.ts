import { LedgerReason, ReceiptKind } from '@smm/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointLedger } from '../db/schema';
import { reportDeposit, requestCharge } from '../test/charge-factories';
import {
  balancesAndLedgerSums,
  bearer,
  createMember,
  pointOf,
  tokenFor,
  type TestMember,
} from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

async function ledgerOf(accountId: number) {
  const rows = await t.app.database.db
    .select({ delta: pointLedger.delta, reason: pointLedger.reason, reference: pointLedger.reference })
    .from(pointLedger)
    .where(eq(pointLedger.accountId, accountId))
    .orderBy(asc(pointLedger.id));
  return rows;
}

let depositCounter = 0;
async function chargeAndPay(member: TestMember, point: number, feeType: number = ReceiptKind.NONE) {
  const name = `보너스${++depositCounter}`;
  const charge = await requestCharge(t.app, member, { name, point, feeType });
  const deposit = await reportDeposit(t.app, { name, amount: charge.payable });
  expect(deposit.status).toBe('MATCHED');
  return charge;
}

describe('charge bonuses (충전 보너스)', () => {
  it('credits the tier a charge reaches as its own CHARGE_BONUS entry beside the charge, rounded down', async () => {
    await t.app.services.settings.set('CHARGE_BONUS_TIERS', '100000:3, 500000:5');
    const member = await createMember(t.app);

    // Below the first tier: no bonus.
    const small = await chargeAndPay(member, 99_999);
    // The first tier exactly: 100,000 × 3 % = 3,000.
    const first = await chargeAndPay(member, 100_000);
    // Just under the second: 499,999 × 3 % = 14,999.97 → 14,999.
    const under = await chargeAndPay(member, 499_999);
    // The second tier: 500,000 × 5 % = 25,000.
    const second = await chargeAndPay(member, 500_000);

    expect(await ledgerOf(member.accountId)).toEqual([
      { delta: 99_999, reason: LedgerReason.CHARGE, reference: `charge:${small.id}` },
      { delta: 100_000, reason: LedgerReason.CHARGE, reference: `charge:${first.id}` },
      { delta: 3_000, reason: LedgerReason.CHARGE_BONUS, reference: `charge:${first.id}` },
      { delta: 499_999, reason: LedgerReason.CHARGE, reference: `charge:${under.id}` },
      { delta: 14_999, reason: LedgerReason.CHARGE_BONUS, reference: `charge:${under.id}` },
      { delta: 500_000, reason: LedgerReason.CHARGE, reference: `charge:${second.id}` },
      { delta: 25_000, reason: LedgerReason.CHARGE_BONUS, reference: `charge:${second.id}` },
    ]);
    // 99,999 + 103,000 + 514,998 + 525,000
    expect(await pointOf(t.app, member.accountId)).toBe(1_242_997);
    for (const row of await balancesAndLedgerSums(t.app)) expect(row.point).toBe(row.ledger);
  });

  it('reckons the bonus on the points, not on the VAT of a tax invoice', async () => {
    await t.app.services.settings.set('CHARGE_BONUS_TIERS', '100000:3');
    const member = await createMember(t.app);
    const charge = await chargeAndPay(member, 100_000, ReceiptKind.TAX_INVOICE);
    expect(charge.payable).toBe(110_000);
    expect(await pointOf(t.app, member.accountId)).toBe(103_000);
  });

  it('gives no second bonus when an operator accepts a charge a deposit already credited', async () => {
    await t.app.services.settings.set('CHARGE_BONUS_TIERS', '100000:3');
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await chargeAndPay(member, 200_000);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/admin/api/charges/${charge.id}/accept`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { memo: '통장 확인' },
    });
    expect(accepted.statusCode).toBe(200);
    // 200,000 + 6,000, once.
    expect(await pointOf(t.app, member.accountId)).toBe(206_000);
    const bonuses = (await ledgerOf(member.accountId)).filter((r) => r.reason === LedgerReason.CHARGE_BONUS);
    expect(bonuses).toEqual([
      { delta: 6_000, reason: LedgerReason.CHARGE_BONUS, reference: `charge:${charge.id}` },
    ]);
  });

  it('credits the bonus when an operator accepts a pending charge, in the same step', async () => {
    await t.app.services.settings.set('CHARGE_BONUS_TIERS', '100000:3, 500000:5');
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const charge = await requestCharge(t.app, member, { name: '수락회원', point: 600_000 });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/admin/api/charges/${charge.id}/accept`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { memo: '통장 확인' },
    });
    expect(accepted.statusCode).toBe(200);
    // 600,000 + 600,000 × 5 % = 630,000.
    expect(await pointOf(t.app, member.accountId)).toBe(630_000);
  });

  it('gives nothing without tiers', async () => {
    const member = await createMember(t.app);
    await chargeAndPay(member, 1_000_000);
    expect(await pointOf(t.app, member.accountId)).toBe(1_000_000);
  });
});
