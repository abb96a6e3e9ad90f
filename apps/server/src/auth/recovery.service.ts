import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  REGISTER_MESSAGES,
  RESET_TOKEN_TTL_SECONDS,
  isEmailFormat,
  isMailboxAddress,
  maskLoginId,
  normalizeEmail,
  siteLink,
  validateResetPassword,
} from '@smm/domain';
import type { FindIdResponse, MessageBody } from '@smm/domain/contract';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { accountRepository } from '../accounts/account.repository';
import type { Db } from '../db/database';
import type { AccountChanged } from './account-guard-cache';
import { appError } from '../errors/app-error';
import { sendFailureOf, type Mailer } from '../messaging/mailer';
import { findIdMail, passwordResetMail, siteNameOf } from '../messaging/messages';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import type { MessageThrottle } from './message-throttle';
import { hashPassword } from './password-hasher';
import { passwordResetsRepository as resets } from './password-resets.repository';

export interface RecoveryLog {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface RecoveryDeps {
  db: Db;
  settings: SettingsService;
  throttle: MessageThrottle;
  mailer: Mailer;
  clock: Clock;
  /** The server's secret (JWT_SECRET): reset tokens are HS256 under it. */
  secret: string;
  /** PUBLIC_URL: the origin of the reset link. */
  publicUrl: string;
  log: RecoveryLog;
  /** A reset ends the account's sessions: the guards' cached facts go. */
  accountChanged: AccountChanged;
}

/** The reset token's own purpose claim: a login token (no such claim) is never a reset token. */
const RESET_PURPOSE = 'password-reset';
const ISSUER = 'smm-panel';
/** `sub` as we write it: an account id in plain decimal (accounts.id is a PostgreSQL integer). */
const SUBJECT = /^[1-9][0-9]{0,9}$/;
const MAX_ACCOUNT_ID = 2_147_483_647;
const JTI = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Find id and password reset by e-mail (docs/product.md#account-recovery).
 *
 * What an unknown e-mail is told: find id must show the id, so it necessarily tells whether
 * an address is registered. It answers the id masked (the full id goes by e-mail to that address) and
 * every call counts against the caller's daily allowance (MessageThrottle, shared with the code calls),
 * so nobody can sweep a list of addresses through it. Find password answers the same for known and
 * unknown addresses, and does its work (token, e-mail) after answering, so neither the answer nor its
 * timing tells them apart; its 429 depends only on the caller, never on the address.
 */
export class RecoveryService {
  private readonly key: Uint8Array;
  private readonly pending = new Set<Promise<void>>();
  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly throttle: MessageThrottle;
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly publicUrl: string;
  private readonly log: RecoveryLog;
  private readonly accountChanged: AccountChanged;

  constructor(deps: RecoveryDeps) {
    ({
      db: this.db,
      settings: this.settings,
      throttle: this.throttle,
      mailer: this.mailer,
      clock: this.clock,
      publicUrl: this.publicUrl,
      log: this.log,
      accountChanged: this.accountChanged,
    } = deps);
    this.key = new TextEncoder().encode(deps.secret);
  }

  /** POST /service/find-id */
  async findId(email: string, clientAddress: string): Promise<FindIdResponse> {
    const address = this.mailbox(email);
    await this.throttle.admitClient(clientAddress);
    const account = await accountRepository.findActiveMemberByEmail(this.db, address);
    if (!account) throw appError('FIND_ID_NOT_FOUND');
    // Counted before answering, so the answer never says "sent" for a mail the limit would swallow:
    // over it the member is told when to ask again (429, Retry-After).
    await this.throttle.requireRecipient('email', address, 'find-id');
    this.inBackground('find-id', async () => {
      await this.mailer.send(findIdMail(address, await siteNameOf(this.settings), account.loginId));
    });
    return { userId: maskLoginId(account.loginId) };
  }

  /** POST /service/find-password: the same answer whether or not the address is registered. */
  async findPassword(email: string, clientAddress: string): Promise<MessageBody> {
    const address = this.mailbox(email);
    await this.throttle.admitClient(clientAddress);
    // The address's own limit is counted whether or not it is registered, so the answer (sent, or
    // when to ask again) is the same either way and tells nobody which addresses have accounts.
    await this.throttle.requireRecipient('email', address, 'find-password');
    const account = await accountRepository.findActiveMemberByEmail(this.db, address);
    if (account) this.inBackground('find-password', () => this.mailResetLink(account.id, address));
    return { message: ACCOUNT_MESSAGES.FIND_PASSWORD_SENT };
  }

  /** POST /service/reset-password */
  async resetPassword(token: string, password: string): Promise<MessageBody> {
    const problem = validateResetPassword({ password, passwordRe: password });
    if (problem) throw appError('BAD_REQUEST', problem);
    const { accountId, jti } = await this.verifyResetToken(token);
    // A used or expired link stops here, before the costly hash.
    if (!(await resets.isLive(this.db, jti, accountId, this.clock.now()))) {
      throw appError('RESET_TOKEN_INVALID');
    }
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      if (!(await resets.markUsed(tx, jti, accountId, now))) throw appError('RESET_TOKEN_INVALID');
      if (!(await accountRepository.updatePasswordHash(tx, accountId, passwordHash, now))) {
        throw appError('RESET_TOKEN_INVALID');
      }
      await resets.retireOthers(tx, accountId, jti, now);
    });
    await this.accountChanged(accountId);
    return { message: ACCOUNT_MESSAGES.PASSWORD_RESET };
  }

  /** Resolves when the e-mails of the calls answered so far are sent (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private mailbox(email: string): string {
    const address = normalizeEmail(email);
    if (!isEmailFormat(email) || !isMailboxAddress(address)) {
      throw appError('BAD_REQUEST', REGISTER_MESSAGES.EMAIL_FORMAT);
    }
    return address;
  }

  private async mailResetLink(accountId: number, address: string): Promise<void> {
    const now = this.clock.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expSeconds = nowSeconds + RESET_TOKEN_TTL_SECONDS;
    const jti = randomBytes(18).toString('base64url');
    const token = await new SignJWT({ purpose: RESET_PURPOSE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(accountId))
      .setJti(jti)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(expSeconds)
      .sign(this.key);
    await resets.insert(this.db, { id: jti, accountId, expiresAt: new Date(expSeconds * 1000) });
    // PUBLIC_URL, never the request's Host header: a forged Host would send the token elsewhere.
    const link = siteLink(this.publicUrl, `/reset-password?token=${encodeURIComponent(token)}`);
    const siteName = await siteNameOf(this.settings);
    await this.mailer.send(passwordResetMail(address, siteName, link, RESET_TOKEN_TTL_SECONDS / 60));
  }

  private async verifyResetToken(token: string): Promise<{ accountId: number; jti: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      const sub = payload.sub ?? '';
      const jti = payload.jti ?? '';
      if (
        payload.purpose !== RESET_PURPOSE ||
        !SUBJECT.test(sub) ||
        Number(sub) > MAX_ACCOUNT_ID ||
        !JTI.test(jti)
      ) {
        throw appError('RESET_TOKEN_INVALID');
      }
      return { accountId: Number(sub), jti };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw appError('RESET_TOKEN_INVALID');
      }
      throw error;
    }
  }

  /**
   * Runs the e-mail part after the answer. A failure is logged (kind and SMTP code only: never the
   * address, the id or the link) and the member asks again.
   */
  private inBackground(what: string, work: () => Promise<void>): void {
    const run: Promise<void> = work()
      .catch((error: unknown) => this.log.error({ what, ...sendFailureOf(error) }, 'recovery e-mail failed'))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }
}
