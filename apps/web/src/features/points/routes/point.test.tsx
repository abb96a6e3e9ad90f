import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, distinctAmountMessage, STORAGE_KEYS } from '@smm/domain';
import type { ChargeRequestResponse, PointHistoryResponse, Profile } from '@smm/domain/contract';
import { json, mockApi, settingsOf, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PointRoute } from './point';

const EMPTY: PointHistoryResponse = { items: [], page: 1, pageSize: 10, total: 0 };

function answer(extraWon: number): ChargeRequestResponse {
  return {
    id: 7,
    message: extraWon > 0 ? distinctAmountMessage(extraWon, 10_000 + extraWon) : CHARGE_MESSAGES.SUCCESS,
    point: 10_000 + extraWon,
    payable: 10_000 + extraWon,
    depositorName: '김철수',
    feeType: 2,
    bankName: '국민은행',
    accountNumber: '123456-01-234567',
    accountHolder: '예금주 (주)소셜부스트',
    createdAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2026-11-22T12:00:00.000Z',
    extraWon,
  };
}

function memberServer(charge: ChargeRequestResponse) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  return mockApi({
    'GET /auth/profile': json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
    'GET /service/settings': json(settingsOf({ ENABLE_PAYMENT_FEE: 'false' })),
    'GET /service/point-history': json(EMPTY),
    'POST /service/point': json(charge),
  });
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/service/point');

async function ask(name: string) {
  const user = userEvent.setup();
  renderWithProviders(<PointRoute />, { route: '/point' });
  await user.type(await screen.findByLabelText('입금자명'), name);
  await user.type(screen.getByLabelText('충전금액'), '10000');
  await user.click(screen.getByRole('button', { name: '충전 신청하기' }));
}

describe('/point transfer panel', () => {
  it('shows the exact, raised amount when the server added a few won to tell the charge apart', async () => {
    const { calls } = memberServer(answer(1));
    await ask('김철수');
    const panel = await screen.findByRole('status', { name: /10,001원을 정확히 입금해 주세요/ });
    expect(posts(calls)[0]?.body).toMatchObject({ name: '김철수', point: 10_000 });
    // The change itself: what was asked, what to transfer, by how much.
    expect(panel).toHaveTextContent('신청 금액 ₩10,000');
    expect(panel).toHaveTextContent('입금하실 금액 ₩10,001');
    expect(panel).toHaveTextContent('(+1원)');
    expect(panel).toHaveTextContent('1원 더함');
    // The points credited include the extra won.
    expect(panel).toHaveTextContent('충전될 포인트₩10,001');
  });

  it('shows no change when nothing was added', async () => {
    memberServer(answer(0));
    await ask('김철수');
    const panel = await screen.findByRole('status', { name: CHARGE_MESSAGES.SUCCESS });
    expect(panel).toHaveTextContent('입금하실 금액₩10,000');
    expect(panel).not.toHaveTextContent('더함');
    expect(panel).not.toHaveTextContent('신청 금액');
  });

  it('refuses a depositor name with a right-to-left override before sending anything', async () => {
    const { calls } = memberServer(answer(0));
    // '동길홍' behind U+202E displays as '홍길동'.
    await ask('\u202E동길홍');
    expect(await screen.findByText(CHARGE_MESSAGES.NAME_INVISIBLE)).toBeInTheDocument();
    await waitFor(() => expect(posts(calls)).toEqual([]));
  });
});
