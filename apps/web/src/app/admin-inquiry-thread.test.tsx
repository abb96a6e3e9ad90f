import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  adminInquiriesApi,
  adminOrdersApi,
  adminPointsApi,
  adminSavedAnswersApi,
  pathOf,
} from '@smm/domain/endpoints';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import {
  linkedCharge,
  linkedOrder,
  queueOf,
  sampleInquiry,
  sampleThread,
} from '@/features/admin-inquiries/inquiries-test-data';
import { AdminApp } from './admin-app';

describe('the console’s inquiry thread as admin-app composes it', () => {
  it('asks the provider for a refill of the linked order with the orders screen’s dialog, then shows the order again', async () => {
    const user = userEvent.setup();
    let refilled = false;
    const { calls } = mockApi({
      // The reply's 자주 쓰는 답변 picker reads the saved answers.
      [on(adminSavedAnswersApi.list)]: [],
      [on(adminInquiriesApi.thread, { id: 7 })]: () =>
        new Response(
          JSON.stringify(
            sampleThread({
              order: linkedOrder(refilled ? { latestRefill: { id: 40, status: 0 } } : {}),
            }),
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      [on(adminOrdersApi.requestOrderRefill, { id: 22 })]: () => {
        refilled = true;
        return new Response(JSON.stringify({ refill: {}, changed: true }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    renderWithProviders(<AdminApp operatorId="admin" />, {
      route: '/admin/inquiries/7',
      path: '/admin/*',
    });

    const side = await screen.findByRole('complementary', { name: '연결된 주문·충전' });
    await user.click(await within(side).findByRole('button', { name: '주문 22 리필 요청' }));
    const dialog = await screen.findByRole('dialog', { name: '리필 요청' });
    await user.type(within(dialog).getByLabelText('메모 (선택)'), '문의 #7');
    await user.click(within(dialog).getByRole('button', { name: '리필 요청' }));

    await waitFor(() =>
      expect(
        calls
          .filter(
            (c) => c.method === 'POST' && c.path === pathOf(adminOrdersApi.requestOrderRefill, { id: 22 }),
          )
          .map((c) => c.body),
      ).toEqual([{ memo: '문의 #7' }]),
    );
    // The thread is read again: the order now has its refill, and its button is gone.
    await within(side).findByText(/#40/);
    expect(within(side).queryByRole('button', { name: '주문 22 리필 요청' })).toBeNull();
    expect(
      calls.filter((c) => c.method === 'GET' && c.path === pathOf(adminInquiriesApi.thread, { id: 7 }))
        .length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts the waiting inquiries on the menu entry once the queue has answered, with no call of its own', async () => {
    const { calls } = mockApi({
      // The reply's 자주 쓰는 답변 picker reads the saved answers.
      [on(adminSavedAnswersApi.list)]: [],
      [on(adminInquiriesApi.list)]: queueOf([sampleInquiry()], 3),
    });
    renderWithProviders(<AdminApp operatorId="admin" />, { route: '/admin/inquiries', path: '/admin/*' });
    const entry = screen.getByRole('link', { name: /^1:1 문의/ });
    expect(entry).toHaveTextContent(/^1:1 문의$/);
    await screen.findByRole('link', { name: '팔로워가 줄었어요' });
    await waitFor(() => expect(entry).toHaveTextContent('1:1 문의3건 대기'));
    expect(calls.filter((c) => c.path === pathOf(adminInquiriesApi.list))).toHaveLength(1);
  });

  it('accepts the linked charge with the charges screen’s dialog, then shows the charge again', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const { calls } = mockApi({
      // The reply's 자주 쓰는 답변 picker reads the saved answers.
      [on(adminSavedAnswersApi.list)]: [],
      [on(adminInquiriesApi.thread, { id: 7 })]: () =>
        json(
          sampleThread({
            inquiry: sampleInquiry({ type: 'CHARGE', orderId: null, chargeId: 5 }),
            order: null,
            charge: linkedCharge(accepted ? { status: 1, decidedBy: 'admin' } : {}),
            ledger: [],
          }),
        ),
      [on(adminPointsApi.acceptCharge, { id: 5 })]: () => {
        accepted = true;
        return json({ changed: true });
      },
    });
    renderWithProviders(<AdminApp operatorId="admin" />, { route: '/admin/inquiries/7', path: '/admin/*' });

    const side = await screen.findByRole('complementary', { name: '연결된 주문·충전' });
    expect(within(side).getByText('충전 #5')).toBeInTheDocument();
    await user.click(await within(side).findByRole('button', { name: '수락' }));
    const dialog = await screen.findByRole('dialog', { name: '충전 신청 수락' });
    await user.click(within(dialog).getByRole('button', { name: '수락하기' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === pathOf(adminPointsApi.acceptCharge, { id: 5 })),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(within(side).queryByRole('button', { name: '수락' })).toBeNull());
    expect(within(side).getByText('수락')).toBeInTheDocument();
  });

  it('attaches a held deposit to the linked charge (same amount first), then shows the charge again', async () => {
    const user = userEvent.setup();
    let attached = false;
    const held = (id: number, status: 'UNMATCHED' | 'LATE', depositorName: string, amount: number) => ({
      id,
      source: 'webhook',
      reference: `relay-${id}`,
      depositorName,
      amount,
      depositedAt: '2026-11-22T09:05:00.000Z',
      rawText: null,
      bank: null,
      accountTail: null,
      status,
      chargeId: null,
      duplicateOf: null,
      createdAt: '2026-11-22T09:06:00.000Z',
      memo: null,
      original: null,
    });
    const { calls } = mockApi({
      // The reply's 자주 쓰는 답변 picker reads the saved answers.
      [on(adminSavedAnswersApi.list)]: [],
      [on(adminInquiriesApi.thread, { id: 7 })]: () =>
        json(
          sampleThread({
            inquiry: sampleInquiry({ type: 'CHARGE', orderId: null, chargeId: 5 }),
            order: null,
            charge: linkedCharge(attached ? { status: 1, depositId: 31 } : {}),
            ledger: [],
          }),
        ),
      [on(adminPointsApi.deposits)]: (call: { search: string }) => {
        const status = new URLSearchParams(call.search).get('status');
        const items =
          status === 'UNMATCHED'
            ? [held(30, 'UNMATCHED', '박영희', 10_000)]
            : status === 'LATE'
              ? [held(31, 'LATE', '김민수', 33_000)]
              : [];
        return json({ items, page: 1, pageSize: 50, total: items.length });
      },
      [on(adminPointsApi.attachDeposit, { id: 31 })]: () => {
        attached = true;
        return json({
          changed: true,
          charge: linkedCharge({ status: 1 }),
          deposit: held(31, 'LATE', '김민수', 33_000),
        });
      },
    });
    renderWithProviders(<AdminApp operatorId="admin" />, { route: '/admin/inquiries/7', path: '/admin/*' });

    const side = await screen.findByRole('complementary', { name: '연결된 주문·충전' });
    await user.click(await within(side).findByRole('button', { name: '입금 연결' }));
    const dialog = await screen.findByRole('dialog', { name: '입금 연결' });
    const options = await within(dialog).findAllByRole('radio');
    expect(options).toHaveLength(2);
    // The deposit of the charge's amount (₩33,000) and depositor comes first.
    expect(options[0]).toHaveAttribute('value', '31');
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('button', { name: '연결하고 충전하기' }));
    await waitFor(() =>
      expect(
        calls.filter(
          (c) => c.method === 'POST' && c.path === pathOf(adminPointsApi.attachDeposit, { id: 31 }),
        ),
      ).toHaveLength(1),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ chargeId: 5, memo: '' });
    await waitFor(() => expect(within(side).queryByRole('button', { name: '입금 연결' })).toBeNull());
  });
});
