import {
  ACCOUNT_MESSAGES,
  ERROR_CATALOG,
  REGISTER_MESSAGES,
  SEND_CODE_MESSAGES,
  VERIFICATION_CODE_RULES,
} from '@smm/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, verificationCodes } from '../db/schema';
import { createMember } from '../test/factories';
import { useTestApp } from '../test/test-app';
import type { CodeCheck } from './verification-codes';

// Small limits so the caps are reached in a few calls; reset() empties the counters before each test.
const t = useTestApp({ codeLimits: { perAddressPerDay: 3, perClientPerDay: 6 } });

const MINUTE = 60_000;
const BAD_FORM = { message: SEND_CODE_MESSAGES.BAD_FORM, code: 'BAD_REQUEST' };

const sendEmail = (email: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/send-email', payload: { email }, remoteAddress });
const sendPhone = (phoneNumber: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/send-phone-number', payload: { phoneNumber }, remoteAddress });
const register = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/register', payload, remoteAddress });

/** The code in the latest message to `to` (the outbox keeps what was sent). */
function codeSentTo(to: string): string {
  const message = t.app.services.outbox.last(to);
  const code = /(?<![0-9])[0-9]{5}(?![0-9])/.exec(message?.text ?? '')?.[0];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** Another 5-digit code than `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

/** verifyAndConsume in a transaction of its own, as a sign-up would call it. */
async function verify(check: CodeCheck): Promise<'ok' | string> {
  const codes = t.app.services.verificationCodes;
  try {
    await t.app.database.db.transaction((tx) => codes.verifyAndConsume(tx, check));
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await codes.settled();
  }
}

async function codeRows(address: string) {
  return t.app.database.db.select().from(verificationCodes).where(eq(verificationCodes.address, address));
}

describe('POST /auth/send-email', () => {
  it('sends a 5-digit code to the normalised address and keeps only its HMAC', async () => {
    const response = await sendEmail('  Some.One@Example.COM ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SEND_CODE_MESSAGES.EMAIL_SENT });

    const mail = t.app.services.outbox.last('some.one@example.com');
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toBe('[(주)소셜부스트] 이메일 인증코드');
    const code = codeSentTo('some.one@example.com');
    expect(mail?.html).toContain(code);

    const [row] = await codeRows('some.one@example.com');
    expect(row).toMatchObject({ channel: 'email', attempts: 0, consumedAt: null });
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 10 * MINUTE);
    // The log says a message was recorded, for whom (masked), never the code.
    expect(t.logs()).toContain('message recorded in the development outbox');
    expect(t.logs()).not.toContain(code);
    expect(t.logs()).not.toContain('some.one@example.com');
  });

  it.each([
    ['no @', 'someone.example.com'],
    ['no dot', 'someone@example'],
    ['empty', ''],
    ['a list', 'a@example.com, victim@example.org'],
    ['a display name', 'Name <a@example.com>'],
    ['a space inside', 'a b@example.com'],
  ])('answers 400 "match the input format" to %s, and sends nothing', async (_case, email) => {
    const response = await sendEmail(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_FORM);
    expect(t.app.services.outbox.messages()).toEqual([]);
  });

  it('answers 400, never 500, to unexpected input', async () => {
    for (const email of [
      'a\u0000@example.com',
      `${'a'.repeat(10_000)}@example.com`,
      12345,
      ['a@b.kr'],
      null,
    ]) {
      const response = await sendEmail(email);
      expect(response.statusCode, JSON.stringify(email).slice(0, 40)).toBe(400);
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/auth/send-email' });
    expect(noBody.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/auth/send-email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: `${'a'.repeat(200_000)}@example.com` }),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(t.app.services.outbox.messages()).toEqual([]);
  });

  it('answers 409 when an active account has that e-mail, whatever its case; a deleted one does not count', async () => {
    const member = await createMember(t.app, { id: 'holder1' });
    const taken = await sendEmail(' HOLDER1@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: SEND_CODE_MESSAGES.EMAIL_EXISTS, code: 'EMAIL_TAKEN' });
    expect(t.app.services.outbox.messages()).toEqual([]);

    await t.app.database.db
      .update(accounts)
      .set({ deletedAt: t.clock.now() })
      .where(eq(accounts.id, member.accountId));
    expect((await sendEmail('holder1@example.com')).statusCode).toBe(200);
  });

  it('refuses a resend within a minute with 429 and Retry-After, then sends a new code that replaces the old', async () => {
    expect((await sendEmail('wait@example.com')).statusCode).toBe(200);
    const first = codeSentTo('wait@example.com');

    const again = await sendEmail('wait@example.com', '10.9.9.9');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('60');
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.CODE_TOO_SOON, code: 'TOO_MANY_CODES' });

    t.clock.advance(59_000);
    const still = await sendEmail('wait@example.com');
    expect(still.statusCode).toBe(429);
    expect(still.headers['retry-after']).toBe('1');

    t.clock.advance(1000);
    expect((await sendEmail('wait@example.com')).statusCode).toBe(200);
    const second = codeSentTo('wait@example.com');
    expect(t.app.services.outbox.messages()).toHaveLength(2);
    // Only the latest code counts.
    if (first !== second)
      expect(await verify({ channel: 'email', address: 'wait@example.com', code: first })).toBe(
        'CODE_INVALID',
      );
    expect(await verify({ channel: 'email', address: 'wait@example.com', code: second })).toBe('ok');
  });

  it('caps the codes one address is sent a day (CODE_MAX_PER_ADDRESS_PER_DAY)', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await sendEmail('daily@example.com', `10.0.1.${i}`)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
    }
    const capped = await sendEmail('daily@example.com', '10.0.2.1');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({ message: ACCOUNT_MESSAGES.CODE_DAILY_LIMIT, code: 'TOO_MANY_CODES' });
    // The day started with the first code, three minutes ago.
    expect(Number(capped.headers['retry-after'])).toBe(24 * 3600 - 3 * 60);
    expect((await sendEmail('other@example.com', '10.0.2.1')).statusCode).toBe(200);

    t.clock.advance(24 * 3600 * 1000);
    expect((await sendEmail('daily@example.com', '10.0.2.1')).statusCode).toBe(200);
  });

  it('caps the requests one client makes a day over e-mail and phone (IPv6: per /64), 409s included', async () => {
    await createMember(t.app, { id: 'taken1' });
    const client = '2001:db8:1:2::1';
    const answers = [
      await sendEmail('c1@example.com', client),
      await sendEmail('c2@example.com', client),
      await sendEmail('taken1@example.com', client),
      await sendPhone('01000000001', client),
      await sendPhone('01000000002', client),
      await sendEmail('c3@example.com', client),
    ].map((r) => r.statusCode);
    expect(answers).toEqual([200, 200, 409, 200, 200, 200]);

    // Another address in the same /64 is the same client.
    const capped = await sendEmail('c4@example.com', '2001:db8:1:2:ffff:ffff:ffff:9');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      message: ERROR_CATALOG.TOO_MANY_REQUESTS.message,
      code: 'TOO_MANY_CODES',
    });
    expect(Number(capped.headers['retry-after'])).toBe(24 * 3600);
    expect((await sendPhone('01000000003', client)).statusCode).toBe(429);

    expect((await sendEmail('c4@example.com', '2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await sendEmail('c5@example.com', '10.0.0.7')).statusCode).toBe(200);
  });
});

describe('POST /auth/send-phone-number', () => {
  it('sends a 5-digit code by text message', async () => {
    const response = await sendPhone('01012345678');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SEND_CODE_MESSAGES.PHONE_SENT });
    const sms = t.app.services.outbox.last('01012345678');
    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toMatch(/^\[\(주\)소셜부스트\] 인증번호 [0-9]{5} \(10분 안에 입력해주세요\)$/);
    expect(t.logs()).not.toContain(codeSentTo('01012345678'));
  });

  it.each([['010-1234-5678'], ['0101234567'], ['010123456789'], ['0101234567a'], ['010 1234567'], ['']])(
    'answers 400 to %j',
    async (phoneNumber) => {
      const response = await sendPhone(phoneNumber);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(BAD_FORM);
    },
  );

  it('answers 400 to unexpected input', async () => {
    for (const phoneNumber of ['0101234\u00005678', '0'.repeat(5000), 1012345678, { a: 1 }]) {
      expect((await sendPhone(phoneNumber)).statusCode).toBe(400);
    }
  });

  it('answers 409 when an active account has that number, however it was written', async () => {
    const member = await createMember(t.app);
    await t.app.database.db
      .update(accounts)
      .set({ phoneNumber: '010-2222-3333' })
      .where(eq(accounts.id, member.accountId));
    const response = await sendPhone('01022223333');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SEND_CODE_MESSAGES.PHONE_EXISTS, code: 'PHONE_TAKEN' });
  });

  it('has the same one-a-minute cool-down', async () => {
    expect((await sendPhone('01033334444')).statusCode).toBe(200);
    expect((await sendPhone('01033334444')).statusCode).toBe(429);
  });
});

describe('verifyAndConsume', () => {
  it('accepts the code once', async () => {
    await sendEmail('once@example.com');
    const code = codeSentTo('once@example.com');
    expect(await verify({ channel: 'email', address: 'once@example.com', code })).toBe('ok');
    expect(await verify({ channel: 'email', address: 'once@example.com', code })).toBe('CODE_INVALID');
    expect((await codeRows('once@example.com'))[0]?.consumedAt).toEqual(t.clock.now());
  });

  it('normalises the address as the send did', async () => {
    await sendPhone('01055556666');
    const code = codeSentTo('01055556666');
    expect(await verify({ channel: 'phone', address: '010-5555-6666', code })).toBe('ok');
    await sendEmail('Case@Example.com');
    expect(
      await verify({ channel: 'email', address: ' CASE@example.COM', code: codeSentTo('case@example.com') }),
    ).toBe('ok');
  });

  it('is bound to the address and channel it was sent to', async () => {
    await sendEmail('mine@example.com');
    const code = codeSentTo('mine@example.com');
    await sendEmail('yours@example.com');
    expect(await verify({ channel: 'email', address: 'yours@example.com', code })).not.toBe('ok');
    expect(await verify({ channel: 'email', address: 'nobody@example.com', code })).toBe('CODE_INVALID');
    expect(await verify({ channel: 'phone', address: 'mine@example.com', code })).toBe('CODE_INVALID');
    expect(await verify({ channel: 'email', address: 'mine@example.com', code })).toBe('ok');
  });

  it('binds the stored HMAC to the address too: a row moved to another address is useless', async () => {
    await sendEmail('moved@example.com');
    const code = codeSentTo('moved@example.com');
    await t.app.database.db
      .update(verificationCodes)
      .set({ address: 'thief@example.com' })
      .where(eq(verificationCodes.address, 'moved@example.com'));
    expect(await verify({ channel: 'email', address: 'thief@example.com', code })).toBe('CODE_INVALID');
  });

  it('expires after 10 minutes', async () => {
    await sendEmail('early@example.com');
    await sendEmail('late@example.com');
    t.clock.advance(10 * MINUTE - 1000);
    expect(
      await verify({ channel: 'email', address: 'early@example.com', code: codeSentTo('early@example.com') }),
    ).toBe('ok');
    t.clock.advance(1000);
    expect(
      await verify({ channel: 'email', address: 'late@example.com', code: codeSentTo('late@example.com') }),
    ).toBe('CODE_INVALID');
  });

  it(`dies after ${VERIFICATION_CODE_RULES.maxAttempts} wrong tries; fewer leave it usable`, async () => {
    await sendEmail('four@example.com');
    const four = codeSentTo('four@example.com');
    for (let i = 0; i < 4; i += 1) {
      expect(await verify({ channel: 'email', address: 'four@example.com', code: otherThan(four) })).toBe(
        'CODE_INVALID',
      );
    }
    expect((await codeRows('four@example.com'))[0]?.attempts).toBe(4);
    expect(await verify({ channel: 'email', address: 'four@example.com', code: four })).toBe('ok');

    await sendEmail('five@example.com');
    const five = codeSentTo('five@example.com');
    for (let i = 0; i < 5; i += 1) {
      await verify({ channel: 'email', address: 'five@example.com', code: otherThan(five) });
    }
    expect((await codeRows('five@example.com'))[0]?.attempts).toBe(5);
    expect(await verify({ channel: 'email', address: 'five@example.com', code: five })).toBe('CODE_INVALID');
  });

  it('counts wrong tries even though they roll the caller back, and a burst of guesses is not checked beyond the limit', async () => {
    await sendEmail('burst@example.com');
    const code = codeSentTo('burst@example.com');
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(5, '0')).filter(
      (g) => g !== code,
    );
    const results = await Promise.all(
      guesses.map((guess) => verify({ channel: 'email', address: 'burst@example.com', code: guess })),
    );
    expect(results.every((r) => r === 'CODE_INVALID')).toBe(true);
    const [row] = await codeRows('burst@example.com');
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.attempts).toBeLessThanOrEqual(VERIFICATION_CODE_RULES.maxAttempts);
  });

  it('stays usable when the caller rolls back, and two racing uses succeed once', async () => {
    await sendEmail('rollback@example.com');
    const code = codeSentTo('rollback@example.com');
    const codes = t.app.services.verificationCodes;
    await expect(
      t.app.database.db.transaction(async (tx) => {
        await codes.verifyAndConsume(tx, { channel: 'email', address: 'rollback@example.com', code });
        throw new Error('the sign-up failed later');
      }),
    ).rejects.toThrow('the sign-up failed later');

    const check = { channel: 'email' as const, address: 'rollback@example.com', code };
    const both = await Promise.all([verify(check), verify(check)]);
    expect(both.sort()).toEqual(['CODE_INVALID', 'ok']);
  });

  it('lets a use that read the code before another use committed fail (the conditional UPDATE decides)', async () => {
    await sendEmail('late-reader@example.com');
    const check = {
      channel: 'email' as const,
      address: 'late-reader@example.com',
      code: codeSentTo('late-reader@example.com'),
    };
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let markVerified = () => {};
    const verified = new Promise<void>((resolve) => (markVerified = resolve));
    // The first use has marked the code but not committed yet…
    const first = t.app.database.db.transaction(async (tx) => {
      await t.app.services.verificationCodes.verifyAndConsume(tx, check);
      markVerified();
      await held;
    });
    await verified;
    // …when the second reads it (on PostgreSQL it still looks unused, and its UPDATE waits for the row).
    const second = verify(check);
    setTimeout(release, 50);
    await first;
    expect(await second).toBe('CODE_INVALID');
  });
});

describe('POST /auth/register with the code flags on', () => {
  const form = {
    id: 'coded1',
    password: 'pass-1234',
    email: 'Coded@Example.com',
    registerWhere: '지인 추천',
  };

  async function storedAccount(loginId: string) {
    const [row] = await t.app.database.db.select().from(accounts).where(eq(accounts.loginId, loginId));
    return row;
  }

  it('signs up with the e-mail code from the outbox, stores the e-mail normalised, and uses the code', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    expect((await sendEmail(form.email)).statusCode).toBe(200);
    const emailCode = codeSentTo('coded@example.com');

    const response = await register({ ...form, emailCode });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: REGISTER_MESSAGES.SUCCESS });
    expect((await storedAccount('coded1'))?.email).toBe('coded@example.com');
    expect((await codeRows('coded@example.com'))[0]?.consumedAt).not.toBeNull();

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { id: 'coded1', password: 'pass-1234' },
    });
    expect(login.statusCode).toBe(200);
    // The code is used: another sign-up with it is asked for a new one.
    expect((await register({ ...form, id: 'coded2', emailCode })).json()).toMatchObject({
      message: REGISTER_MESSAGES.EMAIL_CODE_NOT_SENT,
    });
  });

  it('refuses without a code sent, with a short, wrong or expired code, and stores nothing', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    const notSent = await register({ ...form, emailCode: '12345' });
    expect(notSent.json()).toMatchObject({ message: REGISTER_MESSAGES.EMAIL_CODE_NOT_SENT });

    await sendEmail(form.email);
    const emailCode = codeSentTo('coded@example.com');
    const short = await register({ ...form, emailCode: '1234' });
    expect(short.json()).toMatchObject({ message: REGISTER_MESSAGES.EMAIL_CODE_LENGTH });

    const wrong = await register({ ...form, emailCode: otherThan(emailCode) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.CODE_INVALID, code: 'CODE_INVALID' });
    await t.app.services.verificationCodes.settled();

    t.clock.advance(10 * MINUTE);
    const expired = await register({ ...form, emailCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: REGISTER_MESSAGES.EMAIL_CODE_NOT_SENT });
    expect(await storedAccount('coded1')).toBeUndefined();
  });

  it('refuses a code sent to another address', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    await sendEmail('attacker@example.com');
    await sendEmail(form.email);
    const response = await register({ ...form, emailCode: codeSentTo('attacker@example.com') });
    // Unless the two codes happen to be equal (1 in 100,000), the victim's address is not verified.
    if (codeSentTo('attacker@example.com') !== codeSentTo('coded@example.com')) {
      expect(response.json()).toMatchObject({ code: 'CODE_INVALID' });
    }
  });

  it('answers 409 when the e-mail was registered after its code was sent', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    await sendEmail('late-taker@example.com');
    const emailCode = codeSentTo('late-taker@example.com');
    await createMember(t.app, { id: 'late-taker' });
    const response = await register({ ...form, email: 'Late-Taker@example.com', emailCode });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SEND_CODE_MESSAGES.EMAIL_EXISTS, code: 'EMAIL_TAKEN' });
    expect(await storedAccount('coded1')).toBeUndefined();
  });

  it('signs up with the phone code and stores the number as digits', async () => {
    await t.app.services.settings.set('ENABLE_PHONE_NUMBER', 'true');
    await sendPhone('01077778888');
    const sendCode = codeSentTo('01077778888');
    const wrong = await register({ ...form, phoneNumber: '01077778888', sendCode: otherThan(sendCode) });
    expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID' });
    await t.app.services.verificationCodes.settled();

    const response = await register({ ...form, phoneNumber: '01077778888', sendCode });
    expect(response.statusCode).toBe(201);
    expect(await storedAccount('coded1')).toMatchObject({
      phoneNumber: '01077778888',
      email: 'coded@example.com',
    });
  });

  it('with both on, a wrong phone code leaves the e-mail code usable (one transaction)', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    await t.app.services.settings.set('ENABLE_PHONE_NUMBER', 'true');
    await sendEmail(form.email);
    await sendPhone('01012121212');
    const emailCode = codeSentTo('coded@example.com');
    const sendCode = codeSentTo('01012121212');
    const payload = { ...form, emailCode, phoneNumber: '01012121212', sendCode };

    expect((await register({ ...payload, sendCode: otherThan(sendCode) })).json()).toMatchObject({
      code: 'CODE_INVALID',
    });
    await t.app.services.verificationCodes.settled();
    expect((await codeRows('coded@example.com'))[0]?.consumedAt).toBeNull();
    expect((await register(payload)).statusCode).toBe(201);
  });

  it('lets one of two racing sign-ups with the same code through', async () => {
    await t.app.services.settings.set('ENABLE_EMAIL_VERIFY', 'true');
    await sendEmail(form.email);
    const emailCode = codeSentTo('coded@example.com');
    const results = await Promise.all([
      register({ ...form, id: 'racer1', emailCode }),
      register({ ...form, id: 'racer2', emailCode }),
    ]);
    // The loser finds the code used (400) or, when the winner has committed, the address taken (409).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const rows = await t.app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'coded@example.com'));
    expect(rows).toHaveLength(1);
  });
});
