import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  validateSocialRegister,
  normalizePhoneNumber,
  siteLink,
  type SiteSettings,
} from '@smm/domain';
import type { KakaoLoginRequest, NaverLoginRequest, SocialRegisterRequest } from '@smm/domain/contract';
import { accountRepository } from '../../accounts/account.repository';
import type { ContentService } from '../../content/content.service';
import { isUniqueViolation, type Db, type Tx } from '../../db/database';
import { appError, rateLimited } from '../../errors/app-error';
import type { SettingsService } from '../../settings/settings.service';
import { clientAddressKey } from '../../shared/client-address';
import type { Clock } from '../../shared/clock';
import { rateLimitRepository, secondsUntil } from '../../shared/rate-limit.repository';
import type { LoginLimits } from '../login-throttle';
import { hashPassword } from '../password-hasher';
import { assertKnownRegisterWhere, referrerOf, signUpOrigin } from '../sign-up-checks';
import type { TokenService } from '../token-service';
import { KakaoClient } from './kakao-client';
import { NaverClient } from './naver-client';
import { SocialProviderError, type SocialProfile, type SocialProvider } from './provider-http';
import { socialIdentityRepository } from './social-identity.repository';

/** The phone-code checks of sign-up (auth/verification-codes.ts VerificationCodes). */
export interface PhoneCodeVerifier {
  /** Whether a code sent to that number can still be used (docs/product.md#account-rules). */
  hasLiveCode(ex: Db, channel: 'phone', address: string): Promise<boolean>;
  /** Uses the code in `tx`; throws CODE_INVALID when it is wrong, expired or used. */
  verifyAndConsume(tx: Tx, input: { channel: 'phone'; address: string; code: string }): Promise<void>;
}

/** What the service needs from the configuration (config.social, publicUrl, limits). */
export interface SocialAuthConfig {
  social: {
    naverClientSecret?: string;
    naverAuthUrl: string;
    naverApiUrl: string;
    kakaoApiUrl: string;
    kakaoAppId?: number;
  };
  publicUrl: string;
  /** How long one call to Naver or Kakao may take (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Social logins per client address share the login window and per-address ceiling. */
  loginLimits: Pick<LoginLimits, 'maxAttemptsPerAddress' | 'windowSeconds'>;
}

export interface SocialAuthDeps {
  db: Db;
  settings: SettingsService;
  content: ContentService;
  tokens: TokenService;
  clock: Clock;
  phoneCodes: PhoneCodeVerifier;
  log: { warn: (details: object, message: string) => void };
}

export type SocialLoginOutcome =
  | { registered: true; accessToken: string }
  /**
   * Not a member yet: the provider's token goes back for /register/naver|kakao
   * (docs/product.md#error-answers).
   */
  | { registered: false; providerAccessToken: string };

const FAILED_MESSAGE = {
  naver: ACCOUNT_MESSAGES.NAVER_LOGIN_FAILED,
  kakao: ACCOUNT_MESSAGES.KAKAO_LOGIN_FAILED,
} as const;

/** Generated ids: `naver_` / `kakao_` and 8 characters of [a-z0-9] (on the id allow-list). */
const GENERATED_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
function generatedLoginId(provider: SocialProvider): string {
  let suffix = '';
  for (const byte of randomBytes(16)) {
    // 252 = 7 × 36: bytes above it are skipped so every character is equally likely.
    if (byte < 252) suffix += GENERATED_ID_ALPHABET[byte % 36];
    if (suffix.length === 8) break;
  }
  return `${provider}_${suffix.padEnd(8, '0')}`;
}

/** A login id a racing sign-up took between our check and our insert: draw another. */
class LoginIdClash extends Error {}
const SIGN_UP_TRIES = 3;

/**
 * Naver and Kakao login (docs/product.md#login-and-sign-up,
 * docs/ARCHITECTURE.md#account-settings-and-social-login). A provider account is a member when a
 * social_identities row links it; its login gets our own JWT, as /auth/login does. An unlinked one gets a 404
 * carrying the provider's access token, which the social sign-up form sends back: the server verifies it
 * against the provider again (nothing from the browser is trusted) and creates the member and the link in one
 * transaction.
 *
 * Naver is on when ENABLE_SNS_NAVER is on, SNS_NAVER_CLIENT_ID is set and NAVER_CLIENT_SECRET is
 * configured; Kakao when ENABLE_SNS_KAKAO is on and KAKAO_APP_ID is configured. Otherwise every
 * route of that provider is a 404.
 */
export class SocialAuthService {
  private readonly naver: NaverClient | null;
  private readonly kakao: KakaoClient | null;

  constructor(
    private readonly deps: SocialAuthDeps,
    private readonly config: SocialAuthConfig,
  ) {
    const { social, timeoutMs } = config;
    this.naver = social.naverClientSecret
      ? new NaverClient({
          authUrl: social.naverAuthUrl,
          apiUrl: social.naverApiUrl,
          clientSecret: social.naverClientSecret,
          timeoutMs,
        })
      : null;
    this.kakao =
      social.kakaoAppId === undefined
        ? null
        : new KakaoClient({ apiUrl: social.kakaoApiUrl, appId: social.kakaoAppId, timeoutMs });
  }

  /** GET /auth/naver/authorize: where the popup goes (the provider's URL stays configuration). */
  async naverAuthorizeUrl(state: string): Promise<string> {
    const { client, clientId, site } = await this.naverSetup();
    const redirectUri =
      site.get('SNS_NAVER_REDIRECT_URL').trim() || siteLink(this.config.publicUrl, '/auth/naver');
    return client.authorizeUrl({ clientId, redirectUri, state });
  }

  /** POST /auth/login/naver: code → Naver access token → profile → member. */
  async loginWithNaver(body: NaverLoginRequest, address: string): Promise<SocialLoginOutcome> {
    const { client, clientId, site } = await this.naverSetup();
    await this.admitLogin(address);
    if (body.code === '') throw this.failed('naver');
    // A client may send the code alone; then the site's fixed SNS_NAVER_STATE is the state.
    const state = body.state || site.get('SNS_NAVER_STATE');
    const providerAccessToken = await this.askProvider('naver', () =>
      client.exchangeCode({ clientId, code: body.code, state }),
    );
    const profile = await this.askProvider('naver', () => client.profile(providerAccessToken));
    return this.signIn('naver', profile, providerAccessToken);
  }

  /** POST /auth/login/kakao: the SDK's access token → profile (our app's token only) → member. */
  async loginWithKakao(body: KakaoLoginRequest, address: string): Promise<SocialLoginOutcome> {
    const client = await this.kakaoSetup();
    await this.admitLogin(address);
    if (body.accessToken === '') throw this.failed('kakao');
    const profile = await this.askProvider('kakao', () => client.profile(body.accessToken));
    return this.signIn('kakao', profile, body.accessToken);
  }

  /**
   * POST /auth/register/naver|kakao: docs/product.md#account-rules in its order (sign-up route; with
   * ENABLE_PHONE_NUMBER a 5-character code), then the referral code, then the provider's word on the
   * token, then one transaction: the phone code consumed, the member created under a generated id with
   * a random password nobody knows (they sign in through the provider; find password can set one), the
   * provider account linked. The provider's e-mail is kept when it gave one no other member holds.
   */
  async register(provider: SocialProvider, body: SocialRegisterRequest, address: string): Promise<void> {
    const client = provider === 'naver' ? (await this.naverSetup()).client : await this.kakaoSetup();
    const site = await this.deps.settings.current();
    const { db } = this.deps;

    const phoneEnabled = site.flag('ENABLE_PHONE_NUMBER');
    const phone = normalizePhoneNumber(body.phoneNumber);
    // The form's own rule (docs/product.md#account-rules); "sent" means a live code exists for the number.
    const message = validateSocialRegister(body, {
      phoneEnabled,
      phoneCodeSent:
        phoneEnabled && phone !== '' && (await this.deps.phoneCodes.hasLiveCode(db, 'phone', phone)),
    });
    if (message) throw appError('REGISTER_INVALID', message);
    await assertKnownRegisterWhere(this.deps.content, body.registerWhere);
    const referredBy = await referrerOf(db, site, body.referral);
    if (body.accessToken === '') throw this.failed(provider);

    const profile = await this.askProvider(provider, () => client.profile(body.accessToken));
    if (await socialIdentityRepository.isLinked(db, provider, profile.providerUserId)) {
      throw appError('SOCIAL_ALREADY_REGISTERED');
    }
    const email =
      profile.email !== null && !(await accountRepository.activeEmailExists(db, profile.email))
        ? profile.email
        : '';
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));

    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction(async (tx) => {
          if (phoneEnabled) {
            await this.deps.phoneCodes.verifyAndConsume(tx, {
              channel: 'phone',
              address: phone,
              code: body.sendCode,
            });
            if (await accountRepository.activePhoneExists(tx, phone)) throw appError('PHONE_TAKEN');
          }
          const loginId = generatedLoginId(provider);
          if (await accountRepository.loginIdExists(tx, loginId)) throw new LoginIdClash();
          const member = await accountRepository.insertMember(tx, {
            loginId,
            passwordHash,
            email,
            phoneNumber: phoneEnabled ? phone : null,
            registerWhere: body.registerWhere,
            referredBy,
            ...signUpOrigin(address, body.device),
          });
          await socialIdentityRepository.link(tx, {
            provider,
            providerUserId: profile.providerUserId,
            accountId: member.id,
          });
        });
        return;
      } catch (error) {
        const clash = error instanceof LoginIdClash || isUniqueViolation(error);
        if (!clash) throw error;
        // The same provider account signing up twice at once: the unique link decides.
        if (await socialIdentityRepository.isLinked(db, provider, profile.providerUserId)) {
          throw appError('SOCIAL_ALREADY_REGISTERED');
        }
        if (attempt >= SIGN_UP_TRIES) throw error;
      }
    }
  }

  private async signIn(
    provider: SocialProvider,
    profile: SocialProfile,
    providerAccessToken: string,
  ): Promise<SocialLoginOutcome> {
    const account = await socialIdentityRepository.findLinkedAccount(
      this.deps.db,
      provider,
      profile.providerUserId,
    );
    if (!account) return { registered: false, providerAccessToken };
    // The provider vouched for the member, as a right password does: now the suspension may be told.
    if (account.suspendedAt) throw appError('ACCOUNT_SUSPENDED');
    const accessToken = await this.deps.tokens.issue({ accountId: account.id, role: account.role });
    return { registered: true, accessToken };
  }

  private async naverSetup(): Promise<{ client: NaverClient; clientId: string; site: SiteSettings }> {
    const site = await this.deps.settings.current();
    const clientId = site.get('SNS_NAVER_CLIENT_ID').trim();
    if (!this.naver || !site.flag('ENABLE_SNS_NAVER') || clientId === '') throw appError('NOT_FOUND');
    return { client: this.naver, clientId, site };
  }

  private async kakaoSetup(): Promise<KakaoClient> {
    const site = await this.deps.settings.current();
    if (!this.kakao || !site.flag('ENABLE_SNS_KAKAO')) throw appError('NOT_FOUND');
    return this.kakao;
  }

  /**
   * Each social login costs a call or two to the provider: one client address gets as many per window
   * as it gets password logins (LOGIN_MAX_ATTEMPTS_PER_ADDRESS per LOGIN_WINDOW_MINUTES).
   */
  private async admitLogin(address: string): Promise<void> {
    const now = this.deps.clock.now();
    const { maxAttemptsPerAddress, windowSeconds } = this.config.loginLimits;
    const state = await rateLimitRepository.hit(
      this.deps.db,
      `social-login:ip:${clientAddressKey(address)}`,
      now,
      windowSeconds,
    );
    if (state.hits > maxAttemptsPerAddress) {
      throw rateLimited('TOO_MANY_LOGIN_ATTEMPTS', secondsUntil(state.resetAt, now));
    }
  }

  /** A provider's refusal or silence becomes its Korean failure message (docs/product.md#error-answers). */
  private async askProvider<T>(provider: SocialProvider, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof SocialProviderError)) throw error;
      this.deps.log.warn({ provider, reason: error.reason, detail: error.message }, 'social login failed');
      throw this.failed(provider);
    }
  }

  private failed(provider: SocialProvider) {
    return appError('SOCIAL_LOGIN_FAILED', FAILED_MESSAGE[provider]);
  }
}
