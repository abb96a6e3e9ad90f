import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminDepositListItem,
  AdminDepositWithMemo,
  AdminDepositsResponse,
  AttachDepositResponse,
} from '@smm/domain/contract';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { DepositsScreen } from './deposits-screen';
import { adminPointsApi, pathOf } from '@smm/domain/endpoints';

const deposit = (over: Partial<AdminDepositListItem> = {}): AdminDepositListItem => ({
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
  original: null,
  memo: null,
  ...over,
});

/** The relay's report of the same transfer, under the sender's text as written. */
const relayReport: AdminDepositWithMemo = {
  id: 3,
  source: 'webhook',
  reference: 'relay-77',
  depositorName: '정우성잔액',
  amount: 30_194,
  depositedAt: '2026-11-22T09:05:00.000Z',
  rawText: null,
  bank: null,
  accountTail: null,
  status: 'MATCHED',
  chargeId: 20,
  duplicateOf: null,
  createdAt: '2026-11-22T09:05:30.000Z',
  memo: null,
};

const page = (items: AdminDepositListItem[]): AdminDepositsResponse => ({
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
    const { calls } = mockApi({ [on(adminPointsApi.deposits)]: page([deposit()]) });
    renderWithProviders(<DepositsScreen />, { route: '/admin/deposits?status=DUPLICATE' });
    await screen.findByText('먼저 받은 입금 #3');
    const table = screen.getByRole('table', { name: '입금 목록' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('중복 의심');
    expect(row).toHaveTextContent('먼저 받은 입금 #3');
    // The bank and the visible tail of the account the money arrived in.
    expect(within(row).getByTitle('받은 계좌 끝자리 789')).toHaveTextContent('··789');
    expect(calls.find((c) => c.path === pathOf(adminPointsApi.deposits))?.search).toBe(
      '?status=DUPLICATE&page=1',
    );
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
      deposit: (({ original: _original, ...item }) => item)(deposit({ status: 'MATCHED', chargeId: 21 })),
      changed: true,
    };
    const { calls } = mockApi({
      [on(adminPointsApi.deposits)]: page([deposit()]),
      [on(adminPointsApi.depositCandidates, { id: 9 })]: {
        items: [{ ...attached.charge, status: 0, depositId: null }],
      },
      [on(adminPointsApi.attachDeposit, { id: 9 })]: json(attached),
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

  it('shows a duplicate held under another reading of the name beside the earlier report', async () => {
    const user = userEvent.setup();
    const held = deposit({
      depositorName: '정우성',
      amount: 30_194,
      rawText: '[KB]11/22 18:05\n123456**789\n정우성잔액\n입금\n30,194\n잔액1,234,567',
      original: relayReport,
    });
    mockApi({
      [on(adminPointsApi.deposits)]: page([held]),
      [on(adminPointsApi.depositCandidates, { id: 9 })]: { items: [] },
    });
    renderWithProviders(<DepositsScreen />, { route: '/admin/deposits?status=DUPLICATE' });
    const table = await screen.findByRole('table', { name: '입금 목록' });
    const row = (await within(table).findByText('정우성잔액 · 입금 알림')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '충전에 연결' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('note')).toHaveTextContent('입금자명이 달라도');
    const compare = within(dialog).getByRole('table');
    const cells = (label: string) =>
      within(within(compare).getByRole('rowheader', { name: label }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(
      within(compare)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', '이번 입금 #9', '먼저 받은 입금 #3']);
    expect(cells('입금자')).toEqual(['정우성', '정우성잔액']);
    expect(cells('금액')).toEqual(['₩30,194', '₩30,194']);
    expect(cells('은행')).toEqual(['KB', '-']);
    expect(cells('받은 계좌 끝자리')).toEqual(['789', '-']);
    expect(cells('출처')).toEqual(['은행 문자', '입금 알림']);
    expect(cells('원문 · 사유')).toEqual([held.rawText, 'relay-77']);
  });

  it('shows the reason an operator typed for a deposit they entered, as text, never its internal key', async () => {
    const user = userEvent.setup();
    const typed = '통장 확인 <img src=x onerror="alert(1)">';
    const entered = deposit({
      source: 'operator',
      reference: '1:3f0c-internal-key',
      rawText: null,
      bank: null,
      accountTail: null,
      status: 'UNMATCHED',
      duplicateOf: null,
      memo: typed,
    });
    mockApi({
      [on(adminPointsApi.deposits)]: page([entered]),
      [on(adminPointsApi.depositCandidates, { id: 9 })]: { items: [] },
    });
    renderWithProviders(<DepositsScreen />, { route: '/admin/deposits' });
    const table = await screen.findByRole('table', { name: '입금 목록' });
    const row = (await within(table).findByText(typed)).closest('tr')!;
    expect(row).toHaveTextContent(`등록 사유 ${typed}`);
    expect(row).not.toHaveTextContent('3f0c-internal-key');
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByTitle(typed)).toBeInTheDocument();
    // The attach dialog says it too.
    await user.click(within(row).getByRole('button', { name: '충전에 연결' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`등록 사유 ${typed}`);
    expect(dialog).not.toHaveTextContent('3f0c-internal-key');
  });

  it('opens on 미확인 and lists deposits of every status under 전체', async () => {
    const { calls } = mockApi({
      [on(adminPointsApi.deposits)]: (call: RecordedCall) =>
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
    expect(calls.find((c) => c.path === pathOf(adminPointsApi.deposits))?.search).toBe(
      '?status=UNMATCHED&page=1',
    );
    expect(screen.getByRole('link', { name: '미확인' })).toHaveAttribute('aria-current', 'page');

    const all = screen.getByRole('link', { name: '전체' });
    expect(all).toHaveAttribute('href', '/admin/deposits?status=all&page=1');
    await user.click(all);

    await within(table).findByText('충전 완료');
    expect(within(table).getByText('중복 의심')).toBeInTheDocument();
    expect(within(table).getByText('미확인')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === pathOf(adminPointsApi.deposits)).at(-1)?.search).toBe('?page=1');
    expect(screen.getByRole('link', { name: '전체' })).toHaveAttribute('aria-current', 'page');
  });
});
