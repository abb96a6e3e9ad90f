import { withoutSecrets } from '@smm/domain';
import type { Outbox } from '../messaging/outbox';

/** One text message to the operators' Telegram chat, or a thrown TelegramError (key-free). */
export interface TelegramSender {
  /** 'bot': the Bot API of TELEGRAM_API_URL; 'outbox': not configured, the development outbox. */
  readonly transport: 'bot' | 'outbox';
  send(text: string): Promise<void>;
}

/** A failed send; its message never holds the token (the request's URL does, so it is never quoted). */
export class TelegramError extends Error {
  override name = 'TelegramError';
}

export interface TelegramBotConfig {
  apiUrl: string;
  botToken: string;
  chatId: string;
}

/**
 * The Telegram Bot API (docs/ARCHITECTURE.md#operator-notifications): `POST {apiUrl}/bot{token}/sendMessage`
 * with `chat_id` and `text`, within `timeoutMs`. A non-2xx answer or `{ ok: false }` is a failure; its
 * message is our own words, Telegram's `description` cleaned of anything secret-looking, never the URL.
 */
export class BotApiTelegram implements TelegramSender {
  readonly transport = 'bot';

  constructor(
    private readonly config: TelegramBotConfig,
    private readonly timeoutMs: number,
  ) {}

  async send(text: string): Promise<void> {
    const { apiUrl, botToken, chatId } = this.config;
    let response: Response;
    try {
      response = await fetch(`${apiUrl}/bot${botToken}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new TelegramError(
        timedOut
          ? `텔레그램이 ${Math.max(1, Math.round(this.timeoutMs / 1000))}초 안에 답하지 않았습니다`
          : '텔레그램에 연결하지 못했습니다',
      );
    }
    const body = (await response.json().catch(() => null)) as { ok?: unknown; description?: unknown } | null;
    if (response.ok && body?.ok === true) return;
    const description = typeof body?.description === 'string' ? body.description.slice(0, 200) : '';
    const reason = this.masked(withoutSecrets(description));
    throw new TelegramError(
      `텔레그램이 거절했습니다 (HTTP ${response.status}${reason ? `: ${reason}` : ''})`,
    );
  }

  /** The token, should an answer ever quote it. */
  private masked(text: string): string {
    return text.split(this.config.botToken).join('***');
  }
}

/** Development: Telegram messages become files in DATA_DIR/outbox (channel 'telegram'). */
export class OutboxTelegram implements TelegramSender {
  readonly transport = 'outbox';

  constructor(private readonly outbox: Outbox) {}

  async send(text: string): Promise<void> {
    const subject = text.split('\n', 1)[0] ?? '';
    await this.outbox.record({ channel: 'telegram', to: 'telegram', subject, text, html: '' });
  }
}
