import { z } from 'zod';
import {
  getProviderJson,
  isBearerToken,
  SocialProviderError,
  usableEmail,
  type SocialProfile,
} from './provider-http';

const kakaoUserId = z
  .number()
  .int()
  .positive()
  .refine((id) => Number.isSafeInteger(id), 'id beyond 2⁵³');
const tokenInfoAnswer = z.object({ id: kakaoUserId, app_id: z.number().int() });
const userAnswer = z.object({
  id: kakaoUserId,
  kakao_account: z
    .object({ email: z.string().optional(), is_email_verified: z.boolean().optional() })
    .optional(),
});

export interface KakaoClientOptions {
  /** `https://kapi.kakao.com` (KAKAO_API_URL). */
  apiUrl: string;
  /** Our Kakao app's id (KAKAO_APP_ID): a token must have been issued to this app. */
  appId: number;
  timeoutMs: number;
}

/**
 * Kakao Login with the access token the Kakao JavaScript SDK obtained in the member's browser. A token
 * arrives from the browser, so it could have been issued to any Kakao app (another site that collected
 * its visitors' tokens): `/v1/user/access_token_info` tells which app it belongs to, and only a token of
 * our app is accepted. `/v2/user/me` then gives the member's id and e-mail.
 */
export class KakaoClient {
  constructor(private readonly options: KakaoClientOptions) {}

  async profile(accessToken: string): Promise<SocialProfile> {
    if (!isBearerToken(accessToken)) throw new SocialProviderError('kakao', 'refused', 'malformed token');
    const call = (path: string) =>
      getProviderJson('kakao', `${this.options.apiUrl}${path}`, {
        timeoutMs: this.options.timeoutMs,
        bearer: accessToken,
      });

    const info = await call('/v1/user/access_token_info');
    const tokenInfo = this.answer(info, tokenInfoAnswer, 'token info');
    if (tokenInfo.app_id !== this.options.appId) {
      throw new SocialProviderError('kakao', 'refused', 'token of another app');
    }

    const user = this.answer(await call('/v2/user/me'), userAnswer, 'user');
    if (user.id !== tokenInfo.id) throw new SocialProviderError('kakao', 'unreachable', 'ids disagree');
    const account = user.kakao_account;
    // Kakao accounts may carry an address nobody confirmed; only a verified one is stored.
    const email = account?.is_email_verified === true ? usableEmail(account.email) : null;
    return { providerUserId: String(user.id), email };
  }

  /** 200 with the expected shape, else: 401/400 (bad, expired or revoked token) refused, other unreachable. */
  private answer<T>(answer: { status: number; body: unknown }, schema: z.ZodType<T>, what: string): T {
    const parsed = schema.safeParse(answer.body);
    if (answer.status === 200 && parsed.success) return parsed.data;
    if (answer.status === 401 || answer.status === 400) {
      throw new SocialProviderError('kakao', 'refused', `${what} HTTP ${answer.status}`);
    }
    throw new SocialProviderError('kakao', 'unreachable', `${what} HTTP ${answer.status}`);
  }
}
