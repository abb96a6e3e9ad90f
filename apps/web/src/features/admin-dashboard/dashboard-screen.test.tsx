import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCH_KINDS } from '@smm/domain';
import type { AdminDashboardResponse, AdminWatchResponse } from '@smm/domain/contract';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { DASHBOARD_REFRESH_MS } from './api/get-dashboard';
import { DashboardScreen } from './dashboard-screen';
import { compactWon, formatProviderBalance, longChartDate } from './dashboard-format';
import { adminApi, pathOf } from '@smm/domain/endpoints';

const days = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 10, 3 + i)).toISOString().slice(0, 10);
  return {
    date,
    sales: i === 29 ? 10_000 : 0,
    spend: i === 29 ? 11_000 : 0,
    orders: i === 29 ? 3 : 0,
    signups: 0,
  };
});

const DASHBOARD: AdminDashboardResponse = {
  generatedAt: '2026-12-02T03:00:00.000Z',
  today: '2026-12-02',
  sales: {
    today: { count: 1, point: 10_000, payable: 10_000 },
    month: { count: 2, point: 30_000, payable: 32_000 },
  },
  spend: { today: { count: 3, won: 11_000 }, month: { count: 4, won: 15_000 } },
  orders: {
    byStatus: [
      { status: 0, count: 4 },
      { status: 1, count: 1 },
      { status: 2, count: 20 },
      { status: 3, count: 1 },
      { status: 4, count: 0 },
      { status: 5, count: 2 },
    ],
    today: 3,
    autoOrdersActive: 2,
  },
  pendingCharges: { count: 2, point: 8_000, payable: 8_700 },
  deposits: { count: 4, byStatus: { UNMATCHED: 2, LATE: 1, UNPARSED: 1, DUPLICATE: 3 } },
  providers: [
    { id: 1, name: '시뮬레이션 공급사', balance: '1000000.00', currency: 'KRW', error: null },
    { id: 2, name: '해외 공급사', balance: '12.5', currency: 'USD', error: null },
    { id: 3, name: '고장난 공급사', balance: null, currency: null, error: 'balance: connection failed' },
  ],
  recentProviderErrors: [
    {
      orderId: 77,
      memberLoginId: 'buyer1',
      serviceText: '인스타그램 좋아요',
      error: 'add: no answer within 2000 ms',
      updatedAt: '2026-12-02T02:30:00.000Z',
    },
  ],
  members: { today: 1, month: 3, total: 6 },
  refills: { open: 5, pending: 2, inProgress: 3 },
  cancelRequested: { count: 4 },
  series: days,
};

const EMPTY_WATCH: AdminWatchResponse = {
  generatedAt: '2026-12-02T03:00:00.000Z',
  total: 0,
  groups: WATCH_KINDS.map((kind) => ({ kind, count: 0, items: [] })),
};

afterEach(() => {
  vi.useRealTimers();
});

describe('DashboardScreen', () => {
  it('shows the figures, the links to what waits, order statuses, provider balances and errors', async () => {
    mockApi({ [on(adminApi.dashboard)]: DASHBOARD, [on(adminApi.watch)]: EMPTY_WATCH });
    renderWithProviders(<DashboardScreen />, { route: '/admin' });

    const today = await screen.findByText('오늘 매출');
    expect(today.closest('.dash-card')).toHaveTextContent('₩10,000');
    expect(today.closest('.dash-card')).toHaveTextContent('충전 1건 · ₩10,000 적립');
    expect(screen.getByText('이번 달 매출').closest('.dash-card')).toHaveTextContent('₩32,000');
    // Points are won on this site: no card writes money as '…P'.
    expect(document.body).not.toHaveTextContent(/\d+P\b/);
    expect(screen.getByText('오늘 주문 금액').closest('.dash-card')).toHaveTextContent('₩11,000');
    expect(screen.getByText('이번 달 주문 금액').closest('.dash-card')).toHaveTextContent('₩15,000');
    expect(screen.getByText('신규 회원').closest('.dash-card')).toHaveTextContent(
      '1명이번 달 3명 · 전체 6명',
    );

    const pending = screen.getByRole('link', { name: /충전 대기/ });
    expect(pending).toHaveAttribute('href', '/admin/charges');
    expect(pending).toHaveTextContent('2건');
    expect(pending).toHaveTextContent('₩8,700');
    const deposits = screen.getByRole('link', { name: /미확인 입금·문자/ });
    expect(deposits).toHaveAttribute('href', '/admin/deposits');
    expect(deposits).toHaveTextContent('4건');
    // Second reports of transfers already reported are shown beside them, not counted in the 4.
    expect(deposits).toHaveTextContent('미확인 2 · 기한 후 입금 1 · 해석 불가 1 · 중복 의심 3');

    // Open refills lead to the refills waiting to be sent; 취소 요청됨 to the orders list so filtered.
    const refills = screen.getByRole('link', { name: /진행 중인 리필/ });
    expect(refills).toHaveAttribute('href', '/admin/orders?tab=refills&status=0');
    expect(refills).toHaveTextContent('5건');
    expect(refills).toHaveTextContent('대기 2 · 진행중 3');
    const cancelAsked = screen.getByRole('link', { name: /취소 요청됨 주문/ });
    expect(cancelAsked).toHaveAttribute('href', '/admin/orders?cancel=1');
    expect(cancelAsked).toHaveTextContent('4건');

    const statuses = screen.getByRole('list', { name: '상태별 주문 수' });
    const completed = within(statuses).getByRole('link', { name: /주문완료/ });
    expect(completed).toHaveTextContent('20');
    expect(completed).toHaveAttribute('href', '/admin/orders?status=2');
    expect(within(statuses).getAllByRole('listitem')).toHaveLength(6);
    // The same words as the console's orders screen and the member pages (one label set).
    expect(within(statuses).getByRole('link', { name: /주문실패/ })).toHaveAttribute(
      'href',
      '/admin/orders?status=3',
    );
    expect(screen.getByText('활성 자동주문').closest('.dash-card')).toHaveTextContent('2건');

    expect(screen.getByText('₩1,000,000')).toBeInTheDocument();
    expect(screen.getByText('12.5 USD')).toBeInTheDocument();
    const broken = screen.getByText('고장난 공급사').closest('li')!;
    expect(broken).toHaveTextContent('잔액을 확인하지 못했습니다');
    expect(broken).toHaveTextContent('balance: connection failed');

    const errors = screen.getByRole('table', { name: '최근 공급사 오류' });
    expect(within(errors).getByText('add: no answer within 2000 ms')).toBeInTheDocument();
    expect(within(errors).getByRole('link', { name: 'buyer1' })).toHaveAttribute(
      'href',
      '/admin/members/buyer1',
    );
    // 02:30 UTC is 11:30 in Seoul.
    expect(within(errors).getByText(/^2026-12-02 11:30/)).toBeInTheDocument();

    expect(screen.getByRole('figure', { name: '최근 30일 매출과 주문 금액' })).toHaveTextContent(
      '30일 합계 · 매출 ₩10,000 · 주문 금액 ₩11,000',
    );
    expect(screen.getByRole('figure', { name: '최근 30일 주문 수와 가입자 수' })).toHaveTextContent(
      '30일 합계 · 주문 3건 · 가입 0명',
    );
  });

  it('says so when the dashboard cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    mockApi({
      [on(adminApi.watch)]: EMPTY_WATCH,
      [on(adminApi.dashboard)]: () => {
        calls += 1;
        return calls === 1
          ? json({ message: '오류가 발생했습니다.', code: 'INTERNAL' }, 500)
          : json(DASHBOARD);
      },
    });
    renderWithProviders(<DashboardScreen />, { route: '/admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('대시보드를 불러오지 못했습니다.');
    screen.getByRole('button', { name: '다시 시도' }).click();
    expect(await screen.findByText('오늘 매출')).toBeInTheDocument();
  });

  it('refreshes itself every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ [on(adminApi.dashboard)]: DASHBOARD, [on(adminApi.watch)]: EMPTY_WATCH });
    renderWithProviders(<DashboardScreen />, { route: '/admin' });
    await screen.findByText('오늘 매출');
    const count = () => calls.filter((c) => c.path === pathOf(adminApi.dashboard)).length;
    expect(count()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS + 100);
    });
    await waitFor(() => expect(count()).toBe(2));
  });
});

describe("the dashboard's 확인 필요 card", () => {
  it('shows the total and each kind with entries, and leads to the 확인 필요 screen', async () => {
    const watch: AdminWatchResponse = {
      ...EMPTY_WATCH,
      total: 3,
      groups: EMPTY_WATCH.groups.map((group) =>
        group.kind === 'ORDER_HELD'
          ? { ...group, count: 2 }
          : group.kind === 'DEPOSIT_UNMATCHED'
            ? { ...group, count: 1 }
            : group,
      ),
    };
    mockApi({ [on(adminApi.dashboard)]: DASHBOARD, [on(adminApi.watch)]: watch });
    renderWithProviders(<DashboardScreen />, { route: '/admin' });
    const card = await screen.findByRole('link', { name: '확인 필요 3건' });
    expect(card).toHaveAttribute('href', '/admin/watch');
    expect(card).toHaveTextContent('운영자 확인 대기 주문2건');
    expect(card).toHaveTextContent('확인되지 않은 입금1건');
    expect(card).not.toHaveTextContent('공급사 점검');
  });

  it('says there is nothing to do when nothing waits', async () => {
    mockApi({ [on(adminApi.dashboard)]: DASHBOARD, [on(adminApi.watch)]: EMPTY_WATCH });
    renderWithProviders(<DashboardScreen />, { route: '/admin' });
    const card = await screen.findByRole('link', { name: '확인 필요 0건' });
    expect(card).toHaveTextContent('확인할 일이 없습니다');
  });
});

describe('dashboard formats', () => {
  it('writes won ticks the Korean way, tooltip dates with the weekday, provider balances by currency', () => {
    expect(compactWon(0)).toBe('0');
    expect(compactWon(5_000)).toBe('5,000');
    expect(compactWon(12_000)).toBe('1.2만');
    expect(compactWon(350_000)).toBe('35만');
    expect(compactWon(150_000_000)).toBe('1.5억');
    expect(longChartDate('2026-11-24')).toBe('11월 24일 (화)');
    expect(longChartDate('2026-12-06')).toBe('12월 6일 (일)');
    expect(formatProviderBalance('1000000.00', 'KRW')).toBe('₩1,000,000');
    expect(formatProviderBalance('12.3456', 'usd')).toBe('12.3456 usd');
    expect(formatProviderBalance('abc', 'USD')).toBe('abc USD');
  });
});
