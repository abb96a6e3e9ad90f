import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POINT_ADJUSTMENT_MESSAGES as M } from '@smm/domain';
import type { MemberLedgerResponse } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { MemberLedgerPanel } from './member-ledger-panel';
import { adminPointsApi, pathOf } from '@smm/domain/endpoints';

const LEDGER_PATH = pathOf(adminPointsApi.memberLedger, { loginId: 'kim_1' });
const ADJUST_PATH = pathOf(adminPointsApi.adjustPoints, { loginId: 'kim_1' });

function ledger(balance: number): MemberLedgerResponse {
  return {
    loginId: 'kim_1',
    balance,
    items: [
      {
        id: 2,
        delta: -3000,
        reason: 'ADJUSTMENT',
        reasonLabel: '운영자 조정',
        reference: 'adjustment:6',
        balanceAfter: 7000,
        createdAt: '2026-11-22T09:01:00.000Z',
      },
      {
        id: 1,
        delta: 10000,
        reason: 'CHARGE',
        reasonLabel: '포인트 충전',
        reference: 'charge:12',
        balanceAfter: 10000,
        createdAt: '2026-11-22T09:00:00.000Z',
      },
      {
        id: 4,
        delta: 1800,
        reason: 'REFUND',
        reasonLabel: '주문 환불',
        reference: 'order:5',
        balanceAfter: 4800,
        createdAt: '2026-11-21T09:00:00.000Z',
      },
      {
        id: 3,
        delta: -2000,
        reason: 'ORDER',
        reasonLabel: '주문 결제',
        reference: 'auto:18',
        balanceAfter: 3000,
        createdAt: '2026-11-21T08:00:00.000Z',
      },
    ],
    page: 1,
    pageSize: 20,
    total: 4,
  };
}

const adjustCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === ADJUST_PATH);

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPanel(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ [`GET ${LEDGER_PATH}`]: ledger(7000), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<MemberLedgerPanel loginId="kim_1" />, { route: '/admin/members/kim_1' });
  await screen.findByText('₩7,000', { selector: 'strong' });
  return { ...api, user };
}

describe('MemberLedgerPanel', () => {
  it('shows the balance and the ledger with Korean reasons, in Seoul time', async () => {
    await renderPanel({});
    const table = screen.getByRole('table', { name: '포인트 내역' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-11-22 18:01:00');
    expect(rows[1]).toHaveTextContent('운영자 조정');
    expect(rows[1]).toHaveTextContent('조정 #6');
    expect(rows[1]).toHaveTextContent('−₩3,000');
    expect(rows[2]).toHaveTextContent('포인트 충전');
    expect(rows[2]).toHaveTextContent('충전 #12');
    expect(rows[3]).toHaveTextContent('환불 · 주문 #5');
    expect(rows[4]).toHaveTextContent('자동주문 #18');
    expect(table).not.toHaveTextContent(/auto:|order:/);
  });

  it('shows the domain rule’s message and sends nothing while the form is invalid', async () => {
    const { calls, user } = await renderPanel({});
    const submit = screen.getByRole('button', { name: '지급하기' });
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(M.DELTA_INVALID);

    await user.type(screen.getByLabelText('금액 (원)'), '5,000');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(M.MEMO_REQUIRED);

    await user.clear(screen.getByLabelText('금액 (원)'));
    await user.type(screen.getByLabelText('금액 (원)'), '100000001');
    await user.type(screen.getByLabelText('사유'), '보상');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(M.DELTA_TOO_LARGE);
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('sends one request per submit, the same key again after a network error, a new key after success', async () => {
    let failNext = true;
    let release: () => void = () => {};
    const { calls, user } = await renderPanel({
      [`POST ${ADJUST_PATH}`]: async () => {
        if (failNext) {
          failNext = false;
          throw new TypeError('Failed to fetch');
        }
        // Held until the test lets it answer, so a second click lands while it is in flight.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return json({ adjustmentId: 6, balance: 2000 });
      },
    });
    await user.click(screen.getByLabelText('차감 (−)'));
    await user.type(screen.getByLabelText('금액 (원)'), '5000');
    await user.type(screen.getByLabelText('사유'), '  중복 충전 회수 ');
    const submit = screen.getByRole('button', { name: '차감하기' });

    await user.click(submit);
    expect(await screen.findByText('잔액을 조정하지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeVisible();
    expect(adjustCalls(calls)).toHaveLength(1);

    // The retry: clicked twice while the request is in flight — still one request.
    await user.click(screen.getByRole('button', { name: '차감하기' }));
    await user.click(screen.getByRole('button', { name: /조정 중…|차감하기/ }));
    await waitFor(() => expect(adjustCalls(calls)).toHaveLength(2));
    release();
    expect(await screen.findByText('잔액을 조정했습니다. 현재 잔액은 ₩2,000입니다.')).toBeVisible();

    const [failed, retried] = adjustCalls(calls);
    expect(retried!.body).toEqual({ delta: -5000, memo: '중복 충전 회수' });
    const key = failed!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(retried!.headers.get('Idempotency-Key')).toBe(key);
    expect(adjustCalls(calls)).toHaveLength(2);

    // The form starts over (amount, reason, direction) with a new key.
    expect(screen.getByLabelText('금액 (원)')).toHaveValue('');
    await user.type(screen.getByLabelText('금액 (원)'), '1000');
    await user.type(screen.getByLabelText('사유'), '이벤트 보상');
    await user.click(screen.getByRole('button', { name: '지급하기' }));
    release();
    await waitFor(() => expect(adjustCalls(calls)).toHaveLength(3));
    const third = adjustCalls(calls)[2]!;
    expect(third.body).toEqual({ delta: 1000, memo: '이벤트 보상' });
    expect(third.headers.get('Idempotency-Key')).not.toBe(key);
    // The ledger (and the members area's queries) are refetched after a success.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === LEDGER_PATH).length).toBeGreaterThan(1),
    );
  });

  it('says so when the member is unknown', async () => {
    mockApi({
      [`GET ${LEDGER_PATH}`]: json({ message: '회원을 찾을 수 없습니다.', code: 'NOT_FOUND' }, 404),
    });
    renderWithProviders(<MemberLedgerPanel loginId="kim_1" />);
    expect(await screen.findByText('포인트 내역을 불러오지 못했습니다.')).toBeVisible();
  });
});
