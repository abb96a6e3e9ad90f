import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../content/file-storage';
import { InquiriesService } from '../../inquiries/inquiries.service';
import { PointAdjustmentsService } from '../../points/point-adjustments';
import { createMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { accounts, auditLog, inquiries, orders } from '../schema';
import { DEMO_MEMBER_ID, DEMO_MEMBER_POINTS, seedDemoInquiries } from './demo-inquiries';

const t = useTestApp();

async function demoFacts() {
  const { db } = t.app.database;
  const [member] = await db.select().from(accounts).where(eq(accounts.loginId, DEMO_MEMBER_ID));
  if (!member) return null;
  const memberOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.accountId, member.id))
    .orderBy(asc(orders.id));
  const asked = await db
    .select()
    .from(inquiries)
    .where(eq(inquiries.accountId, member.id))
    .orderBy(asc(inquiries.id));
  const adjustments = await db.select().from(auditLog).where(eq(auditLog.action, 'point.adjust'));
  return { member, memberOrders, asked, adjustments };
}

/** What app.ts hands the seed on `npm start` (SEED_DEMO_MEMBERS), built over the test app's services. */
function seed(operatorLoginId: string) {
  const { db } = t.app.database;
  return seedDemoInquiries({
    db,
    operatorLoginId,
    adjustments: new PointAdjustmentsService(db),
    orders: t.app.services.orders,
    // The seed's inquiries carry no image: the storage is never written.
    inquiries: new InquiriesService(db, t.clock, new LocalDiskStorage('/nonexistent')),
  });
}

describe(`the demo start's inquiries on ${testDatabaseKind}`, () => {
  it('are not in the data every test reset puts back (no demo member)', async () => {
    expect(await demoFacts()).toBeNull();
  });

  it('add a member with points, two orders and three waiting inquiries, once', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    expect(await seed(operator.id)).toBe(true);
    const facts = (await demoFacts())!;
    expect(facts.member.role).toBe('member');
    expect(facts.memberOrders).toHaveLength(2);
    const spent = facts.memberOrders.reduce((sum, order) => sum + order.cost, 0);
    expect(spent).toBeGreaterThan(0);
    // The points came by the operator's audited adjustment (through the ledger), the orders paid from them.
    expect(facts.member.point).toBe(DEMO_MEMBER_POINTS - spent);
    expect(facts.adjustments).toHaveLength(1);
    expect(facts.asked.map((inquiry) => [inquiry.type, inquiry.state, inquiry.orderId])).toEqual([
      ['ORDER_REFILL', 'WAITING', facts.memberOrders[0]!.id],
      ['ORDER_SPEED', 'WAITING', facts.memberOrders[1]!.id],
      ['ACCOUNT', 'WAITING', null],
    ]);

    // A second start on the same database adds nothing.
    expect(await seed(operator.id)).toBe(false);
    const later = (await demoFacts())!;
    expect(later.asked).toHaveLength(3);
    expect(later.memberOrders).toHaveLength(2);
  });
});
