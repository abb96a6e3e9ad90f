import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import type { ChargeRequestResponse, ChargeHistoryResponse, Profile } from '@smm/domain/contract';
import { json, mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PointRoute } from './point';
import { authApi, pointsApi, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(pointsApi.pending);

/** docs/product.md#point-charge-page: the transfer panel once a deposit has credited the charge. */
const requested: ChargeRequestResponse = {
  id: 7,
  message: CHARGE_MESSAGES.SUCCESS,
  point: 10_000,
  payable: 10_000,
  depositorName: '김철수',
  feeType: 2,
  bankName: '국민은행',
  accountNumber: '123456-01-234567',
  accountHolder: '예금주 (주)소셜부스트',
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-22T12:00:00.000Z',
  extraWon: 0,
};

function server() {
  let status: 0 | 1 | null = null;
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  const history = (): ChargeHistoryResponse => ({
    items:
      status === null
        ? []
        : [
            {
              id: 7,
              createdAt: requested.createdAt,
              point: 10_000,
              payable: 10_000,
              feeType: 2,
              status,
              responseAt: status === 1 ? '2026-11-22T09:05:00.000Z' : null,
            },
          ],
    page: 1,
    pageSize: 10,
    total: status === null ? 0 : 1,
  });
  const { calls } = mockApi({
    ...quiet,
    [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
    [on(siteApi.settings)]: json(settingsOf({ ENABLE_PAYMENT_FEE: 'false' })),
    [on(pointsApi.history)]: () => json(history()),
    [on(pointsApi.requestCharge)]: () => {
      status = 0;
      return json(requested);
    },
  });
  return { calls, credit: () => (status = 1) };
}

describe('/point after the deposit is credited', () => {
  it('says the charge was credited instead of asking for the transfer; a new request keeps the depositor name', async () => {
    const user = userEvent.setup();
    const { credit } = server();
    const { queryClient } = renderWithProviders(<PointRoute />, { route: '/point' });
    await user.type(await screen.findByLabelText('입금자명'), '김철수');
    await user.type(screen.getByLabelText('충전금액'), '10000');
    await user.click(screen.getByRole('button', { name: '충전 신청하기' }));
    expect(await screen.findByRole('status', { name: CHARGE_MESSAGES.SUCCESS })).toHaveTextContent(
      '입금하실 금액₩10,000',
    );

    // The deposit arrives; the page's poll of the history sees the charge credited.
    credit();
    await queryClient.invalidateQueries();
    const done = await screen.findByRole('status', { name: /충전이 완료되었습니다/ });
    expect(done).toHaveTextContent('충전된 포인트₩10,000');
    expect(done).not.toHaveTextContent('입금하실 금액');
    expect(screen.getByRole('heading', { name: '충전 완료' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '새로 충전 신청하기' }));
    expect(screen.getByLabelText('입금자명')).toHaveValue('김철수');
  });
});
