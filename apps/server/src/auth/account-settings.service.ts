import { validateChangePassword } from '@smm/domain';
import type { ChangePasswordRequest, ReferralCodeResponse } from '@smm/domain/contract';
import { accountRepository, type GuardAccount } from '../accounts/account.repository';
import { isUniqueViolation, type Db } from '../db/database';
import { appError, rateLimited } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { rateLimitRepository, secondsUntil } from '../shared/rate-limit.repository';
import type { AccountChanged } from './account-guard-cache';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password-hasher';
import { generateReferralCode } from './referral-codes';
import { socialIdentityRepository } from './social/social-identity.repository';
import { chargesRepository } from '../points/charges.repository';

/**
 * Change-password attempts per account and window. Every attempt that passes the form rules counts
 * (one upsert, before the password is checked, so parallel guesses cannot slip past a read-then-write
 * check); the right current password clears the count. A stolen login token thus tries at most 5
 * passwords per 15 minutes against the account's own password.
 */
export const CHANGE_PASSWORD_LIMIT = { maxAttempts: 5, windowSeconds: 15 * 60 } as const;

/** Draws before giving up on a referral code nobody holds (a clash is ~10⁻⁶ at a million members). */
const REFERRAL_CODE_DRAWS = 5;

export const OPERATOR_CANNOT_DELETE_MESSAGE = '운영자 계정은 회원탈퇴할 수 없습니다.';

/** The member's own account page (docs/product.md#account-page): password, referral code, deletion. */
export class AccountSettingsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly loginThrottle: LoginThrottle,
    /** After a write that ends sessions: the guards' cached facts go (docs/ARCHITECTURE.md#the-account-cache). */
    private readonly accountChanged: AccountChanged,
    /** Tests pass a fixed sequence to make a clash happen. */
    private readonly drawReferralCode: () => string = generateReferralCode,
  ) {}

  /**
   * POST /auth/change-password. Login tokens issued before the change keep working until they expire
   * (JWT_TTL_HOURS); the web logs out right after a change (docs/product.md#account-page). See
   * docs/ARCHITECTURE.md "Account settings and social login".
   */
  async changePassword(account: GuardAccount, body: ChangePasswordRequest): Promise<void> {
    const message = validateChangePassword({
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      // The re-entry is form-only (the call carries currentPassword and newPassword only).
      newPasswordRe: body.newPassword,
    });
    if (message) throw appError('BAD_REQUEST', message);

    const now = this.clock.now();
    const key = `change-password:account:${account.id}`;
    const attempts = await rateLimitRepository.hit(this.db, key, now, CHANGE_PASSWORD_LIMIT.windowSeconds);
    if (attempts.hits > CHANGE_PASSWORD_LIMIT.maxAttempts) {
      throw rateLimited('TOO_MANY_REQUESTS', secondsUntil(attempts.resetAt, now));
    }

    const currentHash = await accountRepository.findPasswordHash(this.db, account.id);
    if (currentHash === undefined) throw appError('TOKEN_INVALID');
    if (!(await verifyPassword(currentHash, body.currentPassword))) throw appError('CURRENT_PASSWORD_WRONG');
    await rateLimitRepository.clear(this.db, key);

    const newHash = await hashPassword(body.newPassword);
    if (!(await accountRepository.updatePasswordHash(this.db, account.id, newHash, this.clock.now()))) {
      throw appError('TOKEN_INVALID');
    }
    await this.accountChanged(account.id);
  }

  /**
   * POST /auth/referral-code: issued once, the same code on every later call. 404 while ENABLE_REFERRAL
   * is off, as for any feature the site does not offer.
   */
  async issueReferralCode(account: GuardAccount): Promise<ReferralCodeResponse> {
    if (!(await this.settings.current()).flag('ENABLE_REFERRAL')) throw appError('NOT_FOUND');
    for (let draw = 0; draw < REFERRAL_CODE_DRAWS; draw++) {
      try {
        const code = await accountRepository.issueReferralCode(this.db, account.id, this.drawReferralCode());
        if (code === undefined) throw appError('TOKEN_INVALID');
        return { referralCode: code };
      } catch (error) {
        // Another account holds that code: draw again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`no free referral code after ${REFERRAL_CODE_DRAWS} draws`);
  }

  /**
   * DELETE /auth/account. One transaction releases the member's personal data and unlinks Naver and
   * Kakao (accountRepository.releaseDeleted says what is kept); the guard reads `deleted_at` on every
   * request, so the member's tokens and API key stop at once. Operators cannot delete themselves here:
   * the console would lose its operator (ADMIN_ID manages that account).
   */
  async deleteAccount(account: GuardAccount): Promise<void> {
    if (account.role === 'admin') throw appError('FORBIDDEN', OPERATOR_CANNOT_DELETE_MESSAGE);
    await this.db.transaction(async (tx) => {
      if (!(await accountRepository.releaseDeleted(tx, account.id, this.clock.now()))) {
        throw appError('TOKEN_INVALID');
      }
      await socialIdentityRepository.deleteByAccount(tx, account.id);
      await chargesRepository.failPendingOf(tx, account.id, this.clock.now());
    });
    await this.accountChanged(account.id);
    await this.loginThrottle.forgetId(account.loginId);
  }
}
