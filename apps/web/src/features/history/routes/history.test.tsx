import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CANCEL_REQUESTED_LABEL, formatDateTime, ORDER_CANCEL_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import type { AutoOrderHistoryItem, OrderHistoryItem } from '@smm/domain/contract';
import { useLocation } from 'react-router';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { GuestButton } from '@/testing/guest-button';
import { renderWithProviders } from '@/testing/render';
import { REFILL_REQUESTED_MESSAGE } from '../components/order-actions';
import { AutoOrderHistoryRoute } from './auto-order-history';
import { OrderHistoryRoute } from './order-history';
import { authApi, inquiriesApi, ordersApi, pathOf } from '@smm/domain/endpoints';

const profile = { id: 'member1', point: 5000, apiKey: 'k' };
const CREATED = '2025-03-01T00:00:05.000Z';

function order(id: number, over: Partial<OrderHistoryItem> = {}): OrderHistoryItem {
  return {
    id,
    createdAt: CREATED,
    serviceId: 100,
    serviceText: `상품 ${id}`,
    link: `https://instagram.com/p/${id}`,
    point: 1234,
    amount: 1500,
    status: 2,
    startCount: 120,
    remains: 0,
    refill: null,
    canRefill: false,
    canCancel: false,
    cancelRequested: false,
    cancelReason: null,
    ...over,
  };
}

function autoOrder(id: number, over: Partial<AutoOrderHistoryItem> = {}): AutoOrderHistoryItem {
  return {
    id,
    createdAt: CREATED,
    serviceId: 100,
    serviceText: `자동 상품 ${id}`,
    link: `https://youtube.com/watch?v=${id}`,
    point: 18000,
    amount: 100,
    completed: 1,
    runs: 3,
    interval: 60,
    status: 0,
    canCancel: false,
    ...over,
  };
}

function SearchProbe() {
  const { search } = useLocation();
  return <div data-testid="search">{search}</div>;
}

const historyCalls = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => c.search);

/** A server that answers `page` of `total` rows (10 a page) with the given rows. */
function pageOf<T>(rows: T[], total = rows.length) {
  return ({ search }: RecordedCall) => {
    const page = Number(new URLSearchParams(search).get('page') ?? 1);
    return json({ items: page <= Math.ceil(total / 10) ? rows : [], page, pageSize: 10, total });
  };
}

function renderHistory(ui: React.ReactElement, route: string) {
  const path = route.split('?')[0] ?? route;
  return renderWithProviders(
    <>
      {ui}
      <SearchProbe />
    </>,
    { route, path },
  );
}

function signedIn(routes: Record<string, unknown>) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  return mockApi({
    [on(authApi.profile)]: profile,
    // The rows' 문의하기 reads which orders have an unread 1:1 문의 reply (none here).
    [on(inquiriesApi.unread)]: { count: 0, orderIds: [] },
    ...routes,
  });
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);

describe('order history (/order-history)', () => {
  it('lists a page: the columns of docs/product.md#order-histories, won and date formats, status labels', async () => {
    const { calls } = signedIn({
      [on(ordersApi.history)]: pageOf([
        order(31, { status: 1, startCount: null, remains: null }),
        order(30, { status: 5, point: 0, amount: 10 }),
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');

    const rows = await screen.findAllByRole('row');
    expect(headers()).toEqual([
      '주문번호',
      '주문일시',
      '상품',
      '링크',
      '사용금액',
      '수량',
      '상태',
      '주문 전 수량',
      '남은 수량',
      '요청',
    ]);
    expect(cellsOf(rows[1] as HTMLElement)).toEqual([
      '31',
      formatDateTime(CREATED),
      '상품 31',
      'https://instagram.com/p/31',
      '₩1,234',
      '1,500',
      '가동중',
      '-',
      '-',
      '문의하기',
    ]);
    expect(cellsOf(rows[2] as HTMLElement)).toContain('주문취소 및 전액 환불');
    expect(formatDateTime(CREATED)).toBe('2025-03-01 09:00:05');
    expect(screen.getByRole('link', { name: 'https://instagram.com/p/31' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(historyCalls(calls, pathOf(ordersApi.history))).toEqual(['?page=1']);
    // A single page: no pagination.
    expect(screen.queryByRole('navigation', { name: '주문내역 페이지' })).not.toBeInTheDocument();
  });

  it('문의하기 on each row opens a 1:1 문의 about that order; a row with an unread reply shows 새 답변', async () => {
    signedIn({
      [on(ordersApi.history)]: pageOf([order(31), order(30)]),
      [on(inquiriesApi.unread)]: { count: 1, orderIds: [30] },
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    const rows = await screen.findAllByRole('row');
    expect(await within(rows[2] as HTMLElement).findByRole('link', { name: '새 답변' })).toHaveAttribute(
      'href',
      '/inquiries',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '문의하기' })).toHaveAttribute(
      'href',
      '/inquiries?orderId=31',
    );
  });

  it('a status chip asks the server for that status from page 1 and keeps it in the URL', async () => {
    const { calls } = signedIn({
      [on(ordersApi.history)]: pageOf([order(1)], 45),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history?page=3');
    await screen.findAllByRole('row');
    expect(screen.getByRole('link', { name: '3 페이지' })).toHaveAttribute('aria-current', 'page');

    const chips = within(screen.getByRole('group', { name: '상태 필터' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      '전체',
      '주문접수',
      '가동중',
      '주문완료',
      '주문실패',
      '주문대기',
      '주문취소 및 전액 환불',
    ]);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '주문완료' }));
    await waitFor(() => expect(historyCalls(calls, pathOf(ordersApi.history))).toContain('?page=1&status=2'));
    expect(screen.getByTestId('search')).toHaveTextContent('?status=2');
    expect(screen.getByRole('button', { name: '주문완료' })).toHaveAttribute('aria-pressed', 'true');
    expect(historyCalls(calls, pathOf(ordersApi.history))[0]).toBe('?page=3');
  });

  it('numbered pages with two neighbours each side; a page link asks for that page and puts it in the URL', async () => {
    const { calls } = signedIn({ [on(ordersApi.history)]: pageOf([order(1)], 95) });
    renderHistory(<OrderHistoryRoute />, '/order-history?status=2&page=5');
    const nav = await screen.findByRole('navigation', { name: '주문내역 페이지' });
    expect(historyCalls(calls, pathOf(ordersApi.history))).toEqual(['?page=5&status=2']);
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);

    await userEvent.click(within(nav).getByRole('link', { name: '7 페이지' }));
    await waitFor(() => expect(historyCalls(calls, pathOf(ordersApi.history))).toContain('?page=7&status=2'));
    expect(screen.getByTestId('search')).toHaveTextContent('?status=2&page=7');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['5', '6', '7', '8', '9']),
    );

    await userEvent.click(within(nav).getByRole('link', { name: '마지막 페이지' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=2&page=10'));
    expect(within(nav).getByRole('link', { name: '10 페이지' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByLabelText('다음 페이지')).toHaveAttribute('aria-disabled', 'true');
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['6', '7', '8', '9', '10']);

    await userEvent.click(within(nav).getByRole('link', { name: '첫 페이지' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=2'));
    expect(historyCalls(calls, pathOf(ordersApi.history))).toContain('?page=1&status=2');
  });

  it('clamps invalid page numbers: garbage or 0 reads as 1, past the last page moves to the last', async () => {
    const { calls } = signedIn({ [on(ordersApi.history)]: pageOf([order(1)], 25) });
    const first = renderHistory(<OrderHistoryRoute />, '/order-history?page=abc&status=9');
    await screen.findAllByRole('row');
    expect(historyCalls(calls, pathOf(ordersApi.history))).toEqual(['?page=1']);
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
    first.unmount();

    renderHistory(<OrderHistoryRoute />, '/order-history?page=40');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?page=3'));
    await screen.findAllByRole('row');
    expect(historyCalls(calls, pathOf(ordersApi.history)).slice(1)).toEqual(['?page=40', '?page=3']);
    expect(screen.getByRole('link', { name: '3 페이지' })).toHaveAttribute('aria-current', 'page');
  });

  it('an empty list says so, per filter', async () => {
    signedIn({ [on(ordersApi.history)]: pageOf([]) });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    expect(await screen.findByText('주문내역이 없습니다')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '주문실패' }));
    expect(await screen.findByText('이 상태의 주문이 없습니다')).toBeInTheDocument();
  });

  it('a failed read shows an error with a retry', async () => {
    let fail = true;
    signedIn({
      [on(ordersApi.history)]: (call: RecordedCall) =>
        fail ? json({ message: '오류가 발생했습니다.' }, 500) : pageOf([order(8)])(call),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    expect(await screen.findByText('주문내역을 불러오지 못했습니다')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('상품 8')).toBeInTheDocument();
  });

  it('shows a skeleton while the page loads', async () => {
    let release: (r: Response) => void = () => {};
    signedIn({
      [on(ordersApi.history)]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    expect(await screen.findByLabelText('주문내역을 불러오는 중')).toBeInTheDocument();
    release(json({ items: [order(2)], page: 1, pageSize: 10, total: 1 }));
    expect(await screen.findByText('상품 2')).toBeInTheDocument();
    expect(screen.queryByLabelText('주문내역을 불러오는 중')).not.toBeInTheDocument();
  });
});

describe('history screens for a guest', () => {
  it.each([
    ['/order-history', <OrderHistoryRoute key="o" />, '주문'],
    ['/auto-order-history', <AutoOrderHistoryRoute key="a" />, '자동주문'],
  ] as const)('%s runs no query and explains, with a way to log in', async (route, ui, noun) => {
    const { calls } = mockApi({});
    renderWithProviders(
      <>
        <GuestButton />
        {ui}
      </>,
      { route, path: route, routes: { '/login': <p>로그인 화면</p> } },
    );
    await userEvent.click(screen.getByRole('button', { name: '게스트 시작' }));
    expect(await screen.findByText(`로그인하면 ${noun}내역을 볼 수 있어요`)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('history'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('link', { name: '로그인하러 가기' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('auto-order history (/auto-order-history)', () => {
  it('auto-order columns (docs/product.md#order-histories): done/runs, interval, amount × runs, labels', async () => {
    const { calls } = signedIn({
      [on(ordersApi.autoHistory)]: pageOf([
        autoOrder(9),
        autoOrder(8, { status: 3, completed: 3, runs: 3, amount: 250, point: 5000 }),
        autoOrder(7, { status: 2, completed: 1, runs: 4, interval: 1440 }),
        autoOrder(6, { status: 1, completed: 2, runs: 2 }),
      ]),
    });
    renderHistory(<AutoOrderHistoryRoute />, '/auto-order-history');
    const rows = await screen.findAllByRole('row');
    expect(headers()).toEqual([
      '주문번호',
      '주문일시',
      '주문 링크',
      '최종 사용금액',
      '1회 수량',
      '상품',
      '자동주문 횟수',
      '자동주문 간격(분)',
      '최종 수량',
      '상태',
      '요청',
    ]);
    expect(cellsOf(rows[1] as HTMLElement)).toEqual([
      '9',
      '2025-03-01 09:00:05',
      'https://youtube.com/watch?v=9',
      '₩18,000',
      '100',
      '자동 상품 9',
      '1 / 3',
      '60',
      '300',
      '활성',
      '',
    ]);
    // PARTIAL reads 완료, as COMPLETED does (docs/product.md#auto-orders).
    expect(cellsOf(rows[2] as HTMLElement).slice(-5)).toEqual(['3 / 3', '60', '750', '완료', '']);
    // Stopped after 1 of 4 runs, it ordered 100, not 400; the plan shows beside it.
    expect(cellsOf(rows[3] as HTMLElement).slice(-5)).toEqual([
      '1 / 4',
      '1,440',
      '100 (계획 400)',
      '취소',
      '',
    ]);
    expect(cellsOf(rows[4] as HTMLElement).at(-2)).toBe('완료');
    expect(historyCalls(calls, pathOf(ordersApi.autoHistory))).toEqual(['?page=1']);
  });

  it('chips 전체, 활성, 완료, 취소 send statuses -, 0, 1, 2', async () => {
    const { calls } = signedIn({ [on(ordersApi.autoHistory)]: pageOf([autoOrder(1)]) });
    renderHistory(<AutoOrderHistoryRoute />, '/auto-order-history');
    await screen.findAllByRole('row');
    const group = screen.getByRole('group', { name: '상태 필터' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['전체', '활성', '완료', '취소']);
    for (const [label, status] of [
      ['활성', 0],
      ['완료', 1],
      ['취소', 2],
    ] as const) {
      await userEvent.click(within(group).getByRole('button', { name: label }));
      await waitFor(() =>
        expect(historyCalls(calls, pathOf(ordersApi.autoHistory)).at(-1)).toBe(`?page=1&status=${status}`),
      );
      expect(screen.getByTestId('search')).toHaveTextContent(`?status=${status}`);
    }
    await userEvent.click(within(group).getByRole('button', { name: '전체' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });

  it('a status the screen does not offer (PARTIAL, 3) reads as all', async () => {
    const { calls } = signedIn({ [on(ordersApi.autoHistory)]: pageOf([]) });
    renderHistory(<AutoOrderHistoryRoute />, '/auto-order-history?status=3');
    expect(await screen.findByText('자동주문내역이 없습니다')).toBeInTheDocument();
    expect(historyCalls(calls, pathOf(ordersApi.autoHistory))).toEqual(['?page=1']);
  });
});

describe('refill and cancel on the history screens (docs/product.md#refill-and-cancellation)', () => {
  const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
  const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path);
  const gets = (calls: RecordedCall[], path: string) =>
    calls.filter((c) => c.method === 'GET' && c.path === path).length;

  it('shows 리필 요청 and 주문 취소 only where the server says so', async () => {
    signedIn({
      [on(ordersApi.history)]: pageOf([
        order(43, { canRefill: true }),
        order(42, { status: 1, canCancel: true }),
        order(41, { canRefill: true, canCancel: true }),
        order(40),
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await screen.findByText('상품 43');
    const buttonsOf = (text: string) =>
      within(rowOf(text))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttonsOf('상품 43')).toEqual(['리필 요청']);
    expect(buttonsOf('상품 42')).toEqual(['주문 취소']);
    expect(buttonsOf('상품 41')).toEqual(['리필 요청', '주문 취소']);
    expect(buttonsOf('상품 40')).toEqual([]);
  });

  it('리필 요청 asks first (Esc and 닫기 send nothing), then posts, says so and reads the orders again', async () => {
    const user = userEvent.setup();
    const { calls } = signedIn({
      [on(ordersApi.history)]: pageOf([order(43, { canRefill: true })]),
      [on(ordersApi.requestRefill, { id: 43 })]: json({
        refill: { id: 1, orderId: 43, status: 0, reason: null, createdAt: CREATED, finishedAt: null },
      }),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    const button = within(await findRow('상품 43')).getByRole('button', { name: '리필 요청' });

    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: '리필을 요청할까요?' });
    expect(dialog).toHaveTextContent('주문번호 43 · 상품 43');
    // Focus starts on 닫기 and Tab stays inside.
    expect(within(dialog).getByRole('button', { name: '닫기' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: '리필 요청' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: '닫기' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    const before = gets(calls, pathOf(ordersApi.history));
    await user.click(button);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '리필 요청' }));
    expect(await screen.findByText(REFILL_REQUESTED_MESSAGE)).toBeInTheDocument();
    expect(posts(calls)).toEqual([pathOf(ordersApi.requestRefill, { id: 43 })]);
    await waitFor(() => expect(gets(calls, pathOf(ordersApi.history))).toBeGreaterThan(before));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('주문 취소 explains the provider step, posts after the confirm and toasts the answer; the balance is read again', async () => {
    const user = userEvent.setup();
    const { calls } = signedIn({
      [on(ordersApi.history)]: pageOf([order(42, { status: 1, canCancel: true })]),
      [on(ordersApi.cancel, { id: 42 })]: json({
        outcome: 'requested',
        refunded: 0,
        message: ORDER_CANCEL_MESSAGES.REQUESTED,
      }),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await user.click(within(await findRow('상품 42')).getByRole('button', { name: '주문 취소' }));
    const dialog = screen.getByRole('alertdialog', { name: '주문을 취소할까요?' });
    expect(dialog).toHaveTextContent(
      '공급사에 이미 전달된 주문은 취소를 요청하고, 취소가 확인되면 남은 금액이 환불됩니다.',
    );
    expect(posts(calls)).toEqual([]);
    const profiles = gets(calls, pathOf(authApi.profile));
    await user.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect(await screen.findByText(ORDER_CANCEL_MESSAGES.REQUESTED)).toBeInTheDocument();
    expect(posts(calls)).toEqual([pathOf(ordersApi.cancel, { id: 42 })]);
    await waitFor(() => expect(gets(calls, pathOf(authApi.profile))).toBeGreaterThan(profiles));
  });

  it("a refusal shows the server's Korean message and reads the orders again", async () => {
    const user = userEvent.setup();
    let refused = false;
    const { calls } = signedIn({
      [on(ordersApi.history)]: () =>
        json({
          items: [order(42, refused ? { status: 2 } : { status: 1, canCancel: true })],
          page: 1,
          pageSize: 10,
          total: 1,
        }),
      [on(ordersApi.cancel, { id: 42 })]: () => {
        refused = true;
        return json({ message: ORDER_CANCEL_MESSAGES.FINAL, code: 'ORDER_CANCEL_REFUSED' }, 409);
      },
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await user.click(within(await findRow('상품 42')).getByRole('button', { name: '주문 취소' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '주문 취소' }));
    expect(await screen.findByText(ORDER_CANCEL_MESSAGES.FINAL)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The fresh row no longer offers the cancel.
    await waitFor(() =>
      expect(within(rowOf('상품 42')).queryByRole('button', { name: '주문 취소' })).not.toBeInTheDocument(),
    );
    expect(posts(calls)).toEqual([pathOf(ordersApi.cancel, { id: 42 })]);
  });

  it('shows the refill state (거절 with the reason, as text) and 취소 요청됨 under the status', async () => {
    const refill = (status: 0 | 1 | 2 | 3, reason: string | null = null) => ({
      id: status + 1,
      orderId: 1,
      status,
      reason,
      createdAt: CREATED,
      finishedAt: null,
    });
    signedIn({
      [on(ordersApi.history)]: pageOf([
        order(53, { refill: refill(3, '<b>Refill period expired</b>') }),
        order(52, { refill: refill(1) }),
        order(51, { refill: refill(0) }),
        order(50, { status: 1, cancelRequested: true }),
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await screen.findByText('상품 53');
    const statusOf = (text: string) => cellsOf(rowOf(text))[6];
    expect(statusOf('상품 53')).toBe('주문완료리필 거절사유: <b>Refill period expired</b>리필 내역');
    expect(document.querySelector('b')).toBeNull();
    expect(statusOf('상품 52')).toBe('주문완료리필 진행중리필 내역');
    expect(statusOf('상품 51')).toBe('주문완료리필 대기리필 내역');
    expect(statusOf('상품 50')).toBe(`가동중${CANCEL_REQUESTED_LABEL}`);
  });

  it('shows why a refused order was cancelled, as text, under its status', async () => {
    const reason = '공급사가 주문을 받지 않았습니다: "<i>moderation</i>"';
    signedIn({
      [on(ordersApi.history)]: pageOf([
        order(61, { status: 5, point: 0, cancelReason: reason }),
        order(60, { status: 5, point: 0 }),
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await screen.findByText('상품 61');
    const statusOf = (text: string) => cellsOf(rowOf(text))[6];
    expect(statusOf('상품 61')).toBe(`주문취소 및 전액 환불사유: ${reason}`);
    expect(document.querySelector('i')).toBeNull();
    expect(statusOf('상품 60')).toBe('주문취소 및 전액 환불');
  });

  it('shows a stored link holding an invisible character as text with its code point, not as a link', async () => {
    signedIn({
      [on(ordersApi.history)]: pageOf([
        order(71, { link: 'https://evil.example/\u202E//elpmaxe.doog//:sptth' }),
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    const text = await screen.findByText('https://evil.example/<U+202E>//elpmaxe.doog//:sptth');
    expect(text.closest('a')).toBeNull();
  });

  it("리필 내역 reads the order's refills only when opened and lists them, newest first", async () => {
    const user = userEvent.setup();
    const { calls } = signedIn({
      [on(ordersApi.history)]: pageOf([
        order(53, {
          refill: { id: 2, orderId: 53, status: 2, reason: null, createdAt: CREATED, finishedAt: CREATED },
        }),
      ]),
      [on(ordersApi.refills, { id: 53 })]: json([
        {
          id: 2,
          orderId: 53,
          status: 2,
          reason: null,
          createdAt: '2025-03-03T00:00:00.000Z',
          finishedAt: null,
        },
        { id: 1, orderId: 53, status: 3, reason: 'Not possible', createdAt: CREATED, finishedAt: CREATED },
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    const toggle = within(await findRow('상품 53')).getByRole('button', { name: '리필 내역' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(gets(calls, pathOf(ordersApi.refills, { id: 53 }))).toBe(0);
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: '주문 53의 리필 내역' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025-03-03 09:00:00리필 완료', '2025-03-01 09:00:05리필 거절사유: Not possible']);
    await user.click(toggle);
    expect(screen.queryByRole('list', { name: '주문 53의 리필 내역' })).not.toBeInTheDocument();
  });

  it('자동주문 취소 only where canCancel; confirmed, it posts and toasts the answer', async () => {
    const user = userEvent.setup();
    const { calls } = signedIn({
      [on(ordersApi.autoHistory)]: pageOf([autoOrder(9, { canCancel: true }), autoOrder(8)]),
      [on(ordersApi.cancelAuto, { id: 9 })]: json({ refunded: 12000, message: '자동주문을 취소했습니다.' }),
    });
    renderHistory(<AutoOrderHistoryRoute />, '/auto-order-history');
    const row = await findRow('자동 상품 9');
    expect(within(rowOf('자동 상품 8')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '자동주문 취소' }));
    const dialog = screen.getByRole('alertdialog', { name: '자동주문을 취소할까요?' });
    expect(dialog).toHaveTextContent('남은 회차의 금액이 환불됩니다.');
    expect(posts(calls)).toEqual([]);
    const before = gets(calls, pathOf(ordersApi.autoHistory));
    await user.click(within(dialog).getByRole('button', { name: '자동주문 취소' }));
    expect(await screen.findByText('자동주문을 취소했습니다.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([pathOf(ordersApi.cancelAuto, { id: 9 })]);
    await waitFor(() => expect(gets(calls, pathOf(ordersApi.autoHistory))).toBeGreaterThan(before));
  });
});

async function findRow(text: string) {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

/**
 * A screen `width` px wide for the app's media queries (jsdom has no layout); `resize` moves it and tells
 * the listeners, as a rotated phone or a dragged window would.
 */
function screenOf(initialWidth: number) {
  let width = initialWidth;
  const lists: { query: string; listeners: Set<() => void> }[] = [];
  const matches = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    if (max) return width <= Number(max[1]);
    if (min) return width >= Number(min[1]);
    return false;
  };
  window.matchMedia = ((query: string) => {
    const entry = { query, listeners: new Set<() => void>() };
    lists.push(entry);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => entry.listeners.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      act(() => lists.forEach((l) => l.listeners.forEach((listener) => listener())));
    },
  };
}

describe('histories on a phone (390 px): a card per row, status and amount first', () => {
  const list = (name: string) => screen.getByRole('list', { name });
  const cardOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

  it('order history: each card leads with the status and the won used, then product, link, time, quantities and its buttons', async () => {
    screenOf(390);
    signedIn({
      [on(ordersApi.history)]: pageOf([
        order(43, { canRefill: true, point: 12_345, amount: 1500, startCount: 120, remains: 0 }),
        order(42, { status: 1, canCancel: true, point: 600 }),
        order(41),
      ]),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await screen.findByText('상품 43');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list('주문내역 목록')).getAllByRole('listitem')).toHaveLength(3);

    const card = cardOf('상품 43');
    const head = card.firstElementChild as HTMLElement;
    expect(head).toHaveTextContent(/^주문완료사용금액₩12,345$/);
    expect(card).toHaveTextContent(
      '상품 43https://instagram.com/p/43주문번호43주문일시2025-03-01 09:00:05수량1,500주문 전 수량120남은 수량0리필 요청',
    );
    expect(within(card).getByRole('link', { name: 'https://instagram.com/p/43' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['리필 요청']);
    expect(cardOf('상품 42').firstElementChild).toHaveTextContent(/^가동중사용금액₩600$/);
    expect(within(cardOf('상품 42')).getByRole('button', { name: '주문 취소' })).toBeInTheDocument();
    expect(within(cardOf('상품 41')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a card keeps the confirm step: 주문 취소 asks first, then posts', async () => {
    const user = userEvent.setup();
    screenOf(390);
    const { calls } = signedIn({
      [on(ordersApi.history)]: pageOf([order(42, { status: 1, canCancel: true })]),
      [on(ordersApi.cancel, { id: 42 })]: json({
        outcome: 'requested',
        refunded: 0,
        message: ORDER_CANCEL_MESSAGES.REQUESTED,
      }),
    });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await screen.findByText('상품 42');
    await user.click(within(cardOf('상품 42')).getByRole('button', { name: '주문 취소' }));
    const dialog = screen.getByRole('alertdialog', { name: '주문을 취소할까요?' });
    expect(dialog).toHaveTextContent('주문번호 42 · 상품 42');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect(await screen.findByText(ORDER_CANCEL_MESSAGES.REQUESTED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      pathOf(ordersApi.cancel, { id: 42 }),
    ]);
  });

  it('auto-order history: status and final won first, then runs, quantity, interval, final quantity and 자동주문 취소', async () => {
    screenOf(390);
    signedIn({
      [on(ordersApi.autoHistory)]: pageOf([autoOrder(9, { canCancel: true }), autoOrder(8, { status: 2 })]),
    });
    renderHistory(<AutoOrderHistoryRoute />, '/auto-order-history');
    await screen.findByText('자동 상품 9');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = cardOf('자동 상품 9');
    expect(card.firstElementChild).toHaveTextContent(/^활성최종 사용금액₩18,000$/);
    expect(card).toHaveTextContent(
      '자동 상품 9https://youtube.com/watch?v=9주문번호9주문일시2025-03-01 09:00:05자동주문 횟수1 / 31회 수량100자동주문 간격(분)60최종 수량300자동주문 취소',
    );
    expect(within(card).getByRole('button', { name: '자동주문 취소' })).toBeInTheDocument();
    expect(cardOf('자동 상품 8').firstElementChild).toHaveTextContent(/^취소최종 사용금액₩18,000$/);
    expect(within(cardOf('자동 상품 8')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('wide screens keep the table; turning from phone to wide and back swaps table and cards', async () => {
    const device = screenOf(390);
    signedIn({ [on(ordersApi.history)]: pageOf([order(43, { canRefill: true })]) });
    renderHistory(<OrderHistoryRoute />, '/order-history');
    await screen.findByRole('list', { name: '주문내역 목록' });
    expect(screen.queryByRole('region', { name: '주문내역 표' })).not.toBeInTheDocument();

    device.resize(1440);
    const table = await screen.findByRole('region', { name: '주문내역 표' });
    expect(screen.queryByRole('list', { name: '주문내역 목록' })).not.toBeInTheDocument();
    expect(headers()).toHaveLength(10);
    expect(within(table).getByRole('button', { name: '리필 요청' }).closest('td')).toHaveClass('col-actions');

    // The breakpoint: 881 px is a wide screen, 880 px is not (docs/product.md#display-constants).
    device.resize(881);
    expect(screen.getByRole('region', { name: '주문내역 표' })).toBeInTheDocument();
    device.resize(880);
    expect(screen.getByRole('list', { name: '주문내역 목록' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
