import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_DEPOSIT_SECRET } from '../../playwright.config';

/** A transfer as the bank-notification relay reports it: the body signed with the shared secret. */
export async function postDeposit(
  request: APIRequestContext,
  deposit: { name: string; amount: number; reference: string },
): Promise<{ status: string; chargeId: number | null }> {
  const raw = JSON.stringify({ ...deposit, depositedAt: new Date().toISOString() });
  const signature = `sha256=${createHmac('sha256', E2E_DEPOSIT_SECRET).update(raw).digest('hex')}`;
  const response = await request.post('/hooks/deposit', {
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    data: raw,
  });
  expect(response.ok(), 'deposit hook').toBe(true);
  return (await response.json()) as { status: string; chargeId: number | null };
}
