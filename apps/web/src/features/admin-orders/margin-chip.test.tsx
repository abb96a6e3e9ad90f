import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { sampleOrder } from './orders-test-data';
import { OrdersScreen } from './orders-screen';
import { adminCatalogApi, adminOrdersApi, pathOf } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(adminCatalogApi.providers, adminCatalogApi.services);

/** The margin guard on placed orders (docs/product.md#operator-console): 역마진 on the row. */
describe('orders list margin chip', () => {
  it('marks an order its provider charged more than the member paid', async () => {
    mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: {
        items: [
          sampleOrder({
            id: 8,
            cost: 1_000,
            refunded: 0,
            providerCharge: '1000.01',
            chargeExceedsPaid: true,
          }),
          sampleOrder({ id: 9, providerCharge: '0.00', chargeExceedsPaid: false }),
        ],
        page: 1,
        pageSize: 20,
        total: 2,
      },
    });
    renderWithProviders(<OrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    const table = await screen.findByRole('table', { name: '주문 목록' });
    const chips = await within(table).findAllByText('역마진');
    expect(chips).toHaveLength(1);
    expect(chips[0]).toHaveAttribute('title', '공급사 청구 1000.01 > 결제 ₩1,000');
    expect(
      within(chips[0]!.closest('tr')!).getByRole('button', { name: '주문 8 취소·환불' }),
    ).toBeInTheDocument();
  });

  it('filters the list to 역마진 orders (chargeExceedsPaid=true, kept in the URL as loss=1)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...quiet,
      [on(adminOrdersApi.orders)]: { items: [], page: 1, pageSize: 20, total: 0 },
    });
    renderWithProviders(<OrdersScreen />, { route: '/admin/orders', path: '/admin/orders' });
    await screen.findByRole('table', { name: '주문 목록' });
    await user.click(screen.getByLabelText('역마진만'));
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === pathOf(adminOrdersApi.orders)).at(-1);
      expect(new URLSearchParams(last?.search).get('chargeExceedsPaid')).toBe('true');
    });
    expect(await screen.findByText('조건에 맞는 주문이 없습니다.')).toBeInTheDocument();
  });
});
