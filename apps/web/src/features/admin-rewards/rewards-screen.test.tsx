import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminReferralReward, AdminReferralRewardsResponse } from '@smm/domain/contract';
import { adminRewardsApi, pathOf } from '@smm/domain/endpoints';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { RewardsScreen } from './rewards-screen';

const reward = (overrides: Partial<AdminReferralReward>): AdminReferralReward => ({
  id: 1,
  orderId: 501,
  referrerLoginId: 'kimref',
  referredLoginId: 'leefriend',
  status: 'PENDING',
  earnedAt: '2026-11-20T03:00:00.000Z',
  dueAt: '2026-11-27T03:00:00.000Z',
  spent: 12_340,
  amount: null,
  estimate: 370,
  heldReason: null,
  memo: null,
  settledAt: null,
  ...overrides,
});

const LIST: AdminReferralRewardsResponse = {
  referrers: [
    {
      referrerLoginId: 'kimref',
      referredCount: 2,
      pendingCount: 1,
      pendingEstimate: 370,
      heldCount: 1,
      creditedCount: 1,
      creditedWon: 180,
      withheldCount: 0,
    },
  ],
  rewards: [
    reward({ id: 3, status: 'HELD', heldReason: 'DEVICE', estimate: 100, spent: 2_000 }),
    reward({ id: 2, status: 'CREDITED', amount: 180, estimate: 180, spent: 6_000 }),
    reward({ id: 1 }),
  ],
};

describe('console 추천인 적립', () => {
  it("lists each referrer's totals and the rewards; withholds one with a memo and releases a held one", async () => {
    const { calls } = mockApi({
      [on(adminRewardsApi.rewards)]: json(LIST),
      [on(adminRewardsApi.withhold, { id: 1 })]: json({
        reward: reward({ status: 'WITHHELD', memo: '중복 의심' }),
        changed: true,
      }),
      [on(adminRewardsApi.release, { id: 3 })]: json({
        reward: reward({ id: 3, status: 'CREDITED', amount: 100 }),
        changed: true,
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RewardsScreen />, {
      route: '/admin/referral-rewards',
      path: '/admin/referral-rewards',
    });

    const referrers = await screen.findByRole('table', { name: '추천인별 적립 목록' });
    expect(await within(referrers).findByText('1건 · 약 ₩370')).toBeInTheDocument();
    expect(within(referrers).getByText('1건 · ₩180')).toBeInTheDocument();
    const rewards = screen.getByRole('table', { name: '적립 내역' });
    expect(within(rewards).getByText('확인 대기 (같은 기기)')).toBeInTheDocument();
    expect(within(rewards).getByText('약 ₩370')).toBeInTheDocument();
    const rows = within(rewards).getAllByRole('row');
    // The credited reward has no action; the pending one can be withheld, the held one released too.
    const pendingRow = rows.find((row) => within(row).queryByText('적립 대기'))!;
    await user.click(within(pendingRow).getByRole('button', { name: '보류' }));
    await user.type(screen.getByLabelText('메모 (선택)'), '중복 의심');
    await user.click(screen.getByRole('button', { name: '보류하기' }));
    expect(await screen.findByText('적립을 보류했습니다.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === pathOf(adminRewardsApi.withhold, { id: 1 }))?.body).toEqual({
      memo: '중복 의심',
    });

    const heldRow = within(screen.getByRole('table', { name: '적립 내역' }))
      .getAllByRole('row')
      .find((row) => within(row).queryByText('확인 대기 (같은 기기)'))!;
    await user.click(within(heldRow).getByRole('button', { name: '승인' }));
    await user.type(screen.getByLabelText('메모 (선택)'), '가족 확인');
    await user.click(screen.getByRole('button', { name: '승인하기' }));
    expect(await screen.findByText('kimref님에게 ₩100을 적립했습니다.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === pathOf(adminRewardsApi.rewards)).length).toBeGreaterThan(1),
    );
  });
});
