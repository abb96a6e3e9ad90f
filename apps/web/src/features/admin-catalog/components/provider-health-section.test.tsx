import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProviderHealth, ProviderHealthResponse } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProviderHealthSection } from './provider-health-section';
import { adminCatalogApi } from '@smm/domain/endpoints';

const START = Date.parse('2026-11-21T10:00:00.000Z');
const hours = (busy: Record<number, { calls: number; failures: number; avgMs: number; maxMs: number }>) =>
  Array.from({ length: 24 }, (_, i) => {
    const entry = busy[i];
    return {
      hour: new Date(START + i * 3_600_000).toISOString(),
      calls: entry?.calls ?? 0,
      failures: entry?.failures ?? 0,
      avgMs: entry ? entry.avgMs : null,
      maxMs: entry ? entry.maxMs : null,
    };
  });

const provider = (over: Partial<ProviderHealth> = {}): ProviderHealth => ({
  providerId: 1,
  providerName: '데모 공급사',
  enabled: true,
  sendingPaused: false,
  waitingOrders: 2,
  failoverServices: 0,
  hours: hours({
    22: { calls: 8, failures: 2, avgMs: 400, maxMs: 2500 },
    23: { calls: 2, failures: 0, avgMs: 100, maxMs: 150 },
  }),
  errors: [
    {
      createdAt: '2026-11-22T09:30:05.000Z',
      action: 'add',
      message: 'add: refused: "Not enough funds on balance"',
    },
  ],
  balances: [
    { createdAt: '2026-11-22T09:00:00.000Z', balance: '1000000.00', currency: 'KRW', error: null },
    { createdAt: '2026-11-22T09:15:00.000Z', balance: '0.00', currency: 'KRW', error: null },
  ],
  simulator: { dry: true, silent: false },
  ...over,
});

const report = (providers: ProviderHealth[]): ProviderHealthResponse => ({
  providers,
  balanceSampleMinutes: 15,
});

describe('provider health section', () => {
  it("shows each provider's calls of the last 24 hours, its last errors and its balance history", async () => {
    mockApi({
      [on(adminCatalogApi.providerHealth)]: report([
        provider(),
        provider({
          providerId: 2,
          providerName: '해외 공급사',
          hours: hours({}),
          errors: [],
          balances: [
            { createdAt: '2026-11-22T09:00:00.000Z', balance: '12.5', currency: 'USD', error: null },
          ],
          simulator: null,
        }),
      ]),
    });
    renderWithProviders(<ProviderHealthSection />);
    const card = await screen.findByRole('article', { name: '데모 공급사 상태' });
    // The day's totals: 10 calls, 2 failed (20%), average (8×400 + 2×100)/10 = 340 ms, slowest 2.5 s.
    expect(within(card).getByText('10회', { selector: 'strong' })).toBeInTheDocument();
    expect(within(card).getByText('20%', { selector: 'strong' })).toBeInTheDocument();
    expect(within(card).getByText('340ms', { selector: 'strong' })).toBeInTheDocument();
    expect(within(card).getByText('2.5초', { selector: 'strong' })).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: '데모 공급사 최근 24시간 시간별 호출 수와 평균 응답 시간' }),
    );
    // The figures for screen readers: one row per hour, Seoul time.
    const figures = within(card).getByRole('table', { name: '데모 공급사 시간별 호출' });
    const busy = within(figures).getByText('2026-11-22 17:00:00').closest('tr')!;
    expect(busy).toHaveTextContent('2026-11-22 17:00:00825%400ms2.5초');
    expect(within(figures).getAllByRole('row')).toHaveLength(25);
    // The last errors: time, action in Korean, the message.
    const errors = within(card).getByRole('table', { name: '최근 오류' });
    const row = within(errors).getByText('2026-11-22 18:30:05').closest('tr')!;
    expect(row).toHaveTextContent('주문 전송');
    expect(row).toHaveTextContent('add: refused: "Not enough funds on balance"');
    // The balance: the latest value as the console writes money, and its history.
    expect(within(card).getByText('₩0', { selector: 'strong' })).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: '데모 공급사 잔액 추이: ₩1,000,000, ₩0' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: '데모 공급사 장애 조작' })).toBeInTheDocument();

    const other = screen.getByRole('article', { name: '해외 공급사 상태' });
    expect(within(other).getByText('US$12.50', { selector: 'strong' })).toBeInTheDocument();
    expect(within(other).getByText('최근 오류가 없습니다.')).toBeInTheDocument();
    expect(within(other).getByText('호출', { exact: false, selector: 'figcaption' })).toHaveTextContent(
      '호출 0회 · 오류율 — · 평균 — · 최대 —',
    );
    expect(within(other).queryByRole('group', { name: '데모 공급사 장애 조작' })).toBeNull();
  });

  it('the switch stops sending new orders to a provider and shows the orders waiting for it', async () => {
    let paused = false;
    const { calls } = mockApi({
      [on(adminCatalogApi.providerHealth)]: () =>
        json(report([provider({ sendingPaused: paused, waitingOrders: paused ? 3 : 0 })])),
      [on(adminCatalogApi.setProviderSending, { id: 1 })]: () => {
        paused = true;
        return json({ provider: {}, changed: true });
      },
    });
    renderWithProviders(<ProviderHealthSection />);
    const card = await screen.findByRole('article', { name: '데모 공급사 상태' });
    const toggle = within(card).getByRole('switch', { name: '신규 주문 전송 중지' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(within(card).getByText('전송 중')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(
      await screen.findByText('데모 공급사 신규 주문 전송을 중지했습니다. 새 주문은 대기합니다.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ paused: true });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(within(card).getByText('전송 중지됨')).toBeInTheDocument();
    expect(within(card).getByText(/전송을 기다리는 주문 3건/)).toBeInTheDocument();
  });

  it("turns the demo simulator's 잔액 소진 and 응답 없음 on and off", async () => {
    const { calls } = mockApi({
      [on(adminCatalogApi.providerHealth)]: report([provider({ simulator: { dry: false, silent: false } })]),
      [on(adminCatalogApi.setSimulatedMode)]: (call: RecordedCall) => json(call.body),
    });
    renderWithProviders(<ProviderHealthSection />);
    const group = await screen.findByRole('group', { name: '데모 공급사 장애 조작' });
    await userEvent.click(within(group).getByRole('switch', { name: '잔액 소진' }));
    expect(
      await screen.findByText('데모 공급사의 잔액이 0이 되어 새 주문을 거절합니다.'),
    ).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('switch', { name: '응답 없음' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { dry: true, silent: false },
        { dry: false, silent: true },
      ]),
    );
  });
});
