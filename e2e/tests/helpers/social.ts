import { expect, type APIRequestContext } from '@playwright/test';
import { FAKE_SOCIAL_URL } from '../../playwright.config';

/**
 * The fake Naver / Kakao (playwright.config.ts starts it beside the server), driven over its control
 * endpoints: users exist there, and the Naver authorize page signs in whoever was named last.
 */

async function control(request: APIRequestContext, path: string, data: object): Promise<unknown> {
  const response = await request.post(`${FAKE_SOCIAL_URL}/_fake/${path}`, { data });
  expect(response.ok(), `fake provider ${path}`).toBe(true);
  return response.json();
}

/** A Naver account, signed in at the fake provider: the next popup comes back as this user. */
export async function signInAtNaver(request: APIRequestContext, user: { id: string; email?: string }) {
  await control(request, 'naver/users', user);
  await control(request, 'naver/sign-in', { id: user.id });
}

/** A Kakao account and an access token of the panel's app, as the Kakao SDK would obtain it. */
export async function kakaoAccessToken(
  request: APIRequestContext,
  user: { id: number; email?: string },
): Promise<string> {
  const { accessToken } = (await control(request, 'kakao/users', user)) as { accessToken: string };
  return accessToken;
}
