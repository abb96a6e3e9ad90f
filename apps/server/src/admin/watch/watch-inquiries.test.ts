import { WATCH_DEFAULTS } from '@smm/domain';
import type { AdminWatchResponse, InquiryThread } from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';

const t = useTestApp();
const MIN = 60_000;
const HOUR = 60 * MIN;

/** A member's 기타 inquiry through the member's own form call (multipart, as the browser sends it). */
async function ask(member: TestMember, title: string) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ type: 'OTHER', title, text: '확인 부탁드립니다.' }))
    data.append(name, value);
  const encoded = new Response(data);
  const response = await t.app.inject({
    method: 'POST',
    url: '/service/inquiries',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...bearer(await tokenFor(t.app, member)),
    },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as InquiryThread).inquiry.id;
}

async function waitingGroup(operator: TestMember) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/admin/api/watch',
    headers: bearer(await tokenFor(t.app, operator)),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as AdminWatchResponse).groups.find((group) => group.kind === 'INQUIRY_WAITING')!;
}

describe(`the watch's waiting inquiries on ${testDatabaseKind}`, () => {
  it('counts an inquiry unanswered past 24 hours, not before, and not one answered', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const waiting = await ask(member, '포인트가 안 보여요');
    const answered = await ask(member, '리필 문의드립니다');
    const reply = await t.app.inject({
      method: 'POST',
      url: `/admin/api/inquiries/${answered}/reply`,
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { text: '확인했습니다.' },
    });
    expect(reply.statusCode).toBe(200);

    t.clock.advance(WATCH_DEFAULTS.inquiryWaitingHours * HOUR - MIN);
    expect(await waitingGroup(operator)).toMatchObject({ count: 0, items: [] });

    t.clock.advance(2 * MIN);
    const group = await waitingGroup(operator);
    expect(group.count).toBe(1);
    expect(group.items).toEqual([
      expect.objectContaining({
        id: waiting,
        label: `문의 #${waiting}`,
        detail: expect.stringContaining('포인트가 안 보여요') as unknown,
        target: { screen: 'inquiry', query: { id: String(waiting) } },
      }),
    ]);
  });

  it('reads its threshold from the watch settings', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const member = await createMember(t.app);
    const id = await ask(member, '계정 문의드립니다');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/settings/WATCH_INQUIRY_WAITING_HOURS',
      headers: bearer(await tokenFor(t.app, operator)),
      payload: { value: '2' },
    });
    expect(put.statusCode).toBe(200);

    t.clock.advance(2 * HOUR - MIN);
    expect((await waitingGroup(operator)).count).toBe(0);
    t.clock.advance(2 * MIN);
    expect((await waitingGroup(operator)).items.map((item) => item.id)).toEqual([id]);
  });
});
