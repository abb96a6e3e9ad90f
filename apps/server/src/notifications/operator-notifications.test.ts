import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorNotifications, providers } from '../db/schema';
import { BotApiTelegram, OutboxTelegram, TelegramError } from './telegram';
import { MAX_ATTEMPTS, OperatorNotifications, type WatchSource } from './operator-notifications';
import { WATCH_KINDS, notifySettingsFrom, type ProviderTrouble } from '@smm/domain';
import { reportBankSms, reportDeposit, requestCharge } from '../test/charge-factories';
import { createMember, pointOf } from '../test/factories';
import { createProvider } from '../test/provider-factories';
import { startFakeTelegram, type FakeTelegram } from '../test/fake-telegram';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app';

/** docs/ARCHITECTURE.md#operator-notifications against a local fake of the Telegram Bot API. */
const TOKEN = '7000000001:AAFakeTelegramTokenForTheTests_0123456789';
const CHAT = '-1001234567890';
const MIN = 60_000;

let fake: FakeTelegram;
let t: TestApp;
let second: TestApp | undefined;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TOKEN });
  t = await createTestApp({ telegram: { apiUrl: fake.url, botToken: TOKEN, chatId: CHAT } });
  // A second "process" on the same PostgreSQL database (on PGlite the tests use a second service instead).
  if (testDatabaseKind === 'postgres')
    second = await createTestApp({
      databaseUrl: t.databaseUrl,
      seedDemoData: false,
      telegram: { apiUrl: fake.url, botToken: TOKEN, chatId: CHAT },
    });
});
beforeEach(async () => {
  await t.reset();
  fake.requests.length = 0;
  fake.setMode('ok');
  t.app.services.notifications.scanSoon();
  await t.app.services.settings.set('NOTIFY_EMAILS', 'ops@example.com, boss@example.com');
  await t.app.services.settings.set('NOTIFY_TELEGRAM', 'true');
});
afterEach(() => {
  t.app.services.simulatedProvider.setListing(1, null);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await fake?.close();
});

const notifications = () => t.app.services.notifications;
const rows = () =>
  t.app.database.db.select().from(operatorNotifications).orderBy(asc(operatorNotifications.id));
const emails = () => t.app.services.outbox.messages().filter((m) => m.channel === 'email');
const telegramTexts = () => fake.requests.map((r) => String(r.body.text));

/** Another process's notifications on the same database: its own claim and send (the watch only reads). */
function anotherProcess(
  options: Partial<OperatorNotifications['options']> = {},
  watch: WatchSource = t.app.services.notifications.watch,
): OperatorNotifications {
  const { services, database, log } = t.app;
  return new OperatorNotifications(
    database.db,
    t.clock,
    watch,
    async () => notifySettingsFrom(await services.settings.stored()),
    { send: (mail) => services.outbox.record({ channel: 'email', ...mail }).then(() => undefined) },
    services.notifications.telegram,
    log,
    { ...services.notifications.options, ...options },
  );
}

/** A watch whose one provider (#900) has the troubles the test sets: the provider-health rules are the watch's own tests. */
function providerWatch(): WatchSource & { troubles: ProviderTrouble[] } {
  const source = {
    troubles: [] as ProviderTrouble[],
    async evaluate() {
      const items = source.troubles.length
        ? [
            {
              id: 900,
              label: '흔들리는 공급사',
              detail: '',
              since: null,
              won: null,
              target: { screen: 'providers' as const, query: {} },
            },
          ]
        : [];
      const groups = WATCH_KINDS.map((kind) =>
        kind === 'PROVIDER_TROUBLE' ? { kind, count: items.length, items } : { kind, count: 0, items: [] },
      );
      return {
        response: { generatedAt: t.clock.now().toISOString(), total: items.length, groups },
        providerTroubles: new Map(
          items.length ? [[900, source.troubles.map((trouble) => ({ trouble, text: trouble }))]] : [],
        ),
      };
    },
  };
  return source;
}

/** A deposit no charge matches, waiting past the watch's 30 minutes. */
async function unmatchedDeposit(name = '홍길동', amount = 12_000) {
  const { depositId } = await reportDeposit(t.app, { name, amount });
  t.clock.advance(31 * MIN);
  return depositId!;
}

describe(`operator notifications on ${testDatabaseKind}`, () => {
  it('an unmatched deposit is one message per channel, recorded once however often the job runs', async () => {
    const depositId = await unmatchedDeposit();
    await notifications().tick();
    t.clock.advance(MIN);
    await notifications().tick();
    await notifications().record();
    const recorded = await rows();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      eventKey: `watch:DEPOSIT_UNMATCHED:${depositId}`,
      kind: 'DEPOSIT_UNMATCHED',
      emailStatus: 'sent',
      telegramStatus: 'sent',
      attempts: 0,
      lastError: null,
    });
    // one e-mail to each chosen address (sent side by side, so in either order), one Telegram
    // message: the exact Bot API request
    expect(
      emails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['boss@example.com', 'ops@example.com']);
    expect(emails()[0]!.subject).toBe('[SMM 패널] 확인되지 않은 입금');
    expect(emails()[0]!.text).toContain(`입금 #${depositId} ₩12,000`);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toEqual({
      method: 'POST',
      path: `/bot${TOKEN}/sendMessage`,
      body: {
        chat_id: CHAT,
        text: `[SMM 패널] 확인되지 않은 입금\n입금 #${depositId} ₩12,000`,
        disable_web_page_preview: true,
      },
    });
    // no depositor's name in a message
    expect(JSON.stringify([emails(), fake.requests])).not.toContain('홍길동');
  });

  it('two processes scanning and sending at once record and send each event once', async () => {
    await unmatchedDeposit('김철수', 15_000);
    const other = second?.app.services.notifications ?? anotherProcess();
    second?.clock.set(t.clock.now());
    await Promise.all([notifications().record(), other.record(), notifications().record()]);
    await Promise.all([notifications().deliver(), other.deliver()]);
    expect(await rows()).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
    const outboxes = [...t.app.services.outbox.messages(), ...(second?.app.services.outbox.messages() ?? [])];
    expect(outboxes.filter((m) => m.channel === 'email')).toHaveLength(2);
  });

  it('the same transfer reported by the webhook and the bank message credits once and notifies once', async () => {
    await t.app.services.settings.set('NOTIFY_LARGE_CHARGE_WON', '20000');
    const member = await createMember(t.app);
    const { id: chargeId } = await requestCharge(t.app, member, { name: '이서연', point: 25_000 });
    await reportDeposit(t.app, { name: '이서연', amount: 25_000, depositedAt: '2026-11-22T18:05:00+09:00' });
    await reportBankSms(t.app, '[KB]11/22 18:05\n123456**789\n이서연\n입금\n25,000\n잔액1,234,567');
    expect(await pointOf(t.app, member.accountId)).toBe(25_000);
    await notifications().tick();
    t.clock.advance(MIN);
    await notifications().record();
    await notifications().deliver();
    const recorded = await rows();
    expect(recorded.map((r) => r.eventKey)).toEqual([`charge-credited:${chargeId}`]);
    expect(recorded[0]!.body).toBe(`충전 #${chargeId} ₩25,000 입금 확인 (회원 #${member.accountId})`);
    expect(telegramTexts()).toHaveLength(1);
    expect(telegramTexts()[0]).toContain('[SMM 패널] 큰 금액 충전');
  });

  it('a charge below the threshold is not an event', async () => {
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '박도윤', point: 30_000 });
    await reportDeposit(t.app, { name: '박도윤', amount: 30_000 });
    await notifications().record();
    expect(await rows()).toEqual([]);
  });

  it('several events due together go out as one batched message per channel', async () => {
    await t.app.services.settings.set('NOTIFY_LARGE_CHARGE_WON', '10000');
    const member = await createMember(t.app);
    const { id: chargeId } = await requestCharge(t.app, member, { name: '최하은', point: 50_000 });
    await reportDeposit(t.app, { name: '최하은', amount: 50_000 });
    const first = (await reportDeposit(t.app, { name: '정시우', amount: 11_000 })).depositId;
    const secondDeposit = (await reportDeposit(t.app, { name: '강지유', amount: 13_000 })).depositId;
    t.clock.advance(31 * MIN);
    await notifications().tick();
    expect(fake.requests).toHaveLength(1);
    expect(telegramTexts()[0]!.split('\n')).toEqual([
      '[SMM 패널] 알림 3건',
      `• 확인되지 않은 입금: 입금 #${first} ₩11,000`,
      `• 확인되지 않은 입금: 입금 #${secondDeposit} ₩13,000`,
      `• 큰 금액 충전: 충전 #${chargeId} ₩50,000 입금 확인 (회원 #${member.accountId})`,
    ]);
    expect(emails()).toHaveLength(2);
    expect(emails().every((m) => m.subject === '[SMM 패널] 알림 3건')).toBe(true);
    expect((await rows()).every((r) => r.emailStatus === 'sent' && r.telegramStatus === 'sent')).toBe(true);
    // nothing goes out again
    t.clock.advance(10 * MIN);
    await notifications().tick();
    expect(fake.requests).toHaveLength(1);
    expect(emails()).toHaveLength(2);
  });

  it('a failing Telegram is retried with backoff, then failed; e-mail is not resent; the token is nowhere', async () => {
    fake.setMode('fail');
    await unmatchedDeposit();
    await notifications().tick();
    let [row] = await rows();
    expect(row).toMatchObject({ emailStatus: 'sent', telegramStatus: 'pending', attempts: 1 });
    expect(row!.lastError).toBe('텔레그램: 텔레그램이 거절했습니다 (HTTP 500: Internal Server Error)');
    // not before its backoff
    await notifications().deliver();
    expect(fake.requests).toHaveLength(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      t.clock.advance(16 * MIN);
      await notifications().deliver();
    }
    [row] = await rows();
    expect(row).toMatchObject({ emailStatus: 'sent', telegramStatus: 'failed', attempts: MAX_ATTEMPTS });
    expect(fake.requests).toHaveLength(MAX_ATTEMPTS);
    t.clock.advance(60 * MIN);
    await notifications().deliver();
    expect(fake.requests).toHaveLength(MAX_ATTEMPTS);
    expect(emails()).toHaveLength(2);
    expect(JSON.stringify(await rows())).not.toContain(TOKEN);
    expect(t.logs()).not.toContain(TOKEN);
    expect(t.logs()).toContain('operator notification not sent');
  });

  it("Telegram's { ok: false } is a failure too", async () => {
    fake.setMode('refuse');
    await unmatchedDeposit();
    await notifications().tick();
    const [row] = await rows();
    expect(row).toMatchObject({ emailStatus: 'sent', telegramStatus: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('chat not found');
  });

  it("a channel not chosen when the event fired is 'off', and a kind not chosen is not recorded", async () => {
    await t.app.services.settings.set('NOTIFY_TELEGRAM', 'false');
    await unmatchedDeposit();
    await notifications().tick();
    expect(await rows()).toMatchObject([{ emailStatus: 'sent', telegramStatus: 'off' }]);
    expect(fake.requests).toEqual([]);

    await t.app.services.settings.set('NOTIFY_TELEGRAM', 'true');
    await t.app.services.settings.set('NOTIFY_EMAILS', '');
    await t.app.services.settings.set('NOTIFY_KINDS', 'CHARGE_LARGE');
    const { depositId } = await reportDeposit(t.app, { name: '윤서아', amount: 9_000 });
    t.clock.advance(31 * MIN);
    await notifications().record();
    // a kind not chosen is not recorded at all: no row 'off' on both that would stand for it
    expect(await rows()).toHaveLength(1);
    await notifications().tick();
    expect(await rows()).toHaveLength(1);
    expect(fake.requests).toEqual([]);
    // chosen later, the deposit still waiting is announced then
    await t.app.services.settings.set('NOTIFY_KINDS', 'DEPOSIT_UNMATCHED');
    notifications().scanSoon();
    await notifications().tick();
    expect((await rows())[1]).toMatchObject({
      eventKey: `watch:DEPOSIT_UNMATCHED:${depositId}`,
      emailStatus: 'off',
      telegramStatus: 'sent',
    });
    expect(telegramTexts()).toEqual([`[SMM 패널] 확인되지 않은 입금\n입금 #${depositId} ₩9,000`]);
  });

  it('a kind turned off before its event went out is dropped, not kept as lost; a channel turned off is off, not failed', async () => {
    const depositId = await unmatchedDeposit();
    await notifications().record();
    expect(await rows()).toMatchObject([{ emailStatus: 'pending', telegramStatus: 'pending' }]);
    await t.app.services.settings.set('NOTIFY_KINDS', 'CHARGE_LARGE');
    await notifications().deliver();
    expect(await rows()).toEqual([]);
    expect(fake.requests).toEqual([]);
    expect(emails()).toEqual([]);
    // the kind back on: the deposit, still waiting, is found and announced
    await t.app.services.settings.set('NOTIFY_KINDS', '');
    await notifications().record();
    // …but by then the operator cleared the e-mail addresses: e-mail is off, never retried into 'failed'
    await t.app.services.settings.set('NOTIFY_EMAILS', '');
    await notifications().deliver();
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 1; attempt += 1) {
      t.clock.advance(16 * MIN);
      await notifications().deliver();
    }
    expect(await rows()).toMatchObject([
      {
        eventKey: `watch:DEPOSIT_UNMATCHED:${depositId}`,
        emailStatus: 'off',
        telegramStatus: 'sent',
        attempts: 0,
        lastError: null,
      },
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(emails()).toEqual([]);
  });

  it('a low balance read as unreadable now and then is announced once, until a readable balance above the threshold', async () => {
    const watch = providerWatch();
    const process = anotherProcess({}, watch);
    const scan = async (troubles: ProviderTrouble[]) => {
      watch.troubles = troubles;
      t.clock.advance(MIN);
      await process.record();
      await process.deliver();
    };
    await scan(['LOW_BALANCE']);
    await scan(['BALANCE_FAILED']);
    await scan(['LOW_BALANCE']);
    await scan(['BALANCE_FAILED', 'CALLS_FAILING']);
    await scan(['LOW_BALANCE']);
    // the low balance once; the unreadable balance once; the failing calls once (and resolved when gone)
    expect(telegramTexts().map((text) => text.split('\n')[0])).toEqual([
      '[SMM 패널] 공급사 점검: 잔액 부족',
      '[SMM 패널] 공급사 점검: 잔액 조회 실패',
      '[SMM 패널] 공급사 점검: 최근 호출 실패',
    ]);
    expect((await rows()).map((r) => [r.eventKey, r.resolvedAt === null])).toEqual([
      ['provider:900:LOW_BALANCE', true],
      ['provider:900:BALANCE_FAILED', true],
      ['provider:900:CALLS_FAILING', false],
    ]);
    // recovered (readable, above the threshold): both resolved; the next low is announced again
    await scan([]);
    expect((await rows()).every((r) => r.resolvedAt !== null)).toBe(true);
    await scan(['LOW_BALANCE']);
    expect(telegramTexts()).toHaveLength(4);
    expect(telegramTexts()[3]).toMatch(/^\[SMM 패널\] 공급사 점검: 잔액 부족\n/);
  });

  it('with PUBLIC_URL set every message links to its console screen; the e-mail makes it a link', async () => {
    const depositId = await unmatchedDeposit();
    const process = anotherProcess({ consoleUrl: 'https://panel.example.kr' });
    await process.record();
    await process.deliver();
    const text = `[SMM 패널] 확인되지 않은 입금\n입금 #${depositId} ₩12,000\n확인 필요: https://panel.example.kr/admin/watch`;
    expect(telegramTexts()).toEqual([text]);
    expect(emails().map((m) => m.text)).toEqual([text, text]);
    expect(emails()[0]!.html).toContain(
      '확인 필요: <a href="https://panel.example.kr/admin/watch">https://panel.example.kr/admin/watch</a>',
    );
    // several due together: one link per screen they belong to
    await t.app.services.settings.set('NOTIFY_LARGE_CHARGE_WON', '10000');
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '최하은', point: 50_000 });
    await reportDeposit(t.app, { name: '최하은', amount: 50_000 });
    await unmatchedDeposit('정시우', 11_000);
    await process.record();
    await process.deliver();
    expect(telegramTexts()[1]!.split('\n').slice(-2)).toEqual([
      '확인 필요: https://panel.example.kr/admin/watch',
      '충전 신청: https://panel.example.kr/admin/charges',
    ]);
  });

  it('an entry that leaves the watch resolves its event; its return is a new event', async () => {
    const depositId = await unmatchedDeposit('장은우', 14_000);
    await notifications().tick();
    // the operator raises the deposit threshold: the entry leaves the watch, its event is resolved
    await t.app.services.settings.set('WATCH_DEPOSIT_MINUTES', '60');
    t.clock.advance(MIN);
    await notifications().tick();
    const [resolved] = await rows();
    expect(resolved!.resolvedAt).not.toBeNull();
    // back to 30 minutes: the entry returns, a new event, sent again
    await t.app.services.settings.set('WATCH_DEPOSIT_MINUTES', '30');
    t.clock.advance(MIN);
    await notifications().tick();
    const all = await rows();
    expect(all.map((r) => [r.eventKey, r.resolvedAt === null])).toEqual([
      [`watch:DEPOSIT_UNMATCHED:${depositId}`, false],
      [`watch:DEPOSIT_UNMATCHED:${depositId}`, true],
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it('a provider down is an event per provider and trouble, with neither its API key nor the token anywhere', async () => {
    const apiKey = 'provider-secret-key-9f8e7d6c5b4a3210';
    const down = await createProvider(t.app, {
      name: '멈춘 공급사 help@upstream.example',
      apiUrl: 'http://127.0.0.1:9/api/v2',
      apiKey,
    });
    await notifications().tick();
    const events = (await rows()).filter((r) => r.kind === 'PROVIDER_TROUBLE');
    expect(events.map((r) => r.eventKey)).toEqual([`provider:${down.id}:BALANCE_FAILED`]);
    expect(events[0]!.title).toBe('공급사 점검: 잔액 조회 실패');
    // the provider's name as given, an address in it masked (withoutSecrets)
    expect(events[0]!.body).toBe(`멈춘 공급사 ***@upstream.example (공급사 #${down.id}) · 잔액 조회 실패`);
    expect(fake.requests).toHaveLength(1);
    const everything = JSON.stringify([await rows(), emails(), fake.requests.map((r) => r.body), t.logs()]);
    expect(everything).not.toContain(apiKey);
    expect(t.logs()).not.toContain(TOKEN);
    expect(JSON.stringify([await rows(), emails()])).not.toContain(TOKEN);
    // the same trouble on the next scan is not a new event
    t.clock.advance(2 * MIN);
    await notifications().tick();
    expect((await rows()).filter((r) => r.kind === 'PROVIDER_TROUBLE')).toHaveLength(1);
  });

  it('a sync run that disabled services is one event listing them', async () => {
    const [demo] = await t.app.database.db.select().from(providers).orderBy(asc(providers.id)).limit(1);
    const sync = t.app.services.catalogSync;
    await sync.syncProvider(demo!.id, 'operator');
    t.app.services.simulatedProvider.setListing(1, 'gone');
    t.clock.advance(MIN);
    await sync.syncProvider(demo!.id, 'operator');
    await notifications().tick();
    const events = (await rows()).filter((r) => r.kind === 'SYNC_DISABLED');
    expect(events).toHaveLength(1);
    expect(events[0]!.eventKey).toMatch(/^sync-disabled:\d+$/);
    expect(events[0]!.body).toMatch(/동기화 #\d+: 상품 1개 판매 중지 — #\d+ .+ \(공급사 상품 없음\)$/);
    t.clock.advance(MIN);
    await notifications().tick();
    expect((await rows()).filter((r) => r.kind === 'SYNC_DISABLED')).toHaveLength(1);
  });

  it('an SMTP server that never answers does not hold the tick: the send fails at its limit and is retried', async () => {
    const { services, database, log } = t.app;
    const stuck = new OperatorNotifications(
      database.db,
      t.clock,
      services.notifications.watch,
      async () => notifySettingsFrom(await services.settings.stored()),
      { send: () => new Promise<void>(() => {}) },
      services.notifications.telegram,
      log,
      { ...services.notifications.options, sendTimeoutMs: 100 },
    );
    await unmatchedDeposit();
    const started = Date.now();
    await stuck.tick();
    expect(Date.now() - started).toBeLessThan(3000);
    const [row] = await rows();
    expect(row).toMatchObject({ emailStatus: 'pending', telegramStatus: 'sent', attempts: 1 });
    expect(row!.lastError).toBe('이메일: 1초 안에 보내지 못했습니다');
  });

  it('a Telegram call that never answers fails at its time limit, the token not in the error', async () => {
    fake.setMode('hang');
    const bot = new BotApiTelegram({ apiUrl: fake.url, botToken: TOKEN, chatId: CHAT }, 200);
    const started = Date.now();
    const error = await bot.send('x').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(TelegramError);
    expect((error as Error).message).toBe('텔레그램이 1초 안에 답하지 않았습니다');
    expect(String((error as Error).stack)).not.toContain(TOKEN);
  });

  it('forgets after 30 days what cannot come back, and keeps an open watch event however old', async () => {
    await t.app.services.settings.set('NOTIFY_LARGE_CHARGE_WON', '10000');
    const member = await createMember(t.app);
    await requestCharge(t.app, member, { name: '오승민', point: 40_000 });
    await reportDeposit(t.app, { name: '오승민', amount: 40_000 });
    const depositId = await unmatchedDeposit('한예린', 16_000);
    await notifications().tick();
    expect((await rows()).map((r) => r.kind).sort()).toEqual(['CHARGE_LARGE', 'DEPOSIT_UNMATCHED']);
    t.clock.advance(31 * 24 * 60 * MIN);
    await notifications().tick();
    // the charge's event is gone; the deposit still waits, so its event stays open (no second message)
    expect((await rows()).map((r) => r.eventKey)).toEqual([`watch:DEPOSIT_UNMATCHED:${depositId}`]);
    expect(fake.requests).toHaveLength(1);
  });

  it("without a bot token the Telegram messages go to the development outbox as channel 'telegram'", async () => {
    const outbox = t.app.services.outbox;
    await new OutboxTelegram(outbox).send('[SMM 패널] 알림 2건\n• a\n• b');
    expect(outbox.messages().at(-1)).toMatchObject({
      channel: 'telegram',
      subject: '[SMM 패널] 알림 2건',
      text: '[SMM 패널] 알림 2건\n• a\n• b',
    });
  });
});
