import { NOTIFY_MESSAGES, NOTIFY_SETTING_KEYS } from '@smm/domain';
import type { AdminNotificationsResponse, AuditLogResponse, NotifyTestResponse } from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor, type TestMember } from '../../test/factories';
import { testDatabaseKind, useTestApp } from '../../test/test-app';
import { KEEP_MS } from '../../notifications/operator-notifications';
import { TEST_INTERVAL_MS } from './notifications-admin.routes';

/** The console's 알림 screen API (docs/ARCHITECTURE.md#operator-notifications); no bot token: the outbox. */
const t = useTestApp();

async function call(
  caller: TestMember | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: caller ? bearer(await tokenFor(t.app, caller)) : {},
    ...(payload ? { payload } : {}),
  });
}

const good = {
  emails: 'ops@example.com\nboss@example.com',
  telegram: true,
  kinds: ['CHARGE_LARGE', 'ORDER_HELD'],
  largeChargeWon: '2,000,000',
};

describe(`the 알림 screen's API on ${testDatabaseKind}`, () => {
  it('is for operators only: 401 for a guest, 403 for a member, on every call', async () => {
    const member = await createMember(t.app);
    for (const [method, url, body] of [
      ['GET', '/admin/api/notifications', undefined],
      ['PUT', '/admin/api/notifications/settings', good],
      ['POST', '/admin/api/notifications/test', undefined],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      expect((await call(member, method, url, body)).statusCode, url).toBe(403);
    }
  });

  it('answers the defaults, the transports (outbox when unconfigured) and no notifications yet', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const body = (
      await call(operator, 'GET', '/admin/api/notifications')
    ).json() as AdminNotificationsResponse;
    expect(body).toEqual({
      settings: {
        emails: '',
        telegram: false,
        kinds: [
          'CHARGE_LARGE',
          'DEPOSIT_UNMATCHED',
          'PROVIDER_TROUBLE',
          'SYNC_DISABLED',
          'SYNC_SUSPICIOUS',
          'INQUIRY_NEW',
        ],
        largeChargeWon: 1_000_000,
      },
      channels: { email: 'outbox', telegram: 'outbox' },
      recent: [],
    });
  });

  it('saves the choices, audited as setting changes, and never serves them to members', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const saved = await call(operator, 'PUT', '/admin/api/notifications/settings', good);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as AdminNotificationsResponse).settings).toEqual({
      emails: 'ops@example.com\nboss@example.com',
      telegram: true,
      kinds: ['ORDER_HELD', 'CHARGE_LARGE'],
      largeChargeWon: 2_000_000,
    });
    const log = (
      await call(operator, 'GET', '/admin/api/audit-log?action=setting.update')
    ).json() as AuditLogResponse;
    expect(log.items.map((item) => item.targetId).sort()).toEqual([...NOTIFY_SETTING_KEYS].sort());
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/service/settings' })).body;
    expect(publicSettings).not.toContain('NOTIFY_');
    expect(publicSettings).not.toContain('ops@example.com');
  });

  it('refuses a bad value with a Korean 400 and changes nothing', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const cases: [object, string][] = [
      [
        { ...good, emails: 'ops@example.com, not-an-address' },
        NOTIFY_MESSAGES.EMAIL_INVALID('not-an-address'),
      ],
      [{ ...good, emails: 'a@x.kr,b@x.kr,c@x.kr,d@x.kr,e@x.kr,f@x.kr' }, NOTIFY_MESSAGES.EMAILS],
      [{ ...good, kinds: [] }, NOTIFY_MESSAGES.KINDS],
      [{ ...good, kinds: ['CHARGE_LARGE', 'NOPE'] }, NOTIFY_MESSAGES.KINDS],
      [{ ...good, largeChargeWon: '500' }, NOTIFY_MESSAGES.LARGE_CHARGE],
      [{ ...good, largeChargeWon: '1e6' }, NOTIFY_MESSAGES.LARGE_CHARGE],
    ];
    for (const [payload, message] of cases) {
      const response = await call(operator, 'PUT', '/admin/api/notifications/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'SETTING_INVALID', message });
    }
    const stored = await t.app.services.settings.stored();
    expect(NOTIFY_SETTING_KEYS.map((key) => stored.get(key))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // the settings form's single-key write holds them to the same rule
    const single = await call(operator, 'PUT', '/admin/api/settings/NOTIFY_LARGE_CHARGE_WON', {
      value: 'lots',
    });
    expect(single.statusCode).toBe(400);
  });

  it('sends a test message on each chosen channel (here the outbox), at most one per 30 seconds', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    await call(operator, 'PUT', '/admin/api/notifications/settings', { ...good, emails: 'ops@example.com' });
    const sent = await call(operator, 'POST', '/admin/api/notifications/test');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      email: { status: 'sent', error: null },
      telegram: { status: 'sent', error: null },
    } satisfies NotifyTestResponse);
    const messages = t.app.services.outbox.messages();
    expect(messages.map((m) => [m.channel, m.to, m.subject]).sort()).toEqual([
      ['email', 'ops@example.com', '[SMM 패널] 테스트 알림'],
      ['telegram', 'telegram', '[SMM 패널] 테스트 알림'],
    ]);
    // The test is listed under 최근 알림 as it went, settled: nothing of it is claimed or sent again.
    const listed = (
      await call(operator, 'GET', '/admin/api/notifications')
    ).json() as AdminNotificationsResponse;
    expect(listed.recent).toEqual([
      expect.objectContaining({
        kind: 'TEST',
        title: '테스트 알림',
        emailStatus: 'sent',
        telegramStatus: 'sent',
        attempts: 0,
        lastError: null,
        resolvedAt: null,
        sentAt: t.clock.now().toISOString(),
      }),
    ]);
    expect(listed.recent[0]!.body).toContain('운영자 콘솔에서 보낸 테스트 메시지입니다.');
    await t.app.services.notifications.deliver();
    expect(t.app.services.outbox.messages()).toHaveLength(2);
    const again = await call(operator, 'POST', '/admin/api/notifications/test');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('30');
    t.clock.advance(TEST_INTERVAL_MS);
    expect((await call(operator, 'POST', '/admin/api/notifications/test')).statusCode).toBe(200);
  });

  it('refuses a test with no channel chosen in Korean, without using up the limit or listing it', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    // Past any earlier test's message in this app (the clock restarts per test, the limit does not).
    t.clock.advance(2 * TEST_INTERVAL_MS);
    await call(operator, 'PUT', '/admin/api/notifications/settings', {
      ...good,
      emails: '',
      telegram: false,
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await call(operator, 'POST', '/admin/api/notifications/test');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: NOTIFY_MESSAGES.TEST_NO_CHANNEL });
      expect(refused.json().message).toMatch(/^보낼 채널이 없습니다/);
    }
    expect(t.app.services.outbox.messages()).toEqual([]);
    let listed = (
      await call(operator, 'GET', '/admin/api/notifications')
    ).json() as AdminNotificationsResponse;
    expect(listed.recent).toEqual([]);
    // A channel chosen now, the test goes at once: the refusals counted nothing against the 30 seconds.
    await call(operator, 'PUT', '/admin/api/notifications/settings', good);
    const sent = await call(operator, 'POST', '/admin/api/notifications/test');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      email: { status: 'sent', error: null },
      telegram: { status: 'sent', error: null },
    } satisfies NotifyTestResponse);
    listed = (await call(operator, 'GET', '/admin/api/notifications')).json() as AdminNotificationsResponse;
    expect(listed.recent.map((row) => [row.kind, row.emailStatus, row.telegramStatus])).toEqual([
      ['TEST', 'sent', 'sent'],
    ]);
  });

  it('lists a test on one channel with the other off, and keeps it 30 days like a one-shot event', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    t.clock.advance(TEST_INTERVAL_MS); // see above: clear of the previous test's message
    await call(operator, 'PUT', '/admin/api/notifications/settings', { ...good, telegram: false });
    expect((await call(operator, 'POST', '/admin/api/notifications/test')).json()).toEqual({
      email: { status: 'sent', error: null },
      telegram: { status: 'off', error: null },
    } satisfies NotifyTestResponse);
    const recent = async () =>
      ((await call(operator, 'GET', '/admin/api/notifications')).json() as AdminNotificationsResponse).recent;
    expect((await recent()).map((row) => [row.kind, row.emailStatus, row.telegramStatus])).toEqual([
      ['TEST', 'sent', 'off'],
    ]);
    t.clock.advance(KEEP_MS + 60_000);
    await t.app.services.notifications.record();
    expect(await recent()).toEqual([]);
  });
});
