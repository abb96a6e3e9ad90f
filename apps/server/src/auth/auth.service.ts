import {
  ACCOUNT_SUSPENDED_MESSAGE,
  LOGIN_MESSAGES,
  normalizeEmail,
  normalizePhoneNumber,
  validateLogin,
  validateRegister,
} from '@smm/domain';
import { inquiriesRepository } from '../inquiries/inquiries.repository';
import type {
  ApiKeyResponse,
  LoginRequest,
  LoginResponse,
  Profile,
  RegisterRequest,
} from '@smm/domain/contract';
import {
  accountRepository,
  type AuthenticatedAccount,
  type GuardAccount,
} from '../accounts/account.repository';
import { isUniqueViolation, type Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { ContentService } from '../content/content.service';
import type { AccountChanged, AccountGuardCache } from './account-guard-cache';
import type { ApiKeyCache } from './api-key-cache';
import { generateApiKey, hashApiKey } from './api-keys';
import type { ApiKeyThrottle } from './api-key-throttle';
import type { InvalidApiKeyThrottle } from './invalid-api-key-throttle';
import { presentProfile } from './auth.presenter';
import type { LoginThrottle } from './login-throttle';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher';
import { assertKnownRegisterWhere, referrerOf, signUpOrigin } from './sign-up-checks';
import type { TokenService } from './token-service';
import type { VerificationCodes } from './verification-codes';

export type { AuthenticatedAccount, GuardAccount };

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    private readonly content: ContentService,
    private readonly codes: VerificationCodes,
    private readonly apiKeyThrottle: ApiKeyThrottle,
    private readonly invalidApiKeys: InvalidApiKeyThrottle,
    /** The member guard's account facts (docs/ARCHITECTURE.md#the-account-cache). */
    private readonly guardCache: AccountGuardCache,
    /** Which account a key names, heard of changes with the guard facts. */
    private readonly apiKeys: ApiKeyCache,
    private readonly accountChanged: AccountChanged,
  ) {}

  /**
   * Plain sign-up: the form's rules in order (docs/product.md#login-and-sign-up-rules), then the server's.
   */
  async register(body: RegisterRequest, address: string): Promise<void> {
    const site = await this.settings.current();
    const emailVerify = site.flag('ENABLE_EMAIL_VERIFY');
    const phoneEnabled = site.flag('ENABLE_PHONE_NUMBER');
    const message = validateRegister(body, {
      emailVerifyEnabled: emailVerify,
      phoneEnabled,
      // "A code was sent" means, on the server, a live code for that address
      // (docs/product.md#login-and-sign-up-rules).
      emailCodeSent: emailVerify && (await this.codes.hasLiveCode(this.db, 'email', body.email)),
      phoneCodeSent: phoneEnabled && (await this.codes.hasLiveCode(this.db, 'phone', body.phoneNumber)),
    });
    if (message) throw appError('REGISTER_INVALID', message);

    // Shared with the Naver and Kakao sign-ups (sign-up-checks.ts).
    await assertKnownRegisterWhere(this.content, body.registerWhere);
    const referredBy = await referrerOf(this.db, site, body.referral);

    if (await accountRepository.loginIdExists(this.db, body.id)) throw appError('ID_TAKEN');
    const email = normalizeEmail(body.email);
    const phoneNumber = phoneEnabled ? normalizePhoneNumber(body.phoneNumber) : null;
    const passwordHash = await hashPassword(body.password);
    try {
      // The codes are used in the same transaction as the insert: a sign-up that fails after the
      // check (a racing twin took the id) leaves them usable.
      await this.db.transaction(async (tx) => {
        if (emailVerify) {
          if (await accountRepository.activeEmailExists(tx, email)) throw appError('EMAIL_TAKEN');
          await this.codes.verifyAndConsume(tx, { channel: 'email', address: email, code: body.emailCode });
        }
        if (phoneNumber !== null) {
          if (await accountRepository.activePhoneExists(tx, phoneNumber)) throw appError('PHONE_TAKEN');
          await this.codes.verifyAndConsume(tx, {
            channel: 'phone',
            address: phoneNumber,
            code: body.sendCode,
          });
        }
        await accountRepository.insertMember(tx, {
          loginId: body.id,
          passwordHash,
          email,
          phoneNumber,
          registerWhere: body.registerWhere,
          referredBy,
          ...signUpOrigin(address, body.device),
        });
      });
    } catch (error) {
      // Two sign-ups racing for one id: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw appError('ID_TAKEN');
      throw error;
    }
  }

  async login(body: LoginRequest, address: string): Promise<LoginResponse> {
    const message = validateLogin(body);
    if (message) throw appError('LOGIN_INVALID', message);

    await this.throttle.admit(body.id, address);
    const account = await accountRepository.findActiveByLoginId(this.db, body.id);
    if (!account) {
      await burnPasswordCheck(body.password);
      await this.throttle.recordFailure(body.id, address);
      throw appError('LOGIN_FAILED', LOGIN_MESSAGES.WRONG_CREDENTIALS);
    }
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      await this.throttle.recordFailure(body.id, address);
      throw appError('LOGIN_FAILED', LOGIN_MESSAGES.WRONG_CREDENTIALS);
    }
    await this.throttle.recordSuccess(body.id, address);
    // Told only after the password matched: without it, a suspended id answers like any wrong login.
    if (account.suspendedAt) throw appError('ACCOUNT_SUSPENDED');
    return { accessToken: await this.tokens.issue({ accountId: account.id, role: account.role }) };
  }

  /**
   * The member guard: a valid token of an account that still exists (a deleted one is no token). A
   * suspended member's token is refused on its next request with a 401 (TOKEN_SUSPENDED), so the web
   * app drops it as it drops any dead token, and shows the suspension message instead of "expired".
   */
  async authenticateToken(token: string): Promise<GuardAccount> {
    const claims = await this.tokens.verify(token);
    const account = await this.guardCache.get(claims.accountId);
    if (!account) throw appError('TOKEN_INVALID');
    if (account.suspendedAt) throw appError('TOKEN_SUSPENDED');
    // Issued before the password last changed: that session has ended (whole seconds, as `iat` is).
    if (
      account.sessionsValidAfter &&
      claims.issuedAt < Math.floor(account.sessionsValidAfter.getTime() / 1000)
    ) {
      throw appError('TOKEN_INVALID');
    }
    return account;
  }

  /**
   * The public API guard: the account whose key this is, from the key's hash, as its guard facts (the
   * balance, which only `balance` needs, is read by that call). The account a hash names is kept in
   * memory, so a reseller's call costs no lookup of its caller. A key that matches no account counts
   * against `clientAddress` (InvalidApiKeyThrottle): past the limit the address gets 429 for any key.
   */
  async authenticateApiKey(key: string, clientAddress: string): Promise<GuardAccount> {
    this.invalidApiKeys.admit(clientAddress);
    // Keys are short printable ASCII; anything else cannot be one and is not worth a query.
    const hash = key.length > 200 ? undefined : hashApiKey(key);
    let accountId = hash === undefined ? undefined : this.apiKeys.accountOf(hash);
    if (hash !== undefined && accountId === undefined) {
      const mark = this.apiKeys.mark();
      accountId = (await accountRepository.findAuthenticatedByApiKeyHash(this.db, hash))?.id;
      if (accountId !== undefined) this.apiKeys.remember(hash, accountId, mark);
    }
    const account = accountId === undefined ? undefined : await this.guardCache.get(accountId);
    if (!account) {
      await this.invalidApiKeys.recordInvalid(clientAddress);
      throw appError('API_KEY_INVALID');
    }
    // A suspended member's key: REST answers 401 API_KEY_INVALID with the suspension message (the
    // caller holds the key, so nothing is revealed); SMM API v2 words it "Invalid API key" as for any
    // refused key. The key itself is kept and works again after a restore.
    if (account.suspendedAt) throw appError('API_KEY_INVALID', ACCOUNT_SUSPENDED_MESSAGE);
    return account;
  }

  /**
   * POST /auth/api-key: a new random key replaces the old one at once. The key is answered here and
   * nowhere else; only its SHA-256 is kept.
   */
  async issueApiKey(account: GuardAccount): Promise<ApiKeyResponse> {
    await this.apiKeyThrottle.admit(account.id);
    const { key, prefix, suffix, hash } = generateApiKey();
    if (!(await accountRepository.replaceApiKey(this.db, account.id, { hash, prefix, suffix }))) {
      throw appError('TOKEN_INVALID');
    }
    // The old key stops working in every process: they drop what they knew of this account's keys.
    await this.accountChanged(account.id);
    return { apiKey: key };
  }

  /** The balance and the key's parts are not guard facts: read now, not from the guard's cache. */
  async profile(account: GuardAccount): Promise<Profile> {
    const current = await accountRepository.findAuthenticatedById(this.db, account.id);
    if (!current) throw appError('TOKEN_INVALID');
    // The 1:1 문의 badge rides on the profile the top bar already reads (docs/product.md#inquiries).
    return presentProfile(current, await inquiriesRepository.unreadCount(this.db, account.id));
  }
}
