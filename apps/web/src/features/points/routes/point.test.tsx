import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, CHARGE_WITHDRAW_MESSAGES, distinctAmountMessage, STORAGE_KEYS } from '@smm/domain';
import type {
  ChargeRequestResponse,
  ChargeHistoryItem,
  ChargeHistoryResponse,
  Profile,
} from '@smm/domain/contract';
import { json, mockApi, settingsOf, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PointRoute } from './point';
import { authApi, pathOf, pointsApi, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(pointsApi.pending);

const EMPTY: ChargeHistoryResponse = { items: [], page: 1, pageSize: 10, total: 0 };

function answer(extraWon: number): ChargeRequestResponse {
  return {
    id: 7,
    message: extraWon > 0 ? distinctAmountMessage(extraWon, 10_000 + extraWon) : CHARGE_MESSAGES.SUCCESS,
    point: 10_000 + extraWon,
    payable: 10_000 + extraWon,
    depositorName: '김철수',
    feeType: 2,
    bankName: '국민은행',
    accountNumber: '123456-01-234567',
    accountHolder: '예금주 (주)소셜부스트',
    createdAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2026-11-22T12:00:00.000Z',
    extraWon,
  };
}

function memberServer(charge: ChargeRequestResponse) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  return mockApi({
    ...quiet,
    [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
    [on(siteApi.settings)]: json(settingsOf({ ENABLE_PAYMENT_FEE: 'false' })),
    [on(pointsApi.history)]: json(EMPTY),
    [on(pointsApi.requestCharge)]: json(charge),
  });
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === pathOf(pointsApi.requestCharge));

async function ask(name: string) {
  const user = userEvent.setup();
  renderWithProviders(<PointRoute />, { route: '/point' });
  await user.type(await screen.findByLabelText('입금자명'), name);
  await user.type(screen.getByLabelText('충전금액'), '10000');
  await user.click(screen.getByRole('button', { name: '충전 신청하기' }));
}

describe('/point transfer panel', () => {
  it('shows the exact, raised amount when the server added a few won to tell the charge apart', async () => {
    const { calls } = memberServer(answer(1));
    await ask('김철수');
    const panel = await screen.findByRole('status', { name: /10,001원을 정확히 입금해 주세요/ });
    expect(posts(calls)[0]?.body).toMatchObject({ name: '김철수', point: 10_000 });
    // The change itself: what was asked, what to transfer, by how much.
    expect(panel).toHaveTextContent('신청 금액 ₩10,000');
    expect(panel).toHaveTextContent('입금하실 금액 ₩10,001');
    expect(panel).toHaveTextContent('(+1원)');
    expect(panel).toHaveTextContent('1원 더함');
    // The points credited include the extra won.
    expect(panel).toHaveTextContent('충전될 포인트₩10,001');
  });

  it('shows no change when nothing was added', async () => {
    memberServer(answer(0));
    await ask('김철수');
    const panel = await screen.findByRole('status', { name: CHARGE_MESSAGES.SUCCESS });
    expect(panel).toHaveTextContent('입금하실 금액₩10,000');
    expect(panel).not.toHaveTextContent('더함');
    expect(panel).not.toHaveTextContent('신청 금액');
  });

  it('refuses a depositor name with a right-to-left override before sending anything', async () => {
    const { calls } = memberServer(answer(0));
    // '동길홍' behind U+202E displays as '홍길동'.
    await ask('\u202E동길홍');
    expect(await screen.findByText(CHARGE_MESSAGES.NAME_INVISIBLE)).toBeInTheDocument();
    await waitFor(() => expect(posts(calls)).toEqual([]));
  });
});

describe('/point 충전 신청 취소 (docs/product.md#refill-and-cancellation)', () => {
  const charge = (id: number, status: ChargeHistoryItem['status']): ChargeHistoryItem => ({
    id,
    createdAt: '2026-11-22T09:00:00.000Z',
    point: 10_000,
    payable: 10_000,
    feeType: 2,
    status,
    responseAt: status === 0 ? null : '2026-11-22T10:00:00.000Z',
  });
  const historyOf = (items: ChargeHistoryItem[]): ChargeHistoryResponse => ({
    items,
    page: 1,
    pageSize: 10,
    total: items.length,
  });
  const withdrawals = (calls: RecordedCall[]) =>
    calls.filter((c) => c.method === 'POST' && c.path.endsWith('/cancel')).map((c) => c.path);
  const rowOf = (id: number) =>
    within(screen.getByRole('region', { name: '충전내역 표' }))
      .getByRole('cell', { name: String(id) })
      .closest('tr') as HTMLElement;

  function server(routes: Record<string, unknown>) {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    return mockApi({
      ...quiet,
      [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
      [on(siteApi.settings)]: json(settingsOf({ ENABLE_PAYMENT_FEE: 'false' })),
      ...routes,
    });
  }

  it('offers the button on pending charges only, asks first, then posts; the row reads 신청 취소 at once', async () => {
    const user = userEvent.setup();
    let withdrawn = false;
    const { calls } = server({
      [on(pointsApi.history)]: () =>
        withdrawn
          ? new Promise<Response>(() => {}) // the refetch never lands: the row changes from the answer
          : json(historyOf([charge(5, 0), charge(4, 1), charge(3, 3)])),
      [on(pointsApi.withdraw, { id: 5 })]: () => {
        withdrawn = true;
        return json({ id: 5, status: 3, message: CHARGE_WITHDRAW_MESSAGES.WITHDRAWN });
      },
    });
    renderWithProviders(<PointRoute />, { route: '/point' });
    await screen.findByRole('region', { name: '충전내역 표' });
    expect(within(rowOf(3)).getByText('신청 취소')).toBeInTheDocument();
    expect(within(rowOf(3)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf(4)).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rowOf(5)).getByRole('button', { name: '충전 신청 취소' }));
    const dialog = screen.getByRole('alertdialog', { name: '충전 신청을 취소할까요?' });
    expect(dialog).toHaveTextContent(
      '입금 전이라면 신청을 취소할 수 있습니다. 취소한 신청으로 입금하시면 자동으로 충전되지 않습니다.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(withdrawals(calls)).toEqual([]);

    await user.click(within(rowOf(5)).getByRole('button', { name: '충전 신청 취소' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '신청 취소' }));
    expect(await screen.findByText(CHARGE_WITHDRAW_MESSAGES.WITHDRAWN)).toBeInTheDocument();
    expect(withdrawals(calls)).toEqual([pathOf(pointsApi.withdraw, { id: 5 })]);
    expect(within(rowOf(5)).getByText('신청 취소')).toBeInTheDocument();
    expect(within(rowOf(5)).queryByRole('button')).not.toBeInTheDocument();
  });

  it("a refusal shows the server's message", async () => {
    const user = userEvent.setup();
    server({
      [on(pointsApi.history)]: json(historyOf([charge(5, 0)])),
      [on(pointsApi.withdraw, { id: 5 })]: json(
        { message: CHARGE_WITHDRAW_MESSAGES.NOT_PENDING, code: 'CHARGE_WITHDRAW_REFUSED' },
        409,
      ),
    });
    renderWithProviders(<PointRoute />, { route: '/point' });
    await user.click(
      within(await screen.findByRole('row', { name: /^5 / })).getByRole('button', { name: '충전 신청 취소' }),
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '신청 취소' }));
    expect(await screen.findByText(CHARGE_WITHDRAW_MESSAGES.NOT_PENDING)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('withdrawn from the transfer panel, the panel stops asking for the transfer and the form returns', async () => {
    const user = userEvent.setup();
    let withdrawn = false;
    const { calls } = server({
      [on(pointsApi.history)]: () => json(historyOf([charge(7, withdrawn ? 3 : 0)])),
      [on(pointsApi.requestCharge)]: json(answer(0)),
      [on(pointsApi.withdraw, { id: 7 })]: () => {
        withdrawn = true;
        return json({ id: 7, status: 3, message: CHARGE_WITHDRAW_MESSAGES.WITHDRAWN });
      },
    });
    renderWithProviders(<PointRoute />, { route: '/point' });
    await user.type(await screen.findByLabelText('입금자명'), '김철수');
    await user.type(screen.getByLabelText('충전금액'), '10000');
    await user.click(screen.getByRole('button', { name: '충전 신청하기' }));
    const panel = await screen.findByRole('status', { name: CHARGE_MESSAGES.SUCCESS });
    await user.click(within(panel).getByRole('button', { name: '충전 신청 취소' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '신청 취소' }));
    expect(await screen.findByText(CHARGE_WITHDRAW_MESSAGES.WITHDRAWN)).toBeInTheDocument();
    expect(withdrawals(calls)).toEqual([pathOf(pointsApi.withdraw, { id: 7 })]);
    expect(screen.queryByRole('status', { name: CHARGE_MESSAGES.SUCCESS })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '충전 신청하기' })).toBeInTheDocument();
  });

  it('a charge the poll sees withdrawn (another tab) takes the transfer panel away', async () => {
    const user = userEvent.setup();
    let status: ChargeHistoryItem['status'] = 0;
    server({
      [on(pointsApi.history)]: () => json(historyOf([charge(7, status)])),
      [on(pointsApi.requestCharge)]: json(answer(0)),
    });
    const { queryClient } = renderWithProviders(<PointRoute />, { route: '/point' });
    await user.type(await screen.findByLabelText('입금자명'), '김철수');
    await user.type(screen.getByLabelText('충전금액'), '10000');
    await user.click(screen.getByRole('button', { name: '충전 신청하기' }));
    await screen.findByRole('status', { name: CHARGE_MESSAGES.SUCCESS });
    status = 3;
    await queryClient.invalidateQueries({ queryKey: ['charge-history'] });
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: CHARGE_MESSAGES.SUCCESS })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: '충전 신청하기' })).toBeInTheDocument();
  });
});

describe('/point charge bonus', () => {
  it('shows the bonus the typed amount earns before the member transfers, and the next tier below it', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      ...quiet,
      [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
      [on(siteApi.settings)]: json(
        settingsOf({ ENABLE_PAYMENT_FEE: 'false', CHARGE_BONUS_TIERS: '100000:3, 500000:5' }),
      ),
      [on(pointsApi.history)]: json(EMPTY),
    });
    const user = userEvent.setup();
    renderWithProviders(<PointRoute />, { route: '/point' });
    const amount = await screen.findByLabelText('충전금액');
    expect(await screen.findByText('₩100,000 이상 충전하면 3% 보너스를 드립니다.')).toBeInTheDocument();
    await user.type(amount, '123456');
    // 123,456 × 3 % = 3,703.68 → 3,703; the points come to 127,159.
    expect(await screen.findByText(/충전 보너스/)).toHaveTextContent(
      '충전 보너스 +₩3,703 (3%) · 충전되는 포인트 ₩127,159',
    );
    expect(screen.getByText('₩500,000 이상이면 5%')).toBeInTheDocument();
    expect(screen.getByText('보너스 포인트는 현금으로 환불되지 않습니다.')).toBeInTheDocument();
  });

  it('shows nothing while no tiers are set', async () => {
    memberServer(answer(0));
    renderWithProviders(<PointRoute />, { route: '/point' });
    await screen.findByLabelText('충전금액');
    expect(screen.queryByText(/보너스/)).not.toBeInTheDocument();
  });
});
