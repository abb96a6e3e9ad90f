import {
  LOGIN_MESSAGES,
  REGISTER_MESSAGES,
  validateLogin,
  validateRegister,
  type Profile,
} from '@smm/domain';
import { accountRepository } from '../accounts/account.repository';
import { isUniqueViolation, type Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import { registerWhereRepository } from '../content/register-where.repository';
import type { LoginBody, RegisterBody } from './auth.schema';
import type { LoginThrottle } from './login-throttle';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher';
import type { TokenService } from './token-service';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Plain sign-up: SPEC.md §5's rules in order (shared with the form), then the server-only checks. */
  async register(body: RegisterBody): Promise<void> {
    const site = await this.settings.current();
    const message = validateRegister(body, {
      emailVerifyEnabled: site.flag('ENABLE_EMAIL_VERIFY'),
      phoneEnabled: site.flag('ENABLE_PHONE_NUMBER'),
      // Code sending arrives with the verification issue; until then no code has ever been sent.
      emailCodeSent: false,
      phoneCodeSent: false,
    });
    if (message) throw appError('REGISTER_INVALID', message);

    const routes = await registerWhereRepository.listTexts(this.db);
    if (!routes.includes(body.registerWhere)) {
      throw appError('REGISTER_INVALID', REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED);
    }

    let referredBy: number | null = null;
    if (site.flag('ENABLE_REFERRAL') && body.referral.trim()) {
      const referrer = await accountRepository.findActiveByReferralCode(this.db, body.referral.trim());
      if (!referrer) throw appError('REGISTER_INVALID', '존재하지 않는 추천인 코드입니다.');
      referredBy = referrer.id;
    }

    if (await accountRepository.loginIdExists(this.db, body.id)) throw appError('ID_TAKEN');
    const passwordHash = await hashPassword(body.password);
    try {
      await accountRepository.insertMember(this.db, {
        loginId: body.id,
        passwordHash,
        email: body.email.trim(),
        phoneNumber: site.flag('ENABLE_PHONE_NUMBER') ? body.phoneNumber : null,
        registerWhere: body.registerWhere,
        referredBy,
      });
    } catch (error) {
      // Two sign-ups racing for one id: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw appError('ID_TAKEN');
      throw error;
    }
  }

  async login(body: LoginBody, address: string): Promise<{ accessToken: string }> {
    const message = validateLogin(body);
    if (message) throw appError('LOGIN_INVALID', message);

    await this.throttle.admit(body.id, address);
    const account = await accountRepository.findActiveByLoginId(this.db, body.id);
    if (!account) {
      await burnPasswordCheck(body.password);
      await this.throttle.recordFailure(body.id);
      throw appError('LOGIN_FAILED', LOGIN_MESSAGES.WRONG_CREDENTIALS);
    }
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      await this.throttle.recordFailure(body.id);
      throw appError('LOGIN_FAILED', LOGIN_MESSAGES.WRONG_CREDENTIALS);
    }
    await this.throttle.recordSuccess(body.id);
    return { accessToken: await this.tokens.issue({ accountId: account.id, role: account.role }) };
  }

  async profile(accountId: number): Promise<Profile> {
    const account = await accountRepository.findActiveById(this.db, accountId);
    // A token that outlives its account (deleted since) is as good as no token.
    if (!account) throw appError('TOKEN_INVALID');
    return {
      id: account.loginId,
      point: account.point,
      // The key itself is stored hashed and shown once when issued; the profile only says one exists.
      apiKey: account.apiKeyHash ? '발급됨' : null,
      ...(account.referralCode ? { referralCode: account.referralCode } : {}),
    };
  }
}
