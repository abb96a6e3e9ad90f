import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminOrderItem, AdminOrdersResponse, AdminService } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ADMIN_LISTS_REFRESH_MS } from './api/orders-keys';
import { toCsv } from '@smm/domain';
import { orderCsvColumns } from './order-columns';
import { sampleOrder } from './orders-test-data';
import { OrdersScreen } from './orders-screen';
import { adminCatalogApi, adminOrdersApi, pathOf } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(adminCatalogApi.providers, adminCatalogApi.services);

const pageOf = (items: AdminOrderItem[], total = items.length, pageSize = 20): AdminOrdersResponse => ({
  items,
  page: 1,
  pageSize,
  total,
});

const service = (id: number, text: string, visible = true) =>
  ({
    id,
    categoryId: 1,
    categoryText: '좋아요',
    platformId: 1,
    platformText: '인스타그램',
    text,
    unitPriceMilli: 350,
    min: 10,
    max: 10000,
    notice: '',
    enableAuto: false,
    refillDays: 0,
    cancellable: false,
    type: 'default',
    isReadOnly: false,
    visible,
    providerId: 1,
    providerName: '시뮬레이터',
    providerServiceId: String(id),
    sortOrder: id,
    markupPercent: null,
    pricePinned: false,
    syncDisabled: null,
    failoverProviderId: null,
    failoverProviderName: null,
    failoverProviderServiceId: null,
  }) satisfies AdminService;

function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

function renderScreen(route = '/admin/orders') {
  return renderWithProviders(
    <>
      <OrdersScreen />
      <SearchProbe />
    </>,
    { route, path: '/admin/orders' },
  );
}

const lastCall = (calls: RecordedCall[], path: string) => {
  const list = calls.filter((c) => c.path === path && c.method === 'GET');
  return Object.fromEntries(new URLSearchParams(list[list.length - 1]?.search ?? ''));
};

describe('orders screen', () => {
  it('turns the filter bar into the URL and the URL into exactly the request the server expects', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([sampleOrder()]),
      [on(adminCatalogApi.services)]: [service(3, '인스타 좋아요'), service(4, '숨은 상품', false)],
    });
    renderScreen();
    await screen.findByText('kim_1');
    expect(lastCall(calls, pathOf(adminOrdersApi.orders))).toEqual({
      sort: 'id',
      order: 'desc',
      page: '1',
      pageSize: '20',
    });

    await user.type(screen.getByLabelText('회원 아이디'), ' kim ');
    await user.click(screen.getByLabelText('앞부분 일치'));
    await screen.findByRole('option', { name: '인스타그램 · 숨은 상품 (숨김)' });
    await user.selectOptions(screen.getByLabelText('상품'), '4');
    await user.selectOptions(screen.getByLabelText('상태'), '주문실패');
    await user.type(screen.getByLabelText('링크'), 'p/a_b%');
    await user.type(screen.getByLabelText('시작일'), '2026-11-01');
    await user.type(screen.getByLabelText('종료일'), '2026-11-22');
    await user.click(screen.getByLabelText('오류 있는 주문만'));
    await user.click(screen.getByRole('button', { name: '검색' }));

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('search').textContent!))).toEqual({
        member: 'kim',
        match: 'prefix',
        service: '4',
        status: '3',
        link: 'p/a_b%',
        from: '2026-11-01',
        to: '2026-11-22',
        error: '1',
      }),
    );
    await waitFor(() =>
      expect(lastCall(calls, pathOf(adminOrdersApi.orders))).toEqual({
        member: 'kim',
        memberMatch: 'prefix',
        serviceId: '4',
        status: '3',
        link: 'p/a_b%',
        from: '2026-11-01',
        to: '2026-11-22',
        hasError: 'true',
        sort: 'id',
        order: 'desc',
        page: '1',
        pageSize: '20',
      }),
    );
  });

  it('reads a shared URL into the form and the request; sorting and paging keep the filters', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([sampleOrder()], 120, 50),
      [on(adminCatalogApi.services)]: [service(3, '인스타 좋아요')],
    });
    renderScreen('/admin/orders?member=lee&status=0&size=50&page=2&from=2026-13-01&status=9');
    await screen.findByText('kim_1');
    // An impossible date is dropped instead of failing the list.
    expect(lastCall(calls, pathOf(adminOrdersApi.orders))).toEqual({
      member: 'lee',
      memberMatch: 'exact',
      status: '0',
      sort: 'id',
      order: 'desc',
      page: '2',
      pageSize: '50',
    });
    expect(screen.getByLabelText('회원 아이디')).toHaveValue('lee');
    expect(screen.getByLabelText('상태')).toHaveValue('0');
    const nav = screen.getByRole('navigation', { name: '주문 목록 페이지' });
    expect(within(nav).getByRole('link', { name: '3 페이지' })).toHaveAttribute(
      'href',
      '/admin/orders?member=lee&status=0&page=3&size=50',
    );
    await user.click(screen.getByRole('button', { name: '금액' }));
    await waitFor(() =>
      expect(lastCall(calls, pathOf(adminOrdersApi.orders))).toMatchObject({
        sort: 'cost',
        member: 'lee',
        page: '1',
      }),
    );
  });

  it('shows each order’s facts with the link opening safely in a new tab', async () => {
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([
        sampleOrder({
          id: 7,
          status: 0,
          providerOrderId: null,
          lastError: 'timeout after 2000 ms',
          attempts: 2,
        }),
      ]),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '주문 목록' });
    // The host first, then the rest (so a look-alike link shows its real host); the whole link in its title.
    const link = await within(table).findByRole('link', { name: /^instagram\.com ?\/p\/abc$/ });
    expect(link).toHaveAttribute('href', 'https://instagram.com/p/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('title', 'https://instagram.com/p/abc');
    expect(link.firstElementChild).toHaveTextContent(/^instagram\.com$/);
    expect(link.firstElementChild).toHaveClass('orders-link-host');
    const row = link.closest('tr')!;
    // The minute is what matters here (seconds may follow it).
    expect(within(row).getByText(/^2026-11-22 00:30/)).toBeInTheDocument();
    expect(within(row).getByText('주문접수')).toHaveClass('admin-chip');
    expect(within(row).getByText('미접수')).toBeInTheDocument();
    expect(within(row).getByText(/timeout after 2000 ms/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '주문 7 재전송' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '주문 7 취소·환불' })).toBeInTheDocument();
  });

  it('shows a link that reads as another one as what it is: real host first, or code points and no link', async () => {
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([
        // `https://evil.example/` then U+202E: the rest would show reversed, as `https://good.example//`.
        sampleOrder({ id: 31, link: 'https://evil.example/\u202E//elpmaxe.doog//:sptth' }),
        sampleOrder({ id: 32, link: 'https://good.example@evil.example/%ED%95%9C' }),
      ]),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '주문 목록' });
    const disguised = await within(table).findByText('https://evil.example/<U+202E>//elpmaxe.doog//:sptth');
    expect(disguised.closest('a')).toBeNull();
    const credentials = within(table).getByRole('link', { name: /^evil\.example ?\/한$/ });
    expect(credentials.firstElementChild).toHaveTextContent(/^evil\.example$/);
    expect(
      within(table)
        .queryAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://good.example@evil.example/%ED%95%9C']);
  });

  it('shows why the worker cancelled an order, in its column and in the CSV', async () => {
    const reason = '공급사 거절: Incorrect link';
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([
        sampleOrder({ id: 41, status: 5, refunded: 350, cancelReason: reason }),
      ]),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '주문 목록' });
    const cell = await within(table).findByText(reason);
    expect(cell).toHaveAttribute('title', reason);
    const csv = toCsv(orderCsvColumns, [sampleOrder({ id: 41, cancelReason: reason })]);
    expect(csv).toContain('취소 사유');
    expect(csv).toContain(reason);
  });

  it('cancels through the dialog with the memo, tells the refund and the provider’s refusal, and refetches', async () => {
    const user = userEvent.setup();
    let listed = 0;
    const order = sampleOrder({ id: 9, cost: 5_000 });
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: () => {
        listed += 1;
        return json(pageOf([order]));
      },
      [on(adminOrdersApi.cancelOrder, { id: 9 })]: {
        order: { ...order, status: 5, refunded: 5_000 },
        changed: true,
        refunded: 5_000,
        provider: { asked: true, accepted: false, error: 'Order cannot be canceled' },
      },
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: '주문 9 취소·환불' }));
    const dialog = screen.getByRole('dialog', { name: '주문 취소·환불' });
    await user.type(within(dialog).getByLabelText('메모 (선택)'), '회원 요청');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(
      await screen.findByText(
        '주문 #9를 취소하고 ₩5,000을 환불했습니다. 공급사는 취소 요청을 받아들이지 않았습니다 (공급사 주문번호 9001): Order cannot be canceled',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ memo: '회원 요청' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listed).toBeGreaterThan(1));
  });

  it('tells from the answer that the provider was asked, though the list showed the order unsent', async () => {
    const user = userEvent.setup();
    // The list was loaded before the worker sent order 12; the server cancels it at its provider.
    const unsent = sampleOrder({ id: 12, cost: 3_000, status: 0, providerOrderId: null });
    let listed = 0;
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: () => {
        listed += 1;
        return json(pageOf([unsent]));
      },
      [on(adminOrdersApi.cancelOrder, { id: 12 })]: {
        order: { ...unsent, status: 5, refunded: 3_000, providerOrderId: '9002' },
        changed: true,
        refunded: 3_000,
        provider: { asked: true, accepted: true, error: null },
      },
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: '주문 12 취소·환불' }));
    // Opening the dialog asks for the list again.
    await waitFor(() => expect(listed).toBe(2));
    const dialog = screen.getByRole('dialog', { name: '주문 취소·환불' });
    expect(dialog).not.toHaveTextContent('아직 공급사에 접수되지 않은 주문이라');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(
      await screen.findByText(
        '주문 #12를 취소하고 ₩3,000을 환불했습니다. 공급사도 취소 요청을 받아들였습니다 (공급사 주문번호 9002).',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing went to a provider when the order was not at one', async () => {
    const user = userEvent.setup();
    const unsent = sampleOrder({ id: 13, cost: 3_000, status: 0, providerOrderId: null });
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([unsent]),
      [on(adminOrdersApi.cancelOrder, { id: 13 })]: {
        order: { ...unsent, status: 5, refunded: 3_000 },
        changed: true,
        refunded: 3_000,
        provider: { asked: false, accepted: false, error: null },
      },
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: '주문 13 취소·환불' }));
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(
      await screen.findByText(
        '주문 #13을 취소하고 ₩3,000을 환불했습니다. 공급사에 접수되기 전이라 공급사에는 아무것도 보내지 않았고, 더 이상 전송되지 않습니다.',
      ),
    ).toBeInTheDocument();
  });

  it('offers 강제 환불 for an order at a provider and 리필 요청 for a finished one, and posts them with the memo', async () => {
    const user = userEvent.setup();
    const atProvider = sampleOrder({ id: 21, cost: 3_000, status: 1, providerOrderId: '9021' });
    const done = sampleOrder({ id: 22, status: 2, providerOrderId: '9022', latestRefill: null });
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([atProvider, done]),
      [on(adminOrdersApi.forceRefundOrder, { id: 21 })]: {
        order: { ...atProvider, status: 5, refunded: 3_000, forcedRefundAt: '2026-11-28T00:00:00.000Z' },
        changed: true,
        refunded: 3_000,
        provider: { asked: true, accepted: true, error: null },
      },
      [on(adminOrdersApi.requestOrderRefill, { id: 22 })]: { refill: {}, changed: true },
    });
    renderScreen();
    expect(screen.queryByRole('button', { name: '주문 22 강제 환불' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '주문 21 리필 요청' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '주문 21 강제 환불' }));
    await user.click(screen.getByRole('button', { name: '강제 환불' }));
    expect(
      await screen.findByText(
        '주문 #21을 취소하고 ₩3,000을 강제 환불했습니다. 공급사도 취소 요청을 받아들였습니다 (공급사 주문번호 9021).',
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '주문 22 리필 요청' }));
    await user.click(screen.getByRole('button', { name: '리필 요청' }));
    expect(
      await screen.findByText('주문 #22의 리필을 요청했습니다. 다음 처리 주기에 공급사로 보냅니다.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        on(adminOrdersApi.forceRefundOrder, { id: 21 }),
        on(adminOrdersApi.requestOrderRefill, { id: 22 }),
      ]),
    );
  });

  it('refreshes the open orders and auto-orders lists every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = mockApi({
        ...quiet,
        [on(adminOrdersApi.orders)]: pageOf([sampleOrder({ id: 14 })]),
        [on(adminOrdersApi.autoOrders)]: { items: [], page: 1, pageSize: 20, total: 0 },
      });
      const count = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
      renderScreen();
      await screen.findByRole('button', { name: '주문 14 취소·환불' });
      expect(count(pathOf(adminOrdersApi.orders))).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ADMIN_LISTS_REFRESH_MS + 100);
      });
      await waitFor(() => expect(count(pathOf(adminOrdersApi.orders))).toBe(2));

      renderScreen('/admin/orders?tab=auto');
      await waitFor(() => expect(count(pathOf(adminOrdersApi.autoOrders))).toBe(1));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ADMIN_LISTS_REFRESH_MS + 100);
      });
      await waitFor(() => expect(count(pathOf(adminOrdersApi.autoOrders))).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the operator choose columns, remembers the choice, and never hides money or actions', async () => {
    localStorage.removeItem('smm.admin.orders.columns');
    const user = userEvent.setup();
    mockApi({ ...quiet, [on(adminOrdersApi.orders)]: pageOf([sampleOrder({ id: 15 })]) });
    const headers = () =>
      within(screen.getByRole('table', { name: '주문 목록' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    const first = renderScreen();
    await screen.findByRole('button', { name: '주문 15 취소·환불' });
    // Money sits before the long texts, clear of the pinned 작업 column.
    expect(headers()).toEqual([
      '주문번호',
      '상태',
      '일시',
      '회원',
      '수량',
      '금액',
      '환불',
      '상품',
      '링크',
      '오류',
      '취소 사유',
      '공급사',
      '공급사 주문번호',
      '작업',
    ]);
    await user.click(screen.getByRole('button', { name: '열 선택' }));
    const panel = screen.getByRole('group', { name: '표시할 열' });
    for (const locked of ['주문번호', '상태', '금액', '환불', '작업']) {
      expect(within(panel).getByRole('checkbox', { name: new RegExp(`^${locked}`) })).toBeDisabled();
    }
    await user.click(within(panel).getByRole('checkbox', { name: '링크' }));
    await user.click(within(panel).getByRole('checkbox', { name: '공급사 주문번호' }));
    expect(headers()).not.toContain('링크');
    expect(headers()).not.toContain('공급사 주문번호');
    expect(screen.getByRole('button', { name: '열 선택 (2개 숨김)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: '표시할 열' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('smm.admin.orders.columns')!)).toMatchObject({
      link: false,
      providerOrderId: false,
    });

    // A later visit shows the same columns; 기본값으로 forgets the choice.
    first.unmount();
    renderScreen();
    await screen.findByRole('button', { name: '주문 15 취소·환불' });
    expect(headers()).not.toContain('링크');
    await user.click(screen.getByRole('button', { name: '열 선택 (2개 숨김)' }));
    await user.click(screen.getByRole('button', { name: '기본값으로' }));
    expect(headers()).toContain('링크');
    expect(localStorage.getItem('smm.admin.orders.columns')).toBeNull();
  });

  it('keeps the dialog open and shows the server’s message when it refuses', async () => {
    const user = userEvent.setup();
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([sampleOrder({ id: 11, providerOrderId: null, status: 0 })]),
      [on(adminOrdersApi.resendOrder, { id: 11 })]: json(
        { message: '전송 중인 주문입니다. 잠시 후 다시 시도해주세요.', code: 'ORDER_STATE' },
        409,
      ),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: '주문 11 재전송' }));
    await user.click(screen.getByRole('button', { name: '재전송' }));
    // In the dialog itself, not only in a toast (which sits under the modal's backdrop).
    const dialog = screen.getByRole('dialog', { name: '공급사에 재전송' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '전송 중인 주문입니다. 잠시 후 다시 시도해주세요.',
    );
  });

  it('lists auto-orders on their tab with their own statuses, and stops one', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: pageOf([sampleOrder()]),
      [on(adminOrdersApi.autoOrders)]: {
        items: [
          {
            id: 77,
            createdAt: '2026-11-21T15:30:00.000Z',
            memberLoginId: 'lee',
            serviceId: 3,
            serviceText: '유튜브 조회수',
            link: 'https://youtube.com/watch?v=1',
            amount: 100,
            runs: 5,
            interval: 60,
            completed: 2,
            unitPriceMilli: 1500,
            cost: 750,
            refunded: 0,
            status: 0,
            nextRunAt: '2026-11-22T01:00:00.000Z',
          },
        ],
        page: 1,
        pageSize: 20,
        total: 1,
      },
      [on(adminOrdersApi.cancelAutoOrder, { id: 77 })]: (call: RecordedCall) =>
        json({ autoOrder: {}, changed: true, refunded: 450, memo: call.body }),
    });
    renderScreen('/admin/orders?status=3&error=1');
    await screen.findByText('kim_1');
    await user.click(screen.getByRole('tab', { name: '자동주문' }));
    await screen.findByText('lee');
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=auto');
    expect(lastCall(calls, pathOf(adminOrdersApi.autoOrders))).toEqual({
      sort: 'id',
      order: 'desc',
      page: '1',
      pageSize: '20',
    });
    expect(screen.queryByLabelText('오류 있는 주문만')).not.toBeInTheDocument();
    // The members' words (docs/product.md#auto-orders); the partial one says what sets it apart.
    expect(
      within(screen.getByLabelText('상태'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['전체 상태', '활성', '완료', '취소', '완료 (일부 환불)']);
    expect(screen.getByText('2 / 5회')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '자동주문 77 중지·환불' }));
    await user.click(screen.getByRole('button', { name: '중지하고 환불' }));
    expect(await screen.findByText('자동주문 #77을 중지하고 ₩450을 환불했습니다.')).toBeInTheDocument();
  });
});
