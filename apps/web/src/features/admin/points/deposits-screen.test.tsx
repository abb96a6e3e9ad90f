import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDepositItem, AdminDepositsResponse, AttachDepositResponse } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { DepositsScreen } from './deposits-screen';

const deposit = (over: Partial<AdminDepositItem> = {}): AdminDepositItem => ({
  id: 9,
  source: 'bank-sms',
  reference: 'sha256:ab',
  depositorName: '홍길동',
  amount: 10_000,
  depositedAt: '2026-11-22T09:05:00.000Z',
  rawText: '[Web발신]\n[KB]11/22 18:05\n123456**789\n홍길동\n입금\n10,000\n잔액1,234,567',
  bank: 'KB',
  accountTail: '789',
  status: 'DUPLICATE',
  chargeId: null,
  duplicateOf: 3,
  createdAt: '2026-11-22T09:06:00.000Z',
  ...over,
});

const page = (items: AdminDepositItem[]): AdminDepositsResponse => ({
  items,
  page: 1,
  pageSize: 50,
  total: items.length,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DepositsScreen', () => {
  it('lists a second report of a transfer as 중복 의심 with the earlier deposit, under its own tab', async () => {
    const { calls } = mockApi({ 'GET /admin/api/deposits': page([deposit()]) });
    renderWithProviders(<DepositsScreen />, { route: '/admin/deposits?status=DUPLICATE' });
    await screen.findByText('먼저 받은 입금 #3');
    const table = screen.getByRole('table', { name: '입금 목록' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('중복 의심');
    expect(row).toHaveTextContent('먼저 받은 입금 #3');
    // The bank and the visible tail of the account the money arrived in.
    expect(within(row).getByTitle('받은 계좌 끝자리 789')).toHaveTextContent('··789');
    expect(calls.find((c) => c.path === '/admin/api/deposits')?.search).toBe('?status=DUPLICATE&page=1');
    expect(screen.getByRole('link', { name: '중복 의심' })).toHaveAttribute('aria-current', 'page');
  });

  it('lets the operator attach a duplicate to a charge after a warning (a genuine second transfer)', async () => {
    const user = userEvent.setup();
    const attached: AttachDepositResponse = {
      charge: {
        id: 21,
        memberLoginId: 'hong_1',
        depositorName: '홍길동',
        point: 10_000,
        payable: 10_000,
        feeType: 2,
        feeValue: null,
        status: 1,
        createdAt: '2026-11-22T09:01:00.000Z',
        expiresAt: '2026-11-22T12:01:00.000Z',
        responseAt: '2026-11-22T09:10:00.000Z',
        depositId: 9,
        decidedBy: 'admin',
        receiptIssuedAt: null,
      },
      deposit: deposit({ status: 'MATCHED', chargeId: 21 }),
      changed: true,
    };
    const { calls } = mockApi({
      'GET /admin/api/deposits': page([deposit()]),
      'GET /admin/api/deposits/9/candidates': { items: [{ ...attached.charge, status: 0, depositId: null }] },
      'POST /admin/api/deposits/9/attach': json(attached),
    });
    renderWithProviders(<DepositsScreen />, { route: '/admin/deposits?status=DUPLICATE' });
    await user.click(await screen.findByRole('button', { name: '충전에 연결' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('note')).toHaveTextContent('먼저 받은 입금(#3)');
    await user.click(await within(dialog).findByRole('radio'));
    await user.click(within(dialog).getByRole('button', { name: /연결/ }));
    expect(await screen.findByText(/충전 신청 #21에 연결했습니다/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ chargeId: 21 });
  });

  it('opens on 미확인 and lists deposits of every status under 전체', async () => {
    const { calls } = mockApi({
      'GET /admin/api/deposits': (call: RecordedCall) =>
        json(
          page(
            new URLSearchParams(call.search).has('status')
              ? [deposit({ status: 'UNMATCHED', duplicateOf: null })]
              : [
                  deposit({ status: 'UNMATCHED', duplicateOf: null }),
                  deposit({ id: 10, status: 'MATCHED', chargeId: 21, duplicateOf: null }),
                  deposit({ id: 11 }),
                ],
          ),
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<DepositsScreen />, { route: '/admin/deposits' });
    const table = await screen.findByRole('table', { name: '입금 목록' });
    await within(table).findByText('미확인');
    expect(calls.find((c) => c.path === '/admin/api/deposits')?.search).toBe('?status=UNMATCHED&page=1');
    expect(screen.getByRole('link', { name: '미확인' })).toHaveAttribute('aria-current', 'page');

    const all = screen.getByRole('link', { name: '전체' });
    expect(all).toHaveAttribute('href', '/admin/deposits?status=all&page=1');
    await user.click(all);

    await within(table).findByText('충전 완료');
    expect(within(table).getByText('중복 의심')).toBeInTheDocument();
    expect(within(table).getByText('미확인')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/api/deposits').at(-1)?.search).toBe('?page=1');
    expect(screen.getByRole('link', { name: '전체' })).toHaveAttribute('aria-current', 'page');
  });
});
