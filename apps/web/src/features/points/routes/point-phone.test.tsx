import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import type { ChargeHistoryItem, ChargeHistoryResponse, Profile } from '@smm/domain/contract';
import { json, mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PointRoute } from './point';
import { authApi, pointsApi, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(pointsApi.pending);

/** A screen `width` px wide for the app's media queries (jsdom has no layout); `resize` moves it. */
function screenOf(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      get matches() {
        return max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const charge = (id: number, status: ChargeHistoryItem['status'], point = 10_000): ChargeHistoryItem => ({
  id,
  createdAt: '2026-11-22T09:00:00.000Z',
  point,
  payable: point,
  feeType: 2,
  status,
  responseAt: status === 0 ? null : '2026-11-22T10:00:00.000Z',
});

function server(items: ChargeHistoryItem[]) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  const history: ChargeHistoryResponse = { items, page: 1, pageSize: 10, total: items.length };
  return mockApi({
    ...quiet,
    [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
    [on(siteApi.settings)]: json(settingsOf({ ENABLE_PAYMENT_FEE: 'false' })),
    [on(pointsApi.history)]: json(history),
  });
}

describe('/point 충전내역 on a phone (390 px)', () => {
  const cardOf = (id: number) =>
    within(screen.getByRole('list', { name: '충전내역 목록' }))
      .getAllByRole('listitem')
      .find((li) => within(li).queryByText(String(id), { exact: true })) as HTMLElement;

  it('a card per charge: status and amount first, number and times, 충전 신청 취소 only on a pending one', async () => {
    screenOf(390);
    server([charge(5, 0, 1_234_567), charge(4, 1), charge(3, 3)]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    const list = await screen.findByRole('list', { name: '충전내역 목록' });
    expect(screen.queryByRole('region', { name: '충전내역 표' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    expect(cardOf(5).firstElementChild).toHaveTextContent(/^대기충전금액₩1,234,567$/);
    expect(cardOf(5)).toHaveTextContent(
      '충전번호5신청일시2026-11-22 18:00:00수락/거절일시-입금 안내충전 신청 취소',
    );
    expect(within(cardOf(5)).getByRole('button', { name: '충전 신청 취소' })).toBeInTheDocument();
    expect(cardOf(4).firstElementChild).toHaveTextContent(/^수락충전금액₩10,000$/);
    expect(cardOf(4)).toHaveTextContent('수락/거절일시2026-11-22 19:00:00');
    expect(within(cardOf(4)).queryByRole('button')).not.toBeInTheDocument();
    expect(cardOf(3).firstElementChild).toHaveTextContent(/^신청 취소충전금액₩10,000$/);
    expect(within(cardOf(3)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('the card keeps the confirm step of 충전 신청 취소', async () => {
    screenOf(390);
    const { calls } = server([charge(5, 0)]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    await screen.findByRole('list', { name: '충전내역 목록' });
    await userEvent.click(within(cardOf(5)).getByRole('button', { name: '충전 신청 취소' }));
    expect(screen.getByRole('alertdialog', { name: '충전 신청을 취소할까요?' })).toHaveTextContent(
      '충전번호 5 · 입금하실 금액 ₩10,000',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('above 880 px the table stays; the cards come back at 880 px', async () => {
    const device = screenOf(1440);
    server([charge(5, 0)]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    await screen.findByRole('region', { name: '충전내역 표' });
    expect(screen.queryByRole('list', { name: '충전내역 목록' })).not.toBeInTheDocument();
    device.resize(880);
    expect(screen.getByRole('list', { name: '충전내역 목록' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
