import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  SEND_CODE_MESSAGES,
  VERIFICATION_CODE_RULES,
  isMailboxAddress,
  isPhoneNumberDigits,
  normalizeEmail,
  normalizePhoneNumber,
  validateEmailForCode,
  validatePhoneForCode,
} from '@smm/domain';
import type { MessageBody } from '@smm/domain/contract';
import { accountRepository } from '../accounts/account.repository';
import type { Db, Executor } from '../db/database';
import { appError } from '../errors/app-error';
import { sendFailureOf, type Mailer } from '../messaging/mailer';
import { emailCodeMail, phoneCodeSms, siteNameOf } from '../messaging/messages';
import type { SmsSender } from '../messaging/sms-sender';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import type { MessageThrottle } from './message-throttle';
import { verificationCodesRepository as codes, type CodeChannel } from './verification-codes.repository';

export interface CodeCheck {
  channel: CodeChannel;
  /** As the member typed it; normalised here (normalizeEmail / normalizePhoneNumber). */
  address: string;
  code: string;
}

/** Where a failure to send is reported (the recipient masked; never the code). */
export interface CodeLog {
  error(object: Record<string, unknown>, message: string): void;
}

export interface VerificationCodesDeps {
  db: Db;
  settings: SettingsService;
  throttle: MessageThrottle;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** The server's secret (JWT_SECRET): the key of the codes' HMAC. */
  secret: string;
  log: CodeLog;
}

/**
 * Verification codes for sign-up (/auth/send-email, /auth/send-phone-number; docs/product.md#limits). A code
 * is 5 random digits, kept only as HMAC-SHA256(server secret, channel, address, code), bound to the address
 * it went to, valid for 10 minutes, used once, and dead after 5 wrong guesses; a newer code for an address
 * replaces the older ones.
 */
export class VerificationCodes {
  /**
   * Addresses whose code is being checked in this process. A second check of the same address while
   * one runs is refused outright: a wrong guess is counted outside the caller's transaction (which the
   * failure rolls back), so without this a burst of parallel guesses could each be checked before the
   * first count is written. (Across processes on PostgreSQL each process is its own such lane.)
   */
  private readonly checking = new Set<string>();
  private readonly pendingWrites = new Set<Promise<void>>();

  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly throttle: MessageThrottle;
  private readonly mailer: Mailer;
  private readonly sms: SmsSender;
  private readonly clock: Clock;
  private readonly secret: string;
  private readonly log: CodeLog;

  constructor(deps: VerificationCodesDeps) {
    ({
      db: this.db,
      settings: this.settings,
      throttle: this.throttle,
      mailer: this.mailer,
      sms: this.sms,
      clock: this.clock,
      secret: this.secret,
      log: this.log,
    } = deps);
  }

  /** POST /auth/send-email */
  async sendEmailCode(email: string, clientAddress: string): Promise<MessageBody> {
    const address = normalizeEmail(email);
    if (validateEmailForCode(email) || !isMailboxAddress(address)) {
      throw appError('BAD_REQUEST', SEND_CODE_MESSAGES.BAD_FORM);
    }
    await this.throttle.admitClient(clientAddress);
    if (await accountRepository.activeEmailExists(this.db, address)) throw appError('EMAIL_TAKEN');
    await this.throttle.requireRecipient('email', address);
    const siteName = await siteNameOf(this.settings);
    await this.issue('email', address, (code) => this.mailer.send(emailCodeMail(address, siteName, code)));
    return { message: SEND_CODE_MESSAGES.EMAIL_SENT };
  }

  /** POST /auth/send-phone-number */
  async sendPhoneCode(phoneNumber: string, clientAddress: string): Promise<MessageBody> {
    if (validatePhoneForCode(phoneNumber) || !isPhoneNumberDigits(phoneNumber)) {
      throw appError('BAD_REQUEST', SEND_CODE_MESSAGES.BAD_FORM);
    }
    const address = normalizePhoneNumber(phoneNumber);
    await this.throttle.admitClient(clientAddress);
    if (await accountRepository.activePhoneExists(this.db, address)) throw appError('PHONE_TAKEN');
    await this.throttle.requireRecipient('phone', address);
    const siteName = await siteNameOf(this.settings);
    await this.issue('phone', address, (code) => this.sms.send(phoneCodeSms(address, siteName, code)));
    return { message: SEND_CODE_MESSAGES.PHONE_SENT };
  }

  /** Whether the address has a code it could still use (sign-up's "send the code first" rule). */
  async hasLiveCode(ex: Executor, channel: CodeChannel, address: string): Promise<boolean> {
    const row = await codes.findLatest(ex, channel, this.normalise(channel, address));
    return row !== undefined && this.isLive(row);
  }

  /**
   * Checks `code` against the latest code sent to `address` and marks it used in the caller's
   * transaction `tx` (it stays unused if that transaction rolls back). Throws CODE_INVALID when there
   * is no live code or it differs; a wrong code counts one attempt (written outside `tx`, which the
   * error rolls back).
   */
  async verifyAndConsume(tx: Executor, check: CodeCheck): Promise<void> {
    const address = this.normalise(check.channel, check.address);
    const lane = `${check.channel}\n${address}`;
    if (this.checking.has(lane)) throw appError('CODE_INVALID');
    this.checking.add(lane);
    let release = () => void this.checking.delete(lane);
    try {
      const row = await codes.findLatest(tx, check.channel, address);
      if (!row || !this.isLive(row)) throw appError('CODE_INVALID');
      if (!this.matches(row.codeHash, check.channel, address, check.code)) {
        // Not awaited: on PGlite (one connection) it runs once `tx` has ended; the lane stays closed
        // until it is written, so the next guess sees it.
        const write = codes
          .countWrongAttempt(this.db, row.id)
          .catch((error: unknown) => this.log.error({ err: error }, 'could not count a wrong code'))
          .finally(() => {
            this.checking.delete(lane);
            this.pendingWrites.delete(write);
          });
        this.pendingWrites.add(write);
        release = () => undefined;
        throw appError('CODE_INVALID');
      }
      const now = this.clock.now();
      if (!(await codes.consume(tx, row.id, now, VERIFICATION_CODE_RULES.maxAttempts))) {
        throw appError('CODE_INVALID');
      }
    } finally {
      release();
    }
  }

  /** Resolves when every wrong attempt counted so far is written (tests; shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.pendingWrites]);
  }

  private async issue(
    channel: CodeChannel,
    address: string,
    deliver: (code: string) => Promise<void>,
  ): Promise<void> {
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_RULES.length)).padStart(
      VERIFICATION_CODE_RULES.length,
      '0',
    );
    const now = this.clock.now();
    const id = await codes.insert(
      this.db,
      {
        channel,
        address,
        codeHash: this.hash(channel, address, code),
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE_RULES.ttlSeconds * 1000),
      },
      now,
    );
    try {
      await deliver(code);
    } catch (error) {
      // A code nobody received must not stay the address's latest.
      await codes.delete(this.db, id);
      this.log.error({ channel, ...sendFailureOf(error) }, 'could not send a verification code');
      throw appError('MESSAGE_NOT_SENT');
    }
  }

  private isLive(row: { consumedAt: Date | null; expiresAt: Date; attempts: number }): boolean {
    return (
      row.consumedAt === null &&
      row.expiresAt.getTime() > this.clock.now().getTime() &&
      row.attempts < VERIFICATION_CODE_RULES.maxAttempts
    );
  }

  private normalise(channel: CodeChannel, address: string): string {
    return channel === 'email' ? normalizeEmail(address) : normalizePhoneNumber(address);
  }

  private hash(channel: CodeChannel, address: string, code: string): string {
    return createHmac('sha256', this.secret)
      .update(`verification-code\n${channel}\n${address}\n${code}`)
      .digest('hex');
  }

  private matches(stored: string, channel: CodeChannel, address: string, code: string): boolean {
    const expected = Buffer.from(stored, 'hex');
    const given = Buffer.from(this.hash(channel, address, code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
