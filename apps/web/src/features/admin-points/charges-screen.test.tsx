import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminChargeItem, AdminChargesResponse } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ChargesScreen } from './charges-screen';
import { adminPointsApi, pathOf } from '@smm/domain/endpoints';

const charge = (over: Partial<AdminChargeItem> = {}): AdminChargeItem => ({
  id: 12,
  memberLoginId: 'kim_1',
  depositorName: '김철수',
  point: 100_000,
  payable: 110_000,
  feeType: 1,
  feeValue: { company: '(주)테스트상사', businessNumber: '2208162517' },
  status: 0,
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-22T12:00:00.000Z',
  responseAt: null,
  depositId: null,
  decidedBy: null,
  receiptIssuedAt: null,
  ...over,
});

const page = (items: AdminChargeItem[]): AdminChargesResponse => ({
  items,
  page: 1,
  pageSize: 50,
  total: items.length,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChargesScreen', () => {
  it('lists pending charges with their figures and receipt, in Seoul time', async () => {
    const { calls } = mockApi({ [on(adminPointsApi.charges)]: page([charge()]) });
    renderWithProviders(<ChargesScreen />, { route: '/admin/charges' });
    await screen.findByText('김철수');
    const table = screen.getByRole('table', { name: '충전 신청 목록' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('2026-11-22 18:00:00');
    expect(row).toHaveTextContent('kim_1');
    expect(row).toHaveTextContent('₩100,000');
    expect(row).toHaveTextContent('₩110,000');
    expect(row).toHaveTextContent('세금계산서');
    expect(row).toHaveTextContent('220-81-62517');
    expect(row).toHaveTextContent('대기');
    // The 대기 tab is where the screen opens.
    expect(calls.find((c) => c.path === pathOf(adminPointsApi.charges))?.search).toBe('?status=0&page=1');
    expect(screen.getByRole('link', { name: '대기' })).toHaveAttribute('aria-current', 'page');
  });

  it('accepts through the dialog with the memo, toasts, and refetches the list', async () => {
    let accepted = false;
    const { calls } = mockApi({
      [on(adminPointsApi.charges)]: () =>
        json(page([charge(accepted ? { status: 1, decidedBy: 'admin' } : {})])),
      [on(adminPointsApi.acceptCharge, { id: 12 })]: () => {
        accepted = true;
        return json({ charge: charge({ status: 1, decidedBy: 'admin' }), changed: true });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ChargesScreen />, { route: '/admin/charges?status=all' });
    await user.click(await screen.findByRole('button', { name: '수락' }));

    const dialog = screen.getByRole('dialog', { name: '충전 신청 수락' });
    expect(dialog).toHaveTextContent('김철수');
    expect(dialog).toHaveTextContent('₩110,000');
    await user.type(within(dialog).getByLabelText('메모 (선택)'), ' 통장 확인 ');
    await user.click(within(dialog).getByRole('button', { name: '수락하기' }));

    expect(
      await screen.findByText('충전 신청을 수락했습니다. kim_1님에게 ₩100,000이 충전되었습니다.'),
    ).toBeVisible();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      path: pathOf(adminPointsApi.acceptCharge, { id: 12 }),
      body: { memo: '통장 확인' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Refetched: the row is now accepted, with who did it.
    expect(await screen.findByText('수락', { selector: '.admin-chip' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'GET' && c.path === pathOf(adminPointsApi.charges)).length).toBe(
      2,
    );
  });

  it('keeps the dialog open with the server’s message when the accept is refused', async () => {
    mockApi({
      [on(adminPointsApi.charges)]: page([charge()]),
      [on(adminPointsApi.rejectCharge, { id: 12 })]: json(
        {
          message: '이미 수락된 충전 신청은 거절할 수 없습니다. 잔액 조정을 이용해 주세요.',
          code: 'CHARGE_STATE',
        },
        409,
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ChargesScreen />, { route: '/admin/charges' });
    await user.click(await screen.findByRole('button', { name: '거절' }));
    const dialog = screen.getByRole('dialog', { name: '충전 신청 거절' });
    await user.click(within(dialog).getByRole('button', { name: '거절하기' }));
    expect(
      await screen.findByText('이미 수락된 충전 신청은 거절할 수 없습니다. 잔액 조정을 이용해 주세요.'),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: '충전 신청 거절' })).toBeInTheDocument();
  });

  it('searches by login id or depositor name and receipt kind through the URL', async () => {
    const { calls } = mockApi({ [on(adminPointsApi.charges)]: page([]) });
    const user = userEvent.setup();
    renderWithProviders(<ChargesScreen />, { route: '/admin/charges' });
    await screen.findByText('조건에 맞는 충전 신청이 없습니다.');
    await user.type(screen.getByLabelText('회원 아이디 또는 입금자명'), '홍길동');
    await user.selectOptions(screen.getByLabelText('증빙'), '0');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() =>
      expect(calls.at(-1)?.search).toBe(`?status=0&q=${encodeURIComponent('홍길동')}&feeType=0&page=1`),
    );
  });

  it('lists charges of every status under 전체 and keeps the tab in the URL', async () => {
    const { calls } = mockApi({
      [on(adminPointsApi.charges)]: (call: RecordedCall) =>
        json(
          page(
            new URLSearchParams(call.search).has('status')
              ? [charge()]
              : [
                  charge(),
                  charge({ id: 13, depositorName: '이영희', status: 1, decidedBy: 'admin' }),
                  charge({ id: 14, depositorName: '박민수', status: 2, decidedBy: 'admin' }),
                  charge({ id: 15, depositorName: '최지우', status: 3 }),
                ],
          ),
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ChargesScreen />, { route: '/admin/charges' });
    await screen.findByText('김철수');
    expect(screen.queryByText('이영희')).not.toBeInTheDocument();

    const all = screen.getByRole('link', { name: '전체' });
    expect(all).toHaveAttribute('href', '/admin/charges?status=all&page=1');
    await user.click(all);

    // The server is asked without a status (every status), and the rows of each status show.
    await screen.findByText('이영희');
    expect(calls.filter((c) => c.path === pathOf(adminPointsApi.charges)).at(-1)?.search).toBe('?page=1');
    const table = screen.getByRole('table', { name: '충전 신청 목록' });
    const chips = within(table)
      .getAllByText(/./, { selector: '.admin-chip' })
      .map((chip) => chip.textContent);
    expect(new Set(chips).size).toBeGreaterThanOrEqual(3);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByRole('link', { name: '전체' })).toHaveAttribute('aria-current', 'page');
    // Paging and searching stay on 전체.
    await user.type(screen.getByLabelText('회원 아이디 또는 입금자명'), 'kim');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === pathOf(adminPointsApi.charges)).at(-1)?.search).toBe(
        '?q=kim&page=1',
      ),
    );
    expect(screen.getByRole('link', { name: '전체' })).toHaveAttribute('aria-current', 'page');
  });
});
