import { REGISTER_MESSAGES, type SiteSettings } from '@smm/domain';
import { accountRepository } from '../accounts/account.repository';
import type { ContentService } from '../content/content.service';
import type { Executor } from '../db/database';
import { appError } from '../errors/app-error';
import { normalizeReferralCode } from './referral-codes';

/** Checks every sign-up path shares (plain, Naver, Kakao), so the three answer alike. */

export const REFERRAL_UNKNOWN_MESSAGE = '존재하지 않는 추천인 코드입니다.';

/**
 * Where and on what a member signs up: the request's address and the web app's device token (16–64 of
 * A–Z a–z 0–9 _ -, else none). Kept so a referral whose two accounts share one is held for an operator
 * (docs/product.md#referral-rewards-and-charge-bonuses).
 */
export function signUpOrigin(address: string, device: string) {
  return {
    signupAddress: address.trim() === '' ? null : address.slice(0, 64),
    signupDevice: /^[A-Za-z0-9_-]{16,64}$/.test(device) ? device : null,
  };
}

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
