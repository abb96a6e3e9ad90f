import { REGISTER_MESSAGES, type SiteSettings } from '@smm/domain';
import { accountRepository } from '../accounts/account.repository';
import type { ContentService } from '../content/content.service';
import type { Executor } from '../db/database';
import { appError } from '../errors/app-error';
import { normalizeReferralCode } from './referral-codes';

/** Checks every sign-up path shares (plain, Naver, Kakao), so the three answer alike. */

export const REFERRAL_UNKNOWN_MESSAGE = '존재하지 않는 추천인 코드입니다.';

/** The sign-up route must be one of the operator's list (GET /service/register-where). */
export async function assertKnownRegisterWhere(
  content: ContentService,
  registerWhere: string,
): Promise<void> {
  const routes = await content.registerWhereTexts();
  if (!routes.includes(registerWhere)) {
    throw appError('REGISTER_INVALID', REGISTER_MESSAGES.REGISTER_WHERE_REQUIRED);
  }
}

/**
 * The member whose referral code was typed, when ENABLE_REFERRAL is on and one was typed (optional);
 * null otherwise. A code nobody holds is a 400, so a typo is noticed at sign-up.
 */
export async function referrerOf(ex: Executor, site: SiteSettings, referral: string): Promise<number | null> {
  const code = normalizeReferralCode(referral);
  if (!site.flag('ENABLE_REFERRAL') || code === '') return null;
  const referrer = await accountRepository.findActiveByReferralCode(ex, code);
  if (!referrer) throw appError('REGISTER_INVALID', REFERRAL_UNKNOWN_MESSAGE);
  return referrer.id;
}
