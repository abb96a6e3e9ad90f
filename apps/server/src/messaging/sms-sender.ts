import { signBody } from '../points/webhook-signature';
import type { Outbox } from './outbox';

/** One text message. */
export interface Sms {
  to: string;
  text: string;
}

/** The SMS transport (docs/ARCHITECTURE.md#codes-and-recovery): sends a text message or throws. */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** How long the gateway may take to accept a message. */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Text messages through the operator's SMS gateway (SMS_WEBHOOK_URL): each message is POSTed as JSON
 * `{to, text}` with `X-Signature: sha256=<hex HMAC-SHA256 of the exact body bytes>` under
 * SMS_WEBHOOK_SECRET, the same signature our own deposit hooks check, so the gateway can tell our
 * messages from anyone else's. Any answer but 2xx, a network error or no answer in time is a failure.
 * The gateway's answer body is never read or logged.
 */
export class WebhookSmsSender implements SmsSender {
  constructor(
    private readonly webhook: { url: string; secret: string },
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  async send(sms: Sms): Promise<void> {
    const body = JSON.stringify({ to: sms.to, text: sms.text });
    const response = await fetch(this.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signBody(this.webhook.secret, body) },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}

/** Development: text messages become files in DATA_DIR/outbox (no subject, no HTML). */
export class OutboxSmsSender implements SmsSender {
  constructor(private readonly outbox: Outbox) {}

  async send(sms: Sms): Promise<void> {
    await this.outbox.record({ channel: 'sms', to: sms.to, subject: '', text: sms.text, html: '' });
  }
}
