import type { AppConfig } from '../config';
import type { Clock } from '../shared/clock';
import { OutboxMailer, SmtpMailer, type Mailer } from './mailer';
import { Outbox, type MessagingLog } from './outbox';
import { OutboxSmsSender, WebhookSmsSender, type SmsSender } from './sms-sender';

export interface Messaging {
  mailer: Mailer;
  sms: SmsSender;
  /** Always there; it receives the messages of whichever transport is not configured. */
  outbox: Outbox;
  close(): void;
}

/**
 * E-mail through SMTP when SMTP_HOST is set, text messages through the gateway when SMS_WEBHOOK_URL
 * is set; whatever is not configured goes to the development outbox, and start-up says so once.
 */
export function createMessaging(config: AppConfig['messaging'], clock: Clock, log: MessagingLog): Messaging {
  const outbox = new Outbox(config.outboxDir, clock, log);
  const smtp = config.smtp ? new SmtpMailer(config.smtp) : undefined;
  const mailer = smtp ?? new OutboxMailer(outbox);
  const sms = config.smsWebhook ? new WebhookSmsSender(config.smsWebhook) : new OutboxSmsSender(outbox);
  const unset = [
    !config.smtp && 'e-mail (SMTP_HOST)',
    !config.smsWebhook && 'text messages (SMS_WEBHOOK_URL)',
  ];
  const toOutbox = unset.filter(Boolean);
  if (toOutbox.length > 0) {
    log.warn(
      { outbox: config.outboxDir, transports: toOutbox },
      'not configured: these messages go to the development outbox, not to their recipients',
    );
  }
  return { mailer, sms, outbox, close: () => smtp?.close() };
}
