import { z } from 'zod';
import {
  getProviderJson,
  isBearerToken,
  SocialProviderError,
  usableEmail,
  type SocialProfile,
} from './provider-http';

const tokenAnswer = z.object({ access_token: z.string().min(1) });
const profileAnswer = z.object({
  resultcode: z.literal('00'),
  response: z.object({ id: z.string().min(1).max(200), email: z.string().optional() }),
});

export interface NaverClientOptions {
  /** `https://nid.naver.com` (NAVER_AUTH_URL): the authorize page and the token endpoint. */
  authUrl: string;
  /** `https://openapi.naver.com` (NAVER_API_URL): the member profile. */
  apiUrl: string;
  clientSecret: string;
  timeoutMs: number;
}

/**
 * Naver Login (네이버 로그인), authorization-code flow: the popup brings back a code, which the server
 * exchanges with its client secret for an access token, then reads the member's profile with it.
 */
export class NaverClient {
  constructor(private readonly options: NaverClientOptions) {}

  /** The page the member's popup opens (`/oauth2.0/authorize`). */
  authorizeUrl(input: { clientId: string; redirectUri: string; state: string }): string {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
    });
    return `${this.options.authUrl}/oauth2.0/authorize?${params.toString()}`;
  }

  /** The code → an access token. Naver answers a refusal with HTTP 200 and `{ error, error_description }`. */
  async exchangeCode(input: { clientId: string; code: string; state: string }): Promise<string> {
    const params = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: input.clientId,
      client_secret: this.options.clientSecret,
      code: input.code,
      state: input.state,
    });
    const { status, body } = await getProviderJson(
      'naver',
      `${this.options.authUrl}/oauth2.0/token?${params}`,
      {
        timeoutMs: this.options.timeoutMs,
      },
    );
    const token = tokenAnswer.safeParse(body);
    if (status === 200 && token.success) {
      if (!isBearerToken(token.data.access_token)) {
        throw new SocialProviderError('naver', 'unreachable', 'token of an unexpected form');
      }
      return token.data.access_token;
    }
    throw new SocialProviderError('naver', 'refused', `token HTTP ${status}`);
  }

  /** `/v1/nid/me`: `resultcode` '00' and the member's id; anything else means the token is no good. */
  async profile(accessToken: string): Promise<SocialProfile> {
    if (!isBearerToken(accessToken)) throw new SocialProviderError('naver', 'refused', 'malformed token');
    const { status, body } = await getProviderJson('naver', `${this.options.apiUrl}/v1/nid/me`, {
      timeoutMs: this.options.timeoutMs,
      bearer: accessToken,
    });
    const profile = profileAnswer.safeParse(body);
    if (status === 200 && profile.success) {
      return { providerUserId: profile.data.response.id, email: usableEmail(profile.data.response.email) };
    }
    if (status === 200)
      throw new SocialProviderError('naver', 'unreachable', 'profile of an unexpected form');
    throw new SocialProviderError('naver', 'refused', `profile HTTP ${status}`);
  }
}
