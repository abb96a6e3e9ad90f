import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Points for a seeded member, the way an operator gives them: the operator API's manual adjustment,
 * through the ledger. The e2e server starts with ADMIN_ID=operator (playwright.config.ts).
 */
export async function creditMember(
  request: APIRequestContext,
  loginId: string,
  amount: number,
): Promise<number> {
  const login = await request.post('/auth/login', { data: { id: 'operator', password: 'operator-pass-1' } });
  expect(login.ok(), 'operator login').toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await request.post(`/admin/api/members/${encodeURIComponent(loginId)}/point-adjustments`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { delta: amount, memo: 'e2e 테스트 충전' },
  });
  expect(response.ok(), `credit ${loginId}`).toBe(true);
  return ((await response.json()) as { balance: number }).balance;
}
