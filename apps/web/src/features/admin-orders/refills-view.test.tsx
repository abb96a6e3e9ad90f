import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRefillItem, AdminRefillsResponse } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ADMIN_LISTS_REFRESH_MS } from './api/orders-keys';
import { sampleOrder, sampleRefill } from './orders-test-data';
import { OrdersScreen } from './orders-screen';
import { adminCatalogApi, adminOrdersApi, pathOf } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(adminCatalogApi.providers, adminCatalogApi.services);

const pageOf = (items: AdminRefillItem[], total = items.length): AdminRefillsResponse => ({
  items,
  page: 1,
  pageSize: 20,
  total,
});

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const renderScreen = (route: string) =>
  renderWithProviders(
    <>
      <OrdersScreen />
      <SearchProbe />
    </>,
    { route, path: '/admin/orders' },
  );

const lastQuery = (calls: RecordedCall[], path: string) => {
  const list = calls.filter((c) => c.path === path && c.method === 'GET');
  return Object.fromEntries(new URLSearchParams(list[list.length - 1]?.search ?? ''));
};

describe('orders screen: 리필 요청 tab', () => {
  it('lists refills with the provider’s answer once they arrive, and filters by state and member', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: { items: [], page: 1, pageSize: 20, total: 0 },
      [on(adminOrdersApi.refills)]: pageOf([
        sampleRefill(),
        sampleRefill({ id: 32, status: 1, statusLabel: '진행중', reason: null, finishedAt: null }),
      ]),
    });
    renderScreen('/admin/orders');
    await user.click(screen.getByRole('tab', { name: '리필 요청' }));
    const table = await screen.findByRole('table', { name: '리필 요청 목록' });
    const rejected = within(table).getByText('Refill is not available for this order').closest('tr')!;
    expect(within(rejected).getByText('거절')).toBeInTheDocument();
    expect(within(rejected).getByText('kim_1')).toBeInTheDocument();
    expect(within(rejected).getByRole('button', { name: '리필 31 재전송' })).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: '리필 31 거절' })).not.toBeInTheDocument();
    const open = within(table).getByRole('button', { name: '리필 32 거절' }).closest('tr')!;
    expect(within(open).getByText('진행중')).toBeInTheDocument();
    // At the provider: nothing to send again.
    expect(within(open).queryByRole('button', { name: '리필 32 재전송' })).not.toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=refills');
    expect(lastQuery(calls, pathOf(adminOrdersApi.refills))).toEqual({ page: '1', pageSize: '20' });

    await user.selectOptions(screen.getByLabelText('리필 상태'), '거절');
    await user.type(screen.getByLabelText('회원 아이디 또는 링크'), ' kim_1 ');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() =>
      expect(lastQuery(calls, pathOf(adminOrdersApi.refills))).toEqual({
        page: '1',
        pageSize: '20',
        status: '3',
        q: 'kim_1',
      }),
    );
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=refills&status=3&q=kim_1');
  });

  it('refreshes the open refills list every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = mockApi({ ...quiet, [on(adminOrdersApi.refills)]: pageOf([sampleRefill()]) });
      const count = () =>
        calls.filter((c) => c.method === 'GET' && c.path === pathOf(adminOrdersApi.refills)).length;
      renderScreen('/admin/orders?tab=refills');
      await waitFor(() => expect(count()).toBe(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ADMIN_LISTS_REFRESH_MS + 100);
      });
      await waitFor(() => expect(count()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('resends after the confirm dialog, with the memo, and refetches the list', async () => {
    const user = userEvent.setup();
    let listed = 0;
    const refill = sampleRefill();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.refills)]: () => {
        listed += 1;
        return json(pageOf([refill]));
      },
      [on(adminOrdersApi.resendRefill, { id: 31 })]: {
        refill: { ...refill, status: 0, statusLabel: '대기', reason: null },
        changed: true,
      },
    });
    renderScreen('/admin/orders?tab=refills');
    await user.click(await screen.findByRole('button', { name: '리필 31 재전송' }));
    const dialog = screen.getByRole('dialog', { name: '리필 재전송' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('메모 (선택)'), '공급사 복구');
    await user.click(within(dialog).getByRole('button', { name: '재전송' }));
    expect(await screen.findByText('리필 #31을 다음 처리 주기에 다시 보냅니다.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(pathOf(adminOrdersApi.resendRefill, { id: 31 }));
    expect(post.body).toEqual({ memo: '공급사 복구' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listed).toBeGreaterThan(1));
  });

  it('rejects only with a reason, posts it to the reject route, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    const refill = sampleRefill({ id: 40, status: 0, statusLabel: '대기', reason: null, finishedAt: null });
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.refills)]: pageOf([refill]),
      [on(adminOrdersApi.rejectRefill, { id: 40 })]: json(
        { message: '공급사에 보내는 중인 리필입니다. 잠시 후 다시 시도해주세요.', code: 'REFILL_REFUSED' },
        409,
      ),
    });
    renderScreen('/admin/orders?tab=refills');
    await user.click(await screen.findByRole('button', { name: '리필 40 거절' }));
    const dialog = screen.getByRole('dialog', { name: '리필 요청 거절' });
    await user.click(within(dialog).getByRole('button', { name: '거절' }));
    expect(await screen.findByText('거절 사유를 입력해주세요.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('거절 사유'), '리필 기간 외 요청');
    await user.click(within(dialog).getByRole('button', { name: '거절' }));
    expect(
      await screen.findByText('공급사에 보내는 중인 리필입니다. 잠시 후 다시 시도해주세요.'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(pathOf(adminOrdersApi.rejectRefill, { id: 40 }));
    expect(post.body).toEqual({ memo: '리필 기간 외 요청' });
    expect(screen.getByRole('dialog', { name: '리필 요청 거절' })).toBeInTheDocument();
  });

  it('filters the orders list to 취소 요청됨 and shows the request and the newest refill on the row', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: {
        items: [
          sampleOrder({ id: 8, cancelRequestedAt: '2026-11-21T15:40:00.000Z', latestRefill: null }),
          sampleOrder({ id: 9, status: 2, latestRefill: { id: 3, status: 1 } }),
        ],
        page: 1,
        pageSize: 20,
        total: 2,
      },
    });
    renderScreen('/admin/orders');
    const table = await screen.findByRole('table', { name: '주문 목록' });
    const asked = (await within(table).findByRole('button', { name: '주문 8 취소·환불' })).closest('tr')!;
    expect(within(asked).getByText('취소 요청됨')).toBeInTheDocument();
    const refilled = within(table).getByRole('button', { name: '주문 9 부분 완료' }).closest('tr')!;
    expect(within(refilled).getByText('리필 진행중')).toBeInTheDocument();
    expect(within(refilled).queryByText('취소 요청됨')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('취소 요청됨'));
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() =>
      expect(lastQuery(calls, pathOf(adminOrdersApi.orders))).toMatchObject({ cancelRequested: 'true' }),
    );
    expect(screen.getByTestId('search')).toHaveTextContent('cancel=1');
  });
});
