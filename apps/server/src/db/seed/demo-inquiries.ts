/**
 * Why this file: `npm start`'s demo shows the console's 1:1 문의 queue with something in it
 * (docs/product.md#inquiries). Only the demo start asks for it (SEED_DEMO_MEMBERS, set by
 * scripts/start.mjs beside its demo operator); test resets and production never run it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { accountRepository } from '../../accounts/account.repository';
import { hashPassword } from '../../auth/password-hasher';
import type { InquiriesService } from '../../inquiries/inquiries.service';
import type { OrdersService } from '../../orders/orders.service';
import type { PointAdjustmentsService } from '../../points/point-adjustments';
import type { Db } from '../database';
import { claimSeedMarker } from './seed-marker';
import { services } from '../schema';

/** The demo member who asks; its password is random and never shown, so nobody signs in as it. */
export const DEMO_MEMBER_ID = 'demo_member';
export const DEMO_MEMBER_POINTS = 50_000;
const SEEDED_MARKER = 'demo-inquiries-seeded';

export interface DemoInquiriesDeps {
  db: Db;
  operatorLoginId: string;
  adjustments: Pick<PointAdjustmentsService, 'adjust'>;
  orders: Pick<OrdersService, 'placeOrder'>;
  inquiries: Pick<InquiriesService, 'create'>;
}

/**
 * A demo member, points given by the demo operator (an audited adjustment through the ledger), two
 * orders placed through the order service (the simulated provider fulfils them) and three inquiries
 * through the member's own inquiry service: about an order (refill), about the other order (speed) and
 * about the account. Once per database (a marker row); the member's id already taken: nothing is done.
 */
export async function seedDemoInquiries(deps: DemoInquiriesDeps): Promise<boolean> {
  const { db } = deps;
  if (!(await claimSeedMarker(db, SEEDED_MARKER))) return false;
  if (await accountRepository.findActiveByLoginId(db, DEMO_MEMBER_ID)) return false;
  const operator = await accountRepository.findActiveByLoginId(db, deps.operatorLoginId);
  // A default-type service of the catalog a demo order fits (the demo catalog's first with a refill).
  const [service] = await db
    .select({ id: services.id, min: services.min })
    .from(services)
    .where(and(eq(services.serviceType, 'default'), eq(services.visible, true), gt(services.refillDays, 0)))
    .orderBy(asc(services.id))
    .limit(1);
  if (!operator || !service) return false;

  const member = await accountRepository.insertMember(db, {
    loginId: DEMO_MEMBER_ID,
    passwordHash: await hashPassword(randomBytes(18).toString('base64url')),
    // example.com is reserved for examples: an operator's reply e-mail to it reaches nobody.
    email: 'demo_member@example.com',
  });
  await deps.adjustments.adjust(operator.id, DEMO_MEMBER_ID, {
    delta: DEMO_MEMBER_POINTS,
    memo: '데모 회원 포인트',
  });
  const order = async (link: string) =>
    (
      await deps.orders.placeOrder(
        member.id,
        { serviceId: service.id, link, amount: service.min, runs: 0, interval: 0 },
        undefined,
      )
    ).orderId;
  const first = await order('https://www.instagram.com/p/demo-first/');
  const second = await order('https://www.instagram.com/p/demo-second/');

  const ask = (fields: Record<string, string>) => deps.inquiries.create(member.id, { fields, image: null });
  await ask({
    type: 'ORDER_REFILL',
    title: '팔로워가 줄었어요',
    text: '며칠 전 주문한 팔로워가 조금 줄었습니다.\n리필 부탁드립니다.',
    orderId: String(first),
  });
  await ask({
    type: 'ORDER_SPEED',
    title: '진행이 느린 것 같아요',
    text: '주문하고 한참 지났는데 시작 수량이 그대로입니다. 확인 부탁드립니다.',
    orderId: String(second),
  });
  await ask({
    type: 'ACCOUNT',
    title: '이메일 주소를 바꾸고 싶어요',
    text: '가입할 때 쓴 이메일을 더 이상 쓰지 않습니다. 어떻게 바꾸나요?',
  });
  return true;
}
