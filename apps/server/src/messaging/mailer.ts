import { createTransport } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Outbox } from './outbox';

/** One e-mail: a Korean subject, a plain-text part and an HTML part (messages.ts builds them). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends an e-mail or throws: the caller decides what a failure means for its request. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export type SmtpConfig = NonNullable<AppConfig['messaging']['smtp']>;

/** How long one SMTP conversation may take before the send counts as failed. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Real e-mail through the SMTP server of SMTP_HOST (nodemailer): `secure` is TLS from the first byte
 * (port 465); otherwise STARTTLS is used whenever the server offers it. One connection a message: the
 * site sends a handful a minute, not enough to keep a pool open.
 */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(private readonly smtp: SmtpConfig) {
    this.transport = createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      ...SMTP_TIMEOUTS,
    });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.smtp.from,
      // An address object is one recipient as given, never parsed as a list ("a@x, b@y").
      to: { name: '', address: mail.to },
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  close(): void {
    this.transport.close();
  }
}

/** Development: e-mails become files in DATA_DIR/outbox (see outbox.ts). */
export class OutboxMailer implements Mailer {
  constructor(private readonly outbox: Outbox) {}

  async send(mail: Mail): Promise<void> {
    await this.outbox.record({ channel: 'email', ...mail });
  }
}

/**
 * What a log may say about a failed send: the error's kind and the SMTP / network code, not its
 * message, which can quote the recipient or the server's reply to the message.
 */
export function sendFailureOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { kind: typeof error };
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return {
    kind: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}
