import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEND_CODE_MESSAGES } from '@smm/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../points/webhook-signature';
import { ManualClock } from '../shared/clock';
import { parseMail, partOf } from '../test/mime';
import { createTestApp } from '../test/test-app';
import { SmtpMailer, type Mail } from './mailer';
import { emailCodeMail, escapeHtml, passwordResetMail, phoneCodeSms } from './messages';
import { Outbox, maskRecipient } from './outbox';
import { WebhookSmsSender } from './sms-sender';

const tempDirs: string[] = [];
/** A folder for an outbox, removed after the file's tests. */
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'outbox-test-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const silentLog = () => {
  const lines: string[] = [];
  const write = (object: Record<string, unknown>, message: string) =>
    void lines.push(JSON.stringify({ ...object, msg: message }));
  return { lines, log: { info: write, warn: write, error: write } };
};

describe('Outbox (development transport)', () => {
  it('writes each message as one JSON file, in a folder made on demand, named to sort by time', async () => {
    const dir = join(await tempDir(), 'nested', 'outbox');
    const clock = new ManualClock(new Date('2026-11-22T09:00:00.000Z'));
    const { lines, log } = silentLog();
    const outbox = new Outbox(dir, clock, log);

    await outbox.record({
      channel: 'email',
      to: 'member@example.com',
      subject: '제목',
      text: '12345',
      html: '<p>12345</p>',
    });
    clock.advance(1500);
    await outbox.record({ channel: 'sms', to: '01012345678', subject: '', text: '인증번호 54321', html: '' });

    const files = await readdir(dir);
    expect(files).toEqual([
      '2026-11-22T09-00-00.000Z-email-000001.json',
      '2026-11-22T09-00-01.500Z-sms-000002.json',
    ]);
    expect([...files].sort()).toEqual(files);
    const first = JSON.parse(await readFile(join(dir, files[0]!), 'utf8'));
    expect(first).toEqual({
      channel: 'email',
      to: 'member@example.com',
      subject: '제목',
      text: '12345',
      html: '<p>12345</p>',
      createdAt: '2026-11-22T09:00:00.000Z',
    });
    expect(outbox.last('01012345678')?.text).toBe('인증번호 54321');
    expect(outbox.messages().map((m) => m.channel)).toEqual(['email', 'sms']);

    // One line a message: the recipient masked, never the text (it holds the code or the link).
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('12345');
    expect(lines.join('\n')).not.toContain('54321');
    expect(lines.join('\n')).not.toContain('member@example.com');
    expect(lines[0]).toContain('me***@example.com');
    expect(lines[1]).toContain('010****5678');
  });

  it('keeps only the last 100 messages in memory', async () => {
    const outbox = new Outbox(await tempDir(), new ManualClock(), silentLog().log);
    for (let i = 0; i < 105; i += 1) {
      await outbox.record({
        channel: 'sms',
        to: `0101234${String(i).padStart(4, '0')}`,
        subject: '',
        text: `${i}`,
        html: '',
      });
    }
    expect(outbox.messages()).toHaveLength(100);
    expect(outbox.messages()[0]?.text).toBe('5');
    expect(outbox.last('01012340104')?.text).toBe('104');
  });

  it('masks recipients for the log', () => {
    expect(maskRecipient('someone@example.com')).toBe('so***@example.com');
    expect(maskRecipient('a@b.kr')).toBe('a***@b.kr');
    expect(maskRecipient('01012345678')).toBe('010****5678');
    expect(maskRecipient('123')).toBe('***');
  });
});

describe('messages', () => {
  it('are Korean, with the same content in the text and the HTML part, HTML escaped', () => {
    const mail = emailCodeMail('m@example.com', '<b>"패널"</b> & co', '01234');
    expect(mail.subject).toBe('[<b>"패널"</b> & co] 이메일 인증코드');
    expect(mail.text).toContain('01234');
    expect(mail.text).toContain('인증코드');
    expect(mail.html).toContain('01234');
    expect(mail.html).toContain('&lt;b&gt;&quot;패널&quot;&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>"패널"</b>');
    expect(mail.html).toMatch(/^<!doctype html>/);

    const reset = passwordResetMail(
      'm@example.com',
      '패널',
      'https://panel.kr/reset-password?token=a.b.c&x="y"',
      30,
    );
    expect(reset.text).toContain('https://panel.kr/reset-password?token=a.b.c&x="y"');
    expect(reset.html).toContain('href="https://panel.kr/reset-password?token=a.b.c&amp;x=&quot;y&quot;"');
    expect(reset.text).toContain('30분');

    expect(phoneCodeSms('01012345678', '패널', '98765')).toEqual({
      to: '01012345678',
      text: '[패널] 인증번호 98765 (10분 안에 입력해주세요)',
    });
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });
});

/** A local SMTP server that keeps what it receives (no TLS: STARTTLS is not offered). */
async function startSmtpSink(options: { rejectRecipient?: boolean } = {}) {
  const received: { from: string; to: string[]; raw: string; user?: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'mail-pass')
        callback(null, { user: auth.username });
      else callback(new Error('bad credentials'));
    },
    onRcptTo(_address, _session, callback) {
      callback(
        options.rejectRecipient
          ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })
          : null,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SmtpMailer (nodemailer) against a local SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  const smtpConfig = () => ({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    user: 'mailer',
    password: 'mail-pass',
    from: 'SMM 패널 <no-reply@panel.test>',
  });

  it('delivers a Korean e-mail with a plain-text and an HTML part, subject intact, logged in', async () => {
    const mailer = new SmtpMailer(smtpConfig());
    const mail: Mail = emailCodeMail('member@example.com', '스마트 패널', '04821');
    await mailer.send(mail);
    mailer.close();

    const got = sink.received.at(-1)!;
    expect(got.user).toBe('mailer');
    expect(got.from).toBe('no-reply@panel.test');
    expect(got.to).toEqual(['member@example.com']);
    const parsed = parseMail(got.raw);
    expect(parsed.headers.get('subject')).toBe('[스마트 패널] 이메일 인증코드');
    expect(parsed.headers.get('from')).toContain('no-reply@panel.test');
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const text = partOf(parsed, 'text/plain');
    const html = partOf(parsed, 'text/html');
    // Line ends travel as CRLF (SMTP); the content is otherwise exactly what was sent.
    expect(text?.body.replace(/\r\n/g, '\n')).toBe(mail.text);
    expect(html?.body.replace(/\r\n/g, '\n')).toBe(mail.html);
    expect(text?.body).toContain('스마트 패널 회원가입 이메일 인증코드입니다.');
    expect(html?.body).toContain('04821');
  });

  it('sends to exactly the one address given, even one a parser would read as a list', async () => {
    const mailer = new SmtpMailer(smtpConfig());
    const before = sink.received.length;
    // Whether nodemailer refuses it or sends it as one odd address, victim@ never becomes a recipient
    // (the services refuse such input before it gets here: isMailboxAddress).
    await mailer
      .send({ to: 'a@example.com, victim@example.org', subject: 's', text: 't', html: '<p>t</p>' })
      .catch(() => undefined);
    mailer.close();
    expect(sink.received.slice(before).flatMap((m) => m.to)).not.toContain('victim@example.org');
  });

  it('throws when the server refuses the recipient or cannot be reached', async () => {
    const refusing = await startSmtpSink({ rejectRecipient: true });
    const mailer = new SmtpMailer({ ...smtpConfig(), port: refusing.port });
    await expect(mailer.send(emailCodeMail('m@example.com', '패널', '11111'))).rejects.toThrow();
    mailer.close();
    await refusing.close();
    const unreachable = new SmtpMailer({ ...smtpConfig(), port: refusing.port });
    await expect(unreachable.send(emailCodeMail('m@example.com', '패널', '11111'))).rejects.toThrow();
    unreachable.close();
  });

  it('is what POST /auth/send-email uses when SMTP_HOST is set (nothing in the outbox)', async () => {
    const t = await createTestApp({
      messaging: { smtp: smtpConfig(), outboxDir: await tempDir() },
    });
    try {
      await t.app.services.settings.set('FOOTER_COMPANY', '(주)스마트');
      const before = sink.received.length;
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/send-email',
        payload: { email: ' New.Member@Example.com ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: SEND_CODE_MESSAGES.EMAIL_SENT });
      expect(sink.received).toHaveLength(before + 1);
      const got = sink.received.at(-1)!;
      expect(got.to).toEqual(['new.member@example.com']);
      const parsed = parseMail(got.raw);
      expect(parsed.headers.get('subject')).toBe('[(주)스마트] 이메일 인증코드');
      expect(partOf(parsed, 'text/plain')?.body).toMatch(/\n\n[0-9]{5}\n\n/);
      expect(t.app.services.outbox.messages()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

/** A local SMS gateway: records each request's raw body and headers, answers `status`. */
async function startSmsSink(answer: { status: number; hang?: boolean }) {
  const received: { body: Buffer; headers: IncomingMessage['headers'] }[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: request.headers });
      if (answer.hang) return void hanging.push(response);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    answer,
    close: () => {
      hanging.forEach((response) => response.destroy());
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('WebhookSmsSender (SMS gateway)', () => {
  const secret = 'sms-gateway-secret-0123';
  let sink: Awaited<ReturnType<typeof startSmsSink>>;
  beforeAll(async () => {
    sink = await startSmsSink({ status: 200 });
  });
  afterEach(() => {
    sink.answer.status = 200;
  });
  afterAll(() => sink.close());

  it('POSTs {to, text} as JSON, signed with an HMAC of the exact body', async () => {
    await new WebhookSmsSender({ url: sink.url, secret }).send({
      to: '01012345678',
      text: '[패널] 인증번호 12345',
    });
    const got = sink.received.at(-1)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body.toString('utf8'))).toEqual({
      to: '01012345678',
      text: '[패널] 인증번호 12345',
    });
    expect(verifySignature(secret, got.body, String(got.headers['x-signature']))).toBe(true);
    expect(verifySignature('another-secret-0123456', got.body, String(got.headers['x-signature']))).toBe(
      false,
    );
  });

  it('fails on an answer other than 2xx', async () => {
    sink.answer.status = 500;
    await expect(
      new WebhookSmsSender({ url: sink.url, secret }).send({ to: '01012345678', text: 'x' }),
    ).rejects.toThrow('HTTP 500');
    sink.answer.status = 302;
    await expect(
      new WebhookSmsSender({ url: sink.url, secret }).send({ to: '01012345678', text: 'x' }),
    ).rejects.toThrow();
  });

  it('fails when the gateway does not answer in time', async () => {
    const silent = await startSmsSink({ status: 200, hang: true });
    try {
      await expect(
        new WebhookSmsSender({ url: silent.url, secret }, 200).send({ to: '01012345678', text: 'x' }),
      ).rejects.toThrow();
    } finally {
      await silent.close();
    }
  });

  it('is what POST /auth/send-phone-number uses when SMS_WEBHOOK_URL is set; a refusal is a 502', async () => {
    const t = await createTestApp({
      messaging: {
        smsWebhook: { url: sink.url, secret },
        outboxDir: await tempDir(),
      },
    });
    try {
      const send = (phoneNumber: string) =>
        t.app.inject({ method: 'POST', url: '/auth/send-phone-number', payload: { phoneNumber } });
      const before = sink.received.length;
      const ok = await send('01098765432');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: SEND_CODE_MESSAGES.PHONE_SENT });
      const got = sink.received.at(-1)!;
      expect(sink.received).toHaveLength(before + 1);
      const body = JSON.parse(got.body.toString('utf8')) as { to: string; text: string };
      expect(body.to).toBe('01098765432');
      expect(body.text).toMatch(/^\[\(주\)소셜부스트\] 인증번호 [0-9]{5} \(10분 안에 입력해주세요\)$/);
      expect(verifySignature(secret, got.body, String(got.headers['x-signature']))).toBe(true);
      expect(t.app.services.outbox.messages()).toEqual([]);

      sink.answer.status = 503;
      const refused = await send('01011112222');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('MESSAGE_NOT_SENT');
      // The code nobody received is gone: sign-up asks to send one (hasLiveCode false).
      expect(
        await t.app.services.verificationCodes.hasLiveCode(t.app.database.db, 'phone', '01011112222'),
      ).toBe(false);
      expect(t.logs()).toContain('could not send a verification code');
    } finally {
      await t.close();
    }
  });
});
