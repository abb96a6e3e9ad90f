import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import type { MassOrderLine, MassOrderResponse } from '@smm/domain/contract';
import { authApi, ordersApi, pathOf } from '@smm/domain/endpoints';
import { GuestButton } from '@/testing/guest-button';
import { json, mockApi, on, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import * as download from '@/lib/download';
import { MassOrderRoute } from './mass-order';

const profile = { id: 'member1', point: 100_000, apiKey: 'k' };
const TEXT = '101 | https://instagram.com/p/a | 100\n101 | https://instagram.com/p/b | 1';

const line = (l: Partial<MassOrderLine> & Pick<MassOrderLine, 'line' | 'text'>): MassOrderLine => ({
  serviceId: 101,
  link: null,
  amount: null,
  autoOrder: false,
  cost: null,
  orderId: null,
  error: null,
  ...l,
});
const previewAnswer: MassOrderResponse = {
  placed: false,
  totalCost: 6_000,
  lines: [
    line({
      line: 1,
      text: '101 | https://instagram.com/p/a | 100',
      link: 'https://instagram.com/p/a',
      amount: 100,
      cost: 6_000,
    }),
    line({ line: 2, text: '101 | https://instagram.com/p/b | 1', error: ORDER_MESSAGES.AMOUNT_BELOW_MIN }),
  ],
};
const placedAnswer: MassOrderResponse = {
  ...previewAnswer,
  placed: true,
  lines: [{ ...previewAnswer.lines[0]!, orderId: 4321 }, previewAnswer.lines[1]!],
};

const massPosts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === pathOf(ordersApi.massOrder));

function signedIn(point = profile.point) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  return mockApi({
    [on(authApi.profile)]: { ...profile, point },
    [on(ordersApi.massOrder)]: (call: RecordedCall) =>
      json((call.body as { preview: boolean }).preview ? previewAnswer : placedAnswer),
  });
}

async function paste(text: string) {
  const box = await screen.findByLabelText('주문 목록');
  await userEvent.click(box);
  await userEvent.paste(text);
}

describe('mass order screen (docs/product.md#mass-order)', () => {
  it('checks the paste: per-line errors and the total before anything is placed', async () => {
    const { calls } = signedIn();
    renderWithProviders(<MassOrderRoute />, { route: '/mass-order' });
    await paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: '확인하기' }));

    expect(await screen.findByText(ORDER_MESSAGES.AMOUNT_BELOW_MIN)).toBeInTheDocument();
    expect(screen.getByText('주문 가능')).toBeInTheDocument();
    expect(screen.getByText(/주문 가능 1줄 · 오류 1줄 · 총 금액/)).toHaveTextContent('₩6,000');
    expect(massPosts(calls)).toHaveLength(1);
    expect(massPosts(calls)[0]!.body).toEqual({ text: TEXT, preview: true });
    expect(screen.getByRole('button', { name: '1건 주문하기' })).toBeEnabled();
  });

  it('places after the confirm with one Idempotency-Key, shows each order number, and downloads the CSV', async () => {
    const { calls } = signedIn();
    const save = vi.spyOn(download, 'saveTextFile').mockImplementation(() => {});
    renderWithProviders(<MassOrderRoute />, { route: '/mass-order' });
    await paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: '확인하기' }));
    await userEvent.click(await screen.findByRole('button', { name: '1건 주문하기' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('1건을 ₩6,000에 주문합니다. 오류가 있는 1줄은 주문하지 않습니다.');
    expect(massPosts(calls)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: '주문하기' }));

    expect(await screen.findByText('주문번호 #4321')).toBeInTheDocument();
    const post = massPosts(calls)[1]!;
    expect(post.body).toEqual({ text: TEXT, preview: false });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText(ORDER_MESSAGES.AMOUNT_BELOW_MIN)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'CSV 내려받기' }));
    const [name, csv] = save.mock.calls[0]!;
    expect(name).toMatch(/^대량주문_\d{8}-\d{4}\.csv$/);
    expect(csv).toContain('4321');
    expect(csv).toContain(ORDER_MESSAGES.AMOUNT_BELOW_MIN);
    save.mockRestore();
  });

  it('does not offer placing when the balance is short of the total', async () => {
    signedIn(5_000);
    renderWithProviders(<MassOrderRoute />, { route: '/mass-order' });
    await paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: '확인하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.INSUFFICIENT_POINTS);
    expect(screen.getByRole('button', { name: '1건 주문하기' })).toBeDisabled();
  });

  it('a changed paste must be checked again', async () => {
    signedIn();
    renderWithProviders(<MassOrderRoute />, { route: '/mass-order' });
    await paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: '확인하기' }));
    await screen.findByRole('button', { name: '1건 주문하기' });
    await userEvent.type(screen.getByLabelText('주문 목록'), 'x');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '1건 주문하기' })).not.toBeInTheDocument(),
    );
  });

  it('a guest sees the screen and is asked to log in; nothing is sent', async () => {
    const { calls } = mockApi({});
    renderWithProviders(
      <>
        <GuestButton />
        <MassOrderRoute />
      </>,
      { route: '/mass-order', routes: { '/login': <p>로그인 화면</p> } },
    );
    await userEvent.click(screen.getByRole('button', { name: '게스트 시작' }));
    await paste(TEXT);
    await userEvent.click(screen.getByRole('button', { name: '확인하기' }));
    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent('둘러보기 모드에서는 주문할 수 없어요');
    expect(massPosts(calls)).toHaveLength(0);
  });
});
