import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCH_KINDS } from '@smm/domain';
import type { AdminWatchResponse, WatchGroup } from '@smm/domain/contract';
import { mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { WATCH_REFRESH_MS } from './api/get-watch';
import { WatchScreen } from './watch-screen';
import { adminApi, pathOf } from '@smm/domain/endpoints';

const empty = (): WatchGroup[] => WATCH_KINDS.map((kind) => ({ kind, count: 0, items: [] }));

const WATCH: AdminWatchResponse = {
  generatedAt: '2026-12-02T03:00:00.000Z',
  total: 5,
  groups: empty().map((group): WatchGroup => {
    if (group.kind === 'ORDER_HELD')
      return {
        ...group,
        count: 1,
        items: [
          {
            id: 21,
            label: '주문 #21',
            detail: 'buyer1 · 인스타그램 좋아요 · 접수 여부 불명',
            since: '2026-12-02T02:30:00.000Z',
            won: 12_000,
            target: {
              screen: 'orders',
              query: { member: 'buyer1', link: 'https://instagram.com/p/a', error: '1' },
            },
          },
        ],
      };
    if (group.kind === 'DEPOSIT_UNMATCHED')
      return {
        ...group,
        count: 2,
        items: [
          {
            id: 7,
            label: '입금 #7',
            detail: '홍길동 · 미확인',
            since: '2026-12-02T01:00:00.000Z',
            won: 30_000,
            target: { screen: 'deposits', query: { status: 'UNMATCHED' } },
          },
        ],
      };
    if (group.kind === 'PROVIDER_TROUBLE')
      return {
        ...group,
        count: 1,
        items: [
          {
            id: 2,
            label: '해외 공급사',
            detail: '잔액 부족 (US$5.50)',
            since: null,
            won: null,
            target: { screen: 'providers', query: {} },
          },
        ],
      };
    if (group.kind === 'REFILL_WAITING')
      return {
        ...group,
        count: 1,
        items: [
          {
            id: 3,
            label: '리필 #3',
            detail: '주문 #9 · buyer2 · 진행중',
            since: '2026-11-28T00:00:00.000Z',
            won: null,
            target: { screen: 'refills', query: { q: 'buyer2' } },
          },
        ],
      };
    return group;
  }),
};

afterEach(() => {
  vi.useRealTimers();
});

describe('WatchScreen (확인 필요)', () => {
  it('lists each kind with entries: its count, what, since when, money, the thing and its action', async () => {
    mockApi({ [on(adminApi.watch)]: WATCH });
    renderWithProviders(<WatchScreen />, { route: '/admin/watch' });

    const held = (await screen.findByRole('heading', { name: '운영자 확인 대기 주문' })).closest('section')!;
    expect(held).toHaveTextContent('1건');
    const order = within(held).getByRole('link', { name: '주문 #21' });
    expect(order).toHaveAttribute(
      'href',
      '/admin/orders?member=buyer1&link=https%3A%2F%2Finstagram.com%2Fp%2Fa&error=1',
    );
    expect(within(held).getByRole('link', { name: '공급사 패널 확인 후 재전송 또는 취소' })).toHaveAttribute(
      'href',
      order.getAttribute('href'),
    );
    // 02:30 UTC is 11:30 in Seoul.
    expect(held).toHaveTextContent('2026-12-02 11:30:00 부터');
    expect(held).toHaveTextContent('₩12,000');

    const deposits = screen.getByRole('heading', { name: '확인되지 않은 입금' }).closest('section')!;
    expect(deposits).toHaveTextContent('2건');
    expect(deposits).toHaveTextContent('가장 오래된 1건만 보여드립니다 (모두 2건).');
    expect(within(deposits).getByRole('link', { name: '입금 #7' })).toHaveAttribute(
      'href',
      '/admin/deposits?status=UNMATCHED',
    );
    const refill = screen.getByRole('link', { name: '리필 #3' });
    expect(refill).toHaveAttribute('href', '/admin/orders?tab=refills&q=buyer2');

    // a provider's trouble is a state now: no since
    const providers = screen.getByRole('heading', { name: '공급사 점검' }).closest('section')!;
    expect(within(providers).getByRole('link', { name: '해외 공급사' })).toHaveAttribute(
      'href',
      '/admin/providers',
    );
    expect(providers).toHaveTextContent('잔액 부족 (US$5.50)');
    expect(providers).not.toHaveTextContent('부터');

    // kinds with nothing to do are not shown
    expect(screen.queryByRole('heading', { name: '진행이 멈춘 주문' })).not.toBeInTheDocument();
    expect(screen.queryByText('확인할 일이 없습니다')).not.toBeInTheDocument();
  });

  it('lists inquiries waiting too long, each linking to its thread', async () => {
    const groups = empty().map((group): WatchGroup =>
      group.kind === 'INQUIRY_WAITING'
        ? {
            ...group,
            count: 1,
            items: [
              {
                id: 12,
                label: '문의 #12',
                detail: 'buyer3 · 기타 · 포인트가 안 보여요',
                since: '2026-12-01T00:00:00.000Z',
                won: null,
                target: { screen: 'inquiry', query: { id: '12' } },
              },
            ],
          }
        : group,
    );
    mockApi({ [on(adminApi.watch)]: { generatedAt: WATCH.generatedAt, total: 1, groups } });
    renderWithProviders(<WatchScreen />, { route: '/admin/watch' });

    const waiting = (await screen.findByRole('heading', { name: '답변을 기다리는 1:1 문의' })).closest(
      'section',
    )!;
    expect(waiting).toHaveTextContent('1건');
    expect(waiting).toHaveTextContent('buyer3 · 기타 · 포인트가 안 보여요');
    expect(within(waiting).getByRole('link', { name: '문의 #12' })).toHaveAttribute(
      'href',
      '/admin/inquiries/12',
    );
    expect(within(waiting).getByRole('link', { name: '문의를 열어 답변' })).toHaveAttribute(
      'href',
      '/admin/inquiries/12',
    );
  });

  it('says there is nothing to check when every kind is empty', async () => {
    mockApi({ [on(adminApi.watch)]: { generatedAt: WATCH.generatedAt, total: 0, groups: empty() } });
    renderWithProviders(<WatchScreen />, { route: '/admin/watch' });
    expect(await screen.findByText('확인할 일이 없습니다')).toBeInTheDocument();
  });

  it('refreshes itself every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ [on(adminApi.watch)]: WATCH });
    renderWithProviders(<WatchScreen />, { route: '/admin/watch' });
    await screen.findByRole('heading', { name: '운영자 확인 대기 주문' });
    const count = () => calls.filter((c) => c.path === pathOf(adminApi.watch)).length;
    expect(count()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WATCH_REFRESH_MS + 100);
    });
    await waitFor(() => expect(count()).toBe(2));
  });
});
