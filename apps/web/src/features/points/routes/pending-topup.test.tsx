import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OWN_PENDING_CHARGE_MESSAGE, STORAGE_KEYS } from '@smm/domain';
import type {
  ChargeTransferStatus,
  ChargeHistoryItem,
  ChargeHistoryResponse,
  Profile,
} from '@smm/domain/contract';
import { json, mockApi, settingsOf, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PointRoute } from './point';
import { authApi, pointsApi, siteApi, pathOf } from '@smm/domain/endpoints';

/** docs/product.md#point-charge-page: a pending charge's instructions found again after a reload. */

const LEFT = 2 * 3600 + 41 * 60 + 30;

/** A tax-invoice charge: ₩20,000 of points, ₩22,000 to transfer. */
function transfer(id: number, over: Partial<ChargeTransferStatus> = {}): ChargeTransferStatus {
  return {
    id,
    point: 20_000,
    payable: 22_000,
    depositorName: '김철수',
    feeType: 1,
    bankName: '국민은행',
    accountNumber: '123456-01-234567',
    accountHolder: '(주)소셜부스트',
    createdAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2026-11-22T12:00:00.000Z',
    status: 0,
    secondsLeft: LEFT,
    ...over,
  };
}

const row = (c: ChargeTransferStatus): ChargeHistoryItem => ({
  id: c.id,
  createdAt: c.createdAt,
  point: c.point,
  payable: c.payable,
  feeType: c.feeType,
  status: c.status,
  responseAt: null,
});

function server(pending: ChargeTransferStatus[], routes: Record<string, unknown> = {}) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  const items = pending.map(row);
  return mockApi({
    [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
    [on(siteApi.settings)]: json(settingsOf({ ENABLE_PAYMENT_FEE: 'true' })),
    [on(pointsApi.history)]: json({
      items,
      page: 1,
      pageSize: 10,
      total: items.length,
    } satisfies ChargeHistoryResponse),
    [on(pointsApi.pending)]: json(pending),
    ...Object.fromEntries(pending.map((c) => [on(pointsApi.transfer, { id: c.id }), json(c)])),
    ...routes,
  });
}

const reads = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path);

describe('/point after a reload, with a charge pending', () => {
  it('shows its instructions at the top: account, holder, both amounts, the time left, copy buttons', async () => {
    const user = userEvent.setup();
    server([transfer(5)]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    const card = await screen.findByRole('region', { name: '입금 대기 중인 충전 1건' });
    expect(card).toHaveTextContent('입금 은행국민은행');
    expect(card).toHaveTextContent('계좌번호123456-01-234567');
    // The holder once, under its own label.
    expect(card).toHaveTextContent('예금주(주)소셜부스트');
    expect(card.textContent?.match(/예금주/g)).toHaveLength(1);
    const item = within(card).getByRole('listitem', { name: '충전번호 5' });
    expect(item).toHaveTextContent('입금하실 금액₩22,000');
    expect(item).toHaveTextContent('충전될 포인트₩20,000 (세금계산서)');
    expect(item).toHaveTextContent('입금자명김철수');
    expect(item).toHaveTextContent('2시간 41분 남음');

    await user.click(within(item).getByRole('button', { name: '금액 복사' }));
    expect(await navigator.clipboard.readText()).toBe('22000');
    await user.click(within(card).getByRole('button', { name: '계좌번호 복사' }));
    expect(await navigator.clipboard.readText()).toBe('123456-01-234567');
  });

  it('shows nothing at the top when no charge waits', async () => {
    server([]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    await screen.findByText('충전내역이 없습니다');
    expect(screen.queryByRole('region', { name: /입금 대기 중인 충전/ })).not.toBeInTheDocument();
  });

  it('lists several pending charges, the account once; equal amounts show no second figure', async () => {
    server([transfer(7, { point: 10_000, payable: 10_000, feeType: 2, secondsLeft: 59 }), transfer(5)]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    const card = await screen.findByRole('region', { name: '입금 대기 중인 충전 2건' });
    expect(within(card).getAllByRole('button', { name: '계좌번호 복사' })).toHaveLength(1);
    expect(within(card).getAllByRole('button', { name: '금액 복사' })).toHaveLength(2);
    const plain = within(card).getByRole('listitem', { name: '충전번호 7' });
    expect(plain).toHaveTextContent('입금하실 금액₩10,000');
    expect(plain).not.toHaveTextContent('충전될 포인트');
    expect(plain).toHaveTextContent('1분 미만 남음');
  });

  it('a history row shows both amounts and its 입금 안내 opens the charge’s instructions, read from the server', async () => {
    const user = userEvent.setup();
    const { calls } = server([transfer(5)]);
    renderWithProviders(<PointRoute />, { route: '/point' });
    const table = await screen.findByRole('region', { name: '충전내역 표' });
    const line = within(table).getByRole('row', { name: /^5 / });
    expect(line).toHaveTextContent('₩20,000입금액 ₩22,000');

    await user.click(within(line).getByRole('button', { name: '충전번호 5 입금 안내' }));
    const dialog = await screen.findByRole('dialog', { name: '입금 안내 · 충전번호 5' });
    expect(await within(dialog).findByText('₩22,000')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('예금주(주)소셜부스트');
    expect(dialog).toHaveTextContent('충전될 포인트₩20,000 (세금계산서)');
    expect(dialog).toHaveTextContent('2시간 41분 남음');
    expect(within(dialog).getByRole('button', { name: '금액 복사' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '계좌번호 복사' })).toBeInTheDocument();
    expect(reads(calls, pathOf(pointsApi.transfer, { id: 5 }))).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a charge credited meanwhile says so in the dialog instead of asking for the transfer', async () => {
    const user = userEvent.setup();
    server([transfer(5)], {
      [on(pointsApi.transfer, { id: 5 })]: json(transfer(5, { status: 1, secondsLeft: 0 })),
    });
    renderWithProviders(<PointRoute />, { route: '/point' });
    const table = await screen.findByRole('region', { name: '충전내역 표' });
    await user.click(within(table).getByRole('button', { name: '충전번호 5 입금 안내' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('입금이 확인되어 충전이 완료되었습니다.')).toBeInTheDocument();
    expect(within(dialog).queryByText('123456-01-234567')).not.toBeInTheDocument();
  });
});

describe('/point asking again for what one’s own pending charge holds', () => {
  async function askAgain() {
    const user = userEvent.setup();
    renderWithProviders(<PointRoute />, { route: '/point' });
    await user.type(await screen.findByLabelText('입금자명'), '김철수');
    await user.type(screen.getByLabelText('충전금액'), '10000');
    await user.click(screen.getByRole('button', { name: '충전 신청하기' }));
    return user;
  }

  it('offers 신청한 충전 보기, which opens that charge’s instructions', async () => {
    const mine = transfer(9, { point: 10_000, payable: 10_000, feeType: 2 });
    const { calls } = server([], {
      [on(pointsApi.transfer, { id: 9 })]: json(mine),
      [on(pointsApi.requestCharge)]: json(
        { message: OWN_PENDING_CHARGE_MESSAGE, code: 'CHARGE_CONFLICT', pendingChargeId: 9 },
        409,
      ),
    });
    const user = await askAgain();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(OWN_PENDING_CHARGE_MESSAGE);
    await user.click(within(alert).getByRole('button', { name: '신청한 충전 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '입금 안내 · 충전번호 9' });
    expect(await within(dialog).findByText('123456-01-234567')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('입금하실 금액₩10,000');
    expect(reads(calls, pathOf(pointsApi.transfer, { id: 9 }))).toHaveLength(1);
  });

  it('another member’s clash names no charge: the message alone, no button', async () => {
    const message = '같은 입금자명과 입금액으로 입금 대기 중인 충전 신청이 있습니다.';
    server([], {
      [on(pointsApi.requestCharge)]: json({ message, code: 'CHARGE_CONFLICT' }, 409),
    });
    await askAgain();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '신청한 충전 보기' })).not.toBeInTheDocument();
  });
});
