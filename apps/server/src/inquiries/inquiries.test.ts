import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTENT_MESSAGES,
  INQUIRY_MESSAGES as M,
  INQUIRY_MESSAGES_PER_HOUR,
  INQUIRY_OPEN_MAX,
  INQUIRY_TEXT_MAX,
  POPUP_IMAGE_MAX_BYTES,
} from '@smm/domain';
import type { AdminInquiriesResponse, AdminInquiryThread, InquiryThread } from '@smm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, operatorNotifications } from '../db/schema';
import { bearer, createMember, tokenFor, type TestMember } from '../test/factories';
import { catalogService, placeOrder } from '../test/order-factories';
import { requestCharge } from '../test/charge-factories';
import { testDatabaseKind, useTestApp } from '../test/test-app';

const dataDir = mkdtempSync(join(tmpdir(), 'smm-inquiries-'));
const t = useTestApp({ dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const DAY = 24 * 60 * 60 * 1000;

/** A multipart body as a browser's FormData sends it. */
async function form(fields: Record<string, string>, image?: Buffer) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', new Blob([image], { type: 'image/png' }), 'shot.png');
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

async function post(member: TestMember, url: string, fields: Record<string, string>, image?: Buffer) {
  const body = await form(fields, image);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(await tokenFor(t.app, member)) },
  });
}

const get = async (member: TestMember, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(t.app, member)) });

const asOperator = async (operator: TestMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(await tokenFor(t.app, operator)),
    ...(payload ? { payload } : {}),
  });

let links = 0;
async function memberWithOrder() {
  links += 1;
  const service = await catalogService(t.app, {});
  const member = await createMember(t.app, { point: 100_000 });
  const order = await placeOrder(t.app, member, {
    serviceId: service.id,
    link: `https://a.com/p/${links}`,
    amount: 100,
  });
  return { member, orderId: order.orderId };
}

const openAbout = (member: TestMember, orderId: number, extra: Record<string, string> = {}, image?: Buffer) =>
  post(
    member,
    '/service/inquiries',
    {
      type: 'ORDER_REFILL',
      title: '리필 부탁드립니다',
      text: '팔로워가 줄었어요.',
      orderId: String(orderId),
      ...extra,
    },
    image,
  );

describe(`1:1 inquiries on ${testDatabaseKind}`, () => {
  it('opens an inquiry about the member’s own order and shows it only to them', async () => {
    const { member, orderId } = await memberWithOrder();
    const created = await openAbout(member, orderId);
    expect(created.statusCode).toBe(200);
    const thread = created.json() as InquiryThread;
    expect(thread.inquiry).toMatchObject({ type: 'ORDER_REFILL', state: 'WAITING', orderId, canWrite: true });
    expect(thread.messages).toEqual([
      expect.objectContaining({ author: 'member', text: '팔로워가 줄었어요.' }),
    ]);

    const other = await createMember(t.app);
    expect((await get(other, `/service/inquiries/${thread.inquiry.id}`)).statusCode).toBe(404);
    expect(
      (await post(other, `/service/inquiries/${thread.inquiry.id}/messages`, { text: '끼어들기' }))
        .statusCode,
    ).toBe(404);
    expect((await get(other, '/service/inquiries')).json().items).toEqual([]);
    expect((await get(member, '/service/inquiries')).json().items).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/service/inquiries' })).statusCode).toBe(401);
  });

  it('refuses another member’s order or charge, a missing link and invisible characters, in Korean', async () => {
    const { orderId } = await memberWithOrder();
    const member = await createMember(t.app, { point: 10_000 });
    const someone = await createMember(t.app);
    const charge = await requestCharge(t.app, someone, { name: '홍길동', point: 10_000 });
    const cases: [Record<string, string>, string][] = [
      [{ orderId: String(orderId) }, M.ORDER_NOT_FOUND],
      [{ type: 'CHARGE', orderId: '', chargeId: String(charge.id) }, M.CHARGE_NOT_FOUND],
      [{ orderId: '' }, M.ORDER_REQUIRED],
      [{ text: '확인\u0000부탁' }, M.INVISIBLE],
      [{ title: '\u202E리필' }, M.INVISIBLE],
    ];
    for (const [change, message] of cases) {
      const response = await openAbout(member, orderId, change);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect((await get(member, '/service/inquiries')).json().total).toBe(0);
  });

  it('shows the operator the linked charge as the charges list does, and its credit once accepted', async () => {
    const member = await createMember(t.app);
    const operator = await createMember(t.app, { role: 'admin' });
    const charge = await requestCharge(t.app, member, { name: '홍길동', point: 10_000 });
    const opened = await post(member, '/service/inquiries', {
      type: 'CHARGE',
      chargeId: String(charge.id),
      title: '입금했어요',
      text: '입금했는데 충전이 안 됐어요.',
    });
    const id = (opened.json() as InquiryThread).inquiry.id;
    const before = (
      await asOperator(operator, 'GET', `/admin/api/inquiries/${id}`)
    ).json() as AdminInquiryThread;
    expect(before.order).toBeNull();
    expect(before.charge).toMatchObject({
      id: charge.id,
      memberLoginId: member.id,
      depositorName: '홍길동',
      point: 10_000,
      status: 0,
      deposits: [],
    });
    expect(before.ledger).toEqual([]);

    const accept = await asOperator(operator, 'POST', `/admin/api/charges/${charge.id}/accept`, { memo: '' });
    expect(accept.statusCode).toBe(200);
    const after = (
      await asOperator(operator, 'GET', `/admin/api/inquiries/${id}`)
    ).json() as AdminInquiryThread;
    expect(after.charge).toMatchObject({ status: 1, decidedBy: operator.id });
    expect(after.ledger.map((row) => [row.reason, row.reference, row.delta])).toEqual([
      ['CHARGE', `charge:${charge.id}`, 10_000],
    ]);
  });

  it('keeps an image checked by its bytes, served to its member and operators only', async () => {
    const { member, orderId } = await memberWithOrder();
    const notImage = await openAbout(member, orderId, {}, Buffer.from('<script>alert(1)</script>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(CONTENT_MESSAGES.IMAGE_TYPE);

    const thread = (await openAbout(member, orderId, {}, PNG)).json() as InquiryThread;
    const url = thread.messages[0]!.attachmentUrl!;
    expect(url).toMatch(/^\/service\/inquiries\/\d+\/attachments\/[a-f0-9]{32}\.png$/);
    const image = await get(member, url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await get(await createMember(t.app), url)).statusCode).toBe(404);
    // Not among the public popup images.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${url.split('/').pop()}` })).statusCode).toBe(
      404,
    );
    const tooLarge = await openAbout(
      member,
      orderId,
      {},
      Buffer.concat([PNG, Buffer.alloc(POPUP_IMAGE_MAX_BYTES)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    const tooLong = await openAbout(member, orderId, { text: 'a'.repeat(INQUIRY_TEXT_MAX * 5) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(M.TEXT_TOO_LONG);
    const operator = await createMember(t.app, { role: 'admin' });
    const name = url.split('/').pop()!;
    const asAdmin = await asOperator(
      operator,
      'GET',
      `/admin/api/inquiries/${thread.inquiry.id}/attachments/${name}`,
    );
    expect(asAdmin.statusCode).toBe(200);
  });

  it('limits open inquiries and messages an hour, with Korean refusals', async () => {
    const { member, orderId } = await memberWithOrder();
    for (let i = 0; i < INQUIRY_OPEN_MAX; i += 1)
      expect((await openAbout(member, orderId)).statusCode).toBe(200);
    const past = await openAbout(member, orderId);
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe(M.TOO_MANY_OPEN);
    // Another member is not held by this one's limit.
    const { member: other, orderId: otherOrder } = await memberWithOrder();
    expect((await openAbout(other, otherOrder)).statusCode).toBe(200);

    const id = ((await get(member, '/service/inquiries')).json().items[0] as { id: number }).id;
    for (let i = INQUIRY_OPEN_MAX; i < INQUIRY_MESSAGES_PER_HOUR; i += 1)
      expect(
        (await post(member, `/service/inquiries/${id}/messages`, { text: `추가 ${i}` })).statusCode,
      ).toBe(200);
    const flood = await post(member, `/service/inquiries/${id}/messages`, { text: '또' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toBe(M.TOO_MANY_MESSAGES);
    expect(flood.headers['retry-after']).toBe('3600');
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await post(member, `/service/inquiries/${id}/messages`, { text: '한 시간 뒤' })).statusCode).toBe(
      200,
    );
  });

  it('lets the operator reply (mailed, unread badge), note privately, close; the member reopens within 7 days', async () => {
    const { member, orderId } = await memberWithOrder();
    const operator = await createMember(t.app, { role: 'admin' });
    const id = ((await openAbout(member, orderId)).json() as InquiryThread).inquiry.id;

    const noted = await asOperator(operator, 'POST', `/admin/api/inquiries/${id}/notes`, {
      text: '공급사 확인 중',
    });
    expect(noted.statusCode).toBe(200);
    const replied = await asOperator(operator, 'POST', `/admin/api/inquiries/${id}/reply`, {
      text: '리필 요청했습니다.',
    });
    expect(replied.statusCode).toBe(200);
    const adminThread = replied.json() as AdminInquiryThread;
    expect(adminThread.inquiry.state).toBe('ANSWERED');
    expect(adminThread.order).toMatchObject({ id: orderId, amount: 100, memberLoginId: member.id });
    // The order's debit beside the thread, as the member's ledger holds it.
    expect(adminThread.ledger.map((row) => [row.reason, row.reference, row.delta])).toEqual([
      ['ORDER', `order:${orderId}`, -adminThread.order!.cost],
    ]);
    expect(adminThread.messages.map((m) => [m.author, m.internal])).toEqual([
      ['member', false],
      ['operator', true],
      ['operator', false],
    ]);

    await t.app.services.messagesSettled();
    const mail = t.app.services.outbox.last(member.email);
    expect(mail?.subject).toContain('1:1 문의에 답변이 등록되었습니다');
    expect(mail?.text).toContain(`/inquiries/${id}`);
    expect(mail?.text).not.toContain('리필 요청했습니다.');

    expect((await get(member, '/service/inquiries/unread')).json()).toEqual({
      count: 1,
      orderIds: [orderId],
    });
    expect((await get(member, '/auth/profile')).json()).toMatchObject({ inquiryUnread: 1 });
    const seen = (await get(member, `/service/inquiries/${id}`)).json() as InquiryThread;
    expect(seen.messages.map((m) => m.text)).toEqual(['팔로워가 줄었어요.', '리필 요청했습니다.']);
    expect(JSON.stringify(seen)).not.toContain('공급사 확인 중');
    expect((await get(member, '/service/inquiries/unread')).json()).toEqual({ count: 0, orderIds: [] });
    expect((await get(member, '/auth/profile')).json()).not.toHaveProperty('inquiryUnread');

    expect(
      (await asOperator(operator, 'POST', `/admin/api/inquiries/${id}/close`)).json().inquiry.state,
    ).toBe('CLOSED');
    t.clock.advance(7 * DAY - 1000);
    const reopened = await post(member, `/service/inquiries/${id}/messages`, { text: '다시 줄었어요' });
    expect(reopened.json().inquiry).toMatchObject({ state: 'WAITING', closedAt: null });

    await asOperator(operator, 'POST', `/admin/api/inquiries/${id}/close`);
    t.clock.advance(7 * DAY + 1000);
    const late = await post(member, `/service/inquiries/${id}/messages`, { text: '또 줄었어요' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.REOPEN_EXPIRED);
    expect((await get(member, `/service/inquiries/${id}`)).json().inquiry.canWrite).toBe(false);

    const actions = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'inquiry'), eq(auditLog.targetId, String(id))));
    expect(actions.map((a) => a.action)).toEqual([
      'inquiry.note',
      'inquiry.reply',
      'inquiry.close',
      'inquiry.close',
    ]);
  });

  it('lists the queue oldest waiting first, assigns to an operator only, and notifies operators of a new one', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const { member, orderId } = await memberWithOrder();
    const first = ((await openAbout(member, orderId)).json() as InquiryThread).inquiry.id;
    t.clock.advance(60_000);
    const second = ((await openAbout(member, orderId)).json() as InquiryThread).inquiry.id;
    t.clock.advance(60_000);
    // The first is answered, then the member writes again: it waits from that message, after the second.
    await asOperator(operator, 'POST', `/admin/api/inquiries/${first}/reply`, { text: '확인했습니다.' });
    await post(member, `/service/inquiries/${first}/messages`, { text: '아직이요' });
    const queue = (
      await asOperator(operator, 'GET', '/admin/api/inquiries?state=WAITING')
    ).json() as AdminInquiriesResponse;
    expect(queue.items.map((item) => item.id)).toEqual([second, first]);

    const refused = await asOperator(operator, 'POST', `/admin/api/inquiries/${first}/assign`, {
      operatorId: member.accountId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.ASSIGNEE);
    const assigned = await asOperator(operator, 'POST', `/admin/api/inquiries/${first}/assign`, {
      operatorId: operator.accountId,
    });
    expect(assigned.json().inquiry).toMatchObject({
      assignedOperatorId: operator.accountId,
      assignedLoginId: operator.id,
    });
    // The thread names the operators it can be assigned to, members never among them.
    const choices = (assigned.json() as AdminInquiryThread).operators;
    expect(choices).toContainEqual({ id: operator.accountId, loginId: operator.id });
    expect(choices.map((choice) => choice.id)).not.toContain(member.accountId);
    expect((await get(member, '/admin/api/inquiries')).statusCode).toBe(403);

    await t.app.services.notifications.record();
    const rows = await t.app.database.db
      .select()
      .from(operatorNotifications)
      .where(eq(operatorNotifications.kind, 'INQUIRY_NEW'));
    expect(rows.map((row) => row.eventKey).sort()).toEqual(
      [`inquiry-new:${first}`, `inquiry-new:${second}`].sort(),
    );
    expect(rows[0]!.body).not.toContain('리필 부탁드립니다');
  });
});
