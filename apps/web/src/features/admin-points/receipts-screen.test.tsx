import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSV_BOM, STORAGE_KEYS } from '@smm/domain';
import type { ReceiptItem } from '@smm/domain/contract';
import { json, mockApi, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ReceiptsScreen } from './receipts-screen';
import { adminPointsApi, authApi, pathOf } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(authApi.profile);

const saveTextFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/download', () => ({ saveTextFile }));

const receipt: ReceiptItem = {
  chargeId: 12,
  kind: 1,
  memberLoginId: 'kim_1',
  depositorName: '테스트상사',
  point: 100_000,
  supplyAmount: 100_000,
  vatAmount: 10_000,
  totalAmount: 110_000,
  details: {
    company: '(주)테스트상사',
    businessNumber: '2208162517',
    leader: '김대표',
    email: 'tax@example.com',
  },
  creditedAt: '2026-11-22T09:00:00.000Z',
  issuedAt: null,
  issuedBy: null,
};

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.JWT, 'operator-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  saveTextFile.mockReset();
});

describe('ReceiptsScreen', () => {
  it('lists receipts to issue with 공급가액 and 부가세, and marks one issued', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(adminPointsApi.receipts)]: { items: [receipt], page: 1, pageSize: 50, total: 1 },
      [on(adminPointsApi.issueReceipt, { chargeId: 12 })]: {
        receipt: { ...receipt, issuedAt: '2026-11-22T10:00:00.000Z', issuedBy: 'admin' },
        changed: true,
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReceiptsScreen />, { route: '/admin/receipts' });
    await screen.findByText('(주)테스트상사');
    const row = within(screen.getByRole('table', { name: '증빙 발행 목록' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('220-81-62517');
    expect(row).toHaveTextContent('₩100,000');
    expect(row).toHaveTextContent('₩10,000');
    expect(row).toHaveTextContent('₩110,000');
    await user.click(within(row).getByRole('button', { name: '발행 완료 처리' }));
    const dialog = screen.getByRole('dialog', { name: '세금계산서 발행 완료 처리' });
    await user.click(within(dialog).getByRole('button', { name: '발행 완료로 표시' }));
    expect(await screen.findByText('세금계산서 발행 완료로 표시했습니다.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('downloads the server’s CSV with the token, keeping the BOM Excel needs', async () => {
    const csv = `${CSV_BOM}충전 번호,증빙 종류\r\n12,세금계산서\r\n`;
    const { calls } = mockApi({
      ...quiet,
      [on(adminPointsApi.receipts)]: { items: [receipt], page: 1, pageSize: 50, total: 1 },
      [on(adminPointsApi.receiptsCsv)]: () =>
        new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="receipts.csv"; filename*=UTF-8''${encodeURIComponent('세금계산서_미처리_20261122-1800.csv')}`,
          },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReceiptsScreen />, { route: '/admin/receipts?kind=1' });
    await screen.findByText('(주)테스트상사');
    await user.click(screen.getByRole('button', { name: 'CSV 내보내기' }));
    await waitFor(() => expect(saveTextFile).toHaveBeenCalledTimes(1));
    const [fileName, text, mime] = saveTextFile.mock.calls[0]!;
    expect(fileName).toBe('세금계산서_미처리_20261122-1800.csv');
    expect(text).toBe(csv);
    expect(mime).toBe('text/csv; charset=utf-8');
    const request = calls.find((c) => c.path === pathOf(adminPointsApi.receiptsCsv))!;
    expect(request.search).toBe('?status=todo&kind=1');
    expect(request.headers.get('Authorization')).toBe('Bearer operator-token');
  });

  it('shows the server’s message when the export is refused', async () => {
    mockApi({
      ...quiet,
      [on(adminPointsApi.receipts)]: { items: [], page: 1, pageSize: 50, total: 0 },
      [on(adminPointsApi.receiptsCsv)]: json({ message: '권한이 없습니다.', code: 'FORBIDDEN' }, 403),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReceiptsScreen />, { route: '/admin/receipts' });
    await screen.findByText('처리할 증빙이 없습니다.');
    await user.click(screen.getByRole('button', { name: 'CSV 내보내기' }));
    // The toast (sonner) is in the document at once; it fades in, so "visible" depends on timing.
    expect(await screen.findByText('권한이 없습니다.')).toBeInTheDocument();
    expect(saveTextFile).not.toHaveBeenCalled();
  });
});
