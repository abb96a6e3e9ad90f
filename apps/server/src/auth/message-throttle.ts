import { createHmac } from 'node:crypto';
import { ACCOUNT_MESSAGES, ERROR_CATALOG, VERIFICATION_CODE_RULES } from '@smm/domain';
import type { Db } from '../db/database';
import { AppError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { clientAddressKey } from '../shared/client-address';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';

export interface CodeLimits {
  /** Messages one e-mail address or phone number may be sent per day (and one a minute). */
  perAddressPerDay: number;
  /** Requests for a message (codes, find id, find password) one client may make per day. */
  perClientPerDay: number;
}

export type MessageChannel = 'email' | 'phone';
/**
 * What a message is for. Each has its own one-a-minute cool-down, so a sign-up code does not swallow
 * the find-id mail asked for a moment later (nor find id the reset link); the daily cap is shared.
 */
export type MessagePurpose = 'code' | 'find-id' | 'find-password';

const DAY_SECONDS = 24 * 3600;

/** Why a recipient may not be sent another message yet, and for how long. */
export interface RecipientRefusal {
  reason: 'cool-down' | 'daily-cap';
  retryAfterSeconds: number;
}

/**
 * Limits on everything that sends a member a message (verification codes, find id, password-reset
 * links), counted in rate_limit_hits so every process shares them, one upsert per hit:
 *
 * - per client (address as clientAddressKey() groups it, IPv6 per /64): `perClientPerDay` requests a
 *   day over all of these calls together, counted before anything is looked up, so the calls that
 *   tell whether an address is registered (a 409 on send-code, find id) cannot be used to sweep
 *   through a list of addresses;
 * - per recipient: one message a minute and `perAddressPerDay` a day, so nobody can flood someone
 *   else's mailbox or phone through us. The e-mail address and phone number are keyed by an HMAC
 *   under the server's secret: the counters table holds no addresses.
 */
export class MessageThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: CodeLimits,
    private readonly secret: string,
  ) {}

  /** Counts one request from this client; 429 (Retry-After) once its daily allowance is used up. */
  async admitClient(address: string): Promise<void> {
    const now = this.clock.now();
    const key = `message:client:${clientAddressKey(address)}`;
    const state = await rateLimitRepository.hit(this.db, key, now, DAY_SECONDS);
    if (state.hits > this.limits.perClientPerDay) {
      throw new AppError('TOO_MANY_CODES', ERROR_CATALOG.TOO_MANY_REQUESTS.message, {
        retryAfterSeconds: secondsUntil(state.resetAt, now),
      });
    }
  }

  /**
   * Counts one message to this recipient, or says why not: the minute's cool-down first (a refused
   * resend does not use up the day's allowance), then the daily cap.
   */
  async admitRecipient(
    channel: MessageChannel,
    address: string,
    purpose: MessagePurpose = 'code',
  ): Promise<RecipientRefusal | null> {
    const now = this.clock.now();
    const recipient = this.recipientKey(channel, address);
    const minute = await rateLimitRepository.hit(
      this.db,
      purpose === 'code' ? `message:to-minute:${recipient}` : `message:to-minute:${purpose}:${recipient}`,
      now,
      VERIFICATION_CODE_RULES.resendCooldownSeconds,
    );
    if (minute.hits > 1) {
      return { reason: 'cool-down', retryAfterSeconds: secondsUntil(minute.resetAt, now) };
    }
    const day = await rateLimitRepository.hit(this.db, `message:to-day:${recipient}`, now, DAY_SECONDS);
    if (day.hits > this.limits.perAddressPerDay) {
      return { reason: 'daily-cap', retryAfterSeconds: secondsUntil(day.resetAt, now) };
    }
    return null;
  }

  /** admitRecipient as a 429 for the calls that may say so (send-code: the caller owns the address). */
  async requireRecipient(
    channel: MessageChannel,
    address: string,
    purpose: MessagePurpose = 'code',
  ): Promise<void> {
    const refusal = await this.admitRecipient(channel, address, purpose);
    if (!refusal) return;
    const { retryAfterSeconds } = refusal;
    const message =
      purpose === 'code'
        ? refusal.reason === 'cool-down'
          ? ACCOUNT_MESSAGES.CODE_TOO_SOON
          : ACCOUNT_MESSAGES.CODE_DAILY_LIMIT
        : refusal.reason === 'cool-down'
          ? ACCOUNT_MESSAGES.RECOVERY_TOO_SOON(retryAfterSeconds)
          : ACCOUNT_MESSAGES.RECOVERY_DAILY_LIMIT;
    throw new AppError('TOO_MANY_CODES', message, { retryAfterSeconds });
  }

  private recipientKey(channel: MessageChannel, address: string): string {
    return createHmac('sha256', this.secret)
      .update(`message-recipient\n${channel}\n${address}`)
      .digest('base64url')
      .slice(0, 32);
  }
}
