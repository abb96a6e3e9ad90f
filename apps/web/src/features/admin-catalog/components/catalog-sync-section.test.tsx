import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CatalogSyncResponse } from '@smm/domain/contract';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { CatalogSyncSection } from './catalog-sync-section';
import { adminCatalogApi, pathOf } from '@smm/domain/endpoints';

const report = (changes: number): CatalogSyncResponse => ({
  providers: [
    {
      providerId: 7,
      providerName: '해외 공급사',
      syncIntervalMinutes: 60,
      currency: 'USD',
      syncReenable: false,
      marginGuard: 'disable',
      lastSyncAt: '2026-11-22T01:00:00.000Z',
      simulated: true,
      run: {
        id: 3,
        status: 'ok',
        trigger: 'operator',
        error: null,
        currency: 'USD',
        exchangeRate: '1380.5',
        unmappedIds: ['14', '15'],
        startedAt: '2026-11-22T01:00:00.000Z',
        finishedAt: '2026-11-22T01:00:01.000Z',
        changes: [
          {
            serviceId: 101,
            serviceText: '한국인 팔로워',
            field: 'unitPriceMilli',
            from: 41_400,
            to: 46_001,
            createdAt: '2026-11-22T01:00:01.000Z',
          },
          {
            serviceId: 102,
            serviceText: '릴스 조회수',
            field: 'syncDisabled',
            from: null,
            to: 'vanished',
            createdAt: '2026-11-22T01:00:01.000Z',
          },
        ].slice(0, changes),
      },
      history: [
        {
          id: 2,
          status: 'ok',
          trigger: 'schedule',
          error: null,
          currency: 'USD',
          exchangeRate: '1380.5',
          unmappedIds: [],
          startedAt: '2026-11-21T01:00:00.000Z',
          finishedAt: '2026-11-21T01:00:01.000Z',
          changes: [
            {
              serviceId: 103,
              serviceText: '좋아요',
              field: 'max',
              from: 10_000,
              to: 20_000,
              createdAt: '2026-11-21T01:00:01.000Z',
            },
          ],
          changeCount: 24,
        },
        {
          id: 1,
          status: 'failed',
          trigger: 'operator',
          error: '공급사가 응답하지 않았습니다',
          currency: null,
          exchangeRate: null,
          unmappedIds: [],
          startedAt: '2026-11-20T01:00:00.000Z',
          finishedAt: '2026-11-20T01:00:03.000Z',
          changes: [],
          changeCount: 0,
        },
      ],
    },
  ],
  exchangeRates: [{ currency: 'USD', wonPerUnit: '1380.5', setAt: '2026-11-21T15:00:00.000Z' }],
});

describe('catalog sync section', () => {
  it("shows the provider's last run with its changes, new upstream services and the exchange rate", async () => {
    mockApi({ [on(adminCatalogApi.catalogSync)]: report(2) });
    renderWithProviders(<CatalogSyncSection />);
    const card = await screen.findByRole('article', { name: '해외 공급사 동기화' });
    expect(within(card).getAllByText('성공')[0]!.closest('header')).not.toBeNull();
    expect(within(card).getByText(/마지막 동기화 2026-11-22 10:00:01/)).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: '해외 공급사 동기화 변경 내역' });
    const price = within(table).getByText('[101] 한국인 팔로워').closest('tr')!;
    expect(within(price).getByText('단가')).toBeInTheDocument();
    expect(within(price).getByText('₩41.4')).toBeInTheDocument();
    expect(within(price).getByText('₩46.001')).toBeInTheDocument();
    const gone = within(table).getByText('[102] 릴스 조회수').closest('tr')!;
    expect(within(gone).getByText('공급사 상품 없음')).toBeInTheDocument();
    expect(within(card).getByText('아직 가져오지 않은 공급사 상품 2개: 14, 15')).toBeInTheDocument();
    expect(within(card).getByText('USD 요금을 1 USD = ₩1,380.5으로 환산했습니다.')).toBeInTheDocument();
    expect(screen.getByText('(2026-11-22 00:00:00 설정)').closest('li')).toHaveTextContent(
      '1 USD = ₩1,380.5 (2026-11-22 00:00:00 설정)',
    );
  });

  it('keeps the runs before the last one: when, how, the outcome and what each changed', async () => {
    mockApi({ [on(adminCatalogApi.catalogSync)]: report(2) });
    renderWithProviders(<CatalogSyncSection />);
    const card = await screen.findByRole('article', { name: '해외 공급사 동기화' });
    await userEvent.click(within(card).getByText('이전 동기화 2회'));
    const runs = within(within(card).getByRole('list', { name: '해외 공급사 이전 동기화' })).getAllByRole(
      'listitem',
    );
    expect(runs[0]).toHaveTextContent('성공 2026-11-21 10:00:01 (자동) · 변경 24건');
    const changed = within(runs[0]!).getByRole('table', {
      name: '해외 공급사 2026-11-21 10:00:01 동기화 변경 내역',
    });
    expect(within(changed).getByText('[103] 좋아요').closest('tr')).toHaveTextContent('20,000');
    expect(within(runs[0]!).getByText('외 23건')).toBeInTheDocument();
    expect(runs[1]).toHaveTextContent('실패 2026-11-20 10:00:03 (수동) · 공급사가 응답하지 않았습니다');
  });

  it('지금 동기화 shows it is running, then says what happened beside the button, and refetches the report', async () => {
    let runs = 0;
    let answer: (() => void) | undefined;
    const { calls } = mockApi({
      [on(adminCatalogApi.catalogSync)]: () => json(report(runs > 0 ? 2 : 0)),
      [on(adminCatalogApi.syncProvider, { id: 7 })]: () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            runs += 1;
            resolve(json({ status: 'ok', changes: 2, stopped: 1, resumed: 0, unmapped: ['14', '15'] }));
          };
        }),
    });
    renderWithProviders(<CatalogSyncSection />);
    const card = await screen.findByRole('article', { name: '해외 공급사 동기화' });
    expect(within(card).getByText('바뀐 상품이 없습니다.')).toBeInTheDocument();
    const button = within(card).getByRole('button', { name: '해외 공급사 지금 동기화' });
    await userEvent.click(button);
    // Running: the button is disabled and says so, and the card says what it is doing.
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent('동기화 중…');
    const result = within(card).getByRole('status', { name: '해외 공급사 동기화 결과' });
    expect(result).toHaveTextContent('반영하는 중입니다');
    answer!();
    await waitFor(() =>
      expect(result).toHaveTextContent(
        '동기화 완료: 상품 2개 변경 · 주문 중지 1개 · 아직 가져오지 않은 공급사 상품 2개',
      ),
    );
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('지금 동기화');
    expect(await within(card).findByText('[101] 한국인 팔로워')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === pathOf(adminCatalogApi.syncProvider, { id: 7 }))).toHaveLength(1);
  });

  it('지금 동기화 that failed says why in Korean, and keeps saying it', async () => {
    mockApi({
      [on(adminCatalogApi.catalogSync)]: report(0),
      [on(adminCatalogApi.syncProvider, { id: 7 })]: json({ status: 'failed', error: 'services: HTTP 502' }),
    });
    renderWithProviders(<CatalogSyncSection />);
    const card = await screen.findByRole('article', { name: '해외 공급사 동기화' });
    await userEvent.click(within(card).getByRole('button', { name: '해외 공급사 지금 동기화' }));
    const result = within(card).getByRole('status', { name: '해외 공급사 동기화 결과' });
    await waitFor(() =>
      expect(result).toHaveTextContent(
        '동기화하지 못했습니다. 공급사가 오류로 응답했습니다. (services: HTTP 502)',
      ),
    );
  });

  it("saves a provider's sync settings", async () => {
    const { calls } = mockApi({
      [on(adminCatalogApi.catalogSync)]: report(0),
      [on(adminCatalogApi.saveSyncSettings, { id: 7 })]: report(0),
    });
    renderWithProviders(<CatalogSyncSection />);
    const form = await screen.findByRole('form', { name: '해외 공급사 동기화 설정' });
    await userEvent.selectOptions(within(form).getByLabelText('자동 동기화'), '자동 동기화 끔');
    await userEvent.selectOptions(
      within(form).getByLabelText('원가보다 싸지면'),
      '원가 + 마진으로 단가 변경',
    );
    await userEvent.click(within(form).getByLabelText('공급사 상품이 돌아오면 다시 주문 받기'));
    await userEvent.click(within(form).getByRole('button', { name: '설정 저장' }));
    expect(await screen.findByText('해외 공급사 동기화 설정을 저장했습니다.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      syncIntervalMinutes: 0,
      currency: 'USD',
      syncReenable: true,
      marginGuard: 'reprice',
    });
  });

  it("changes the demo's simulated provider listing", async () => {
    const { calls } = mockApi({
      [on(adminCatalogApi.catalogSync)]: report(0),
      [on(adminCatalogApi.setSimulatedListing, { id: 3 })]: { ok: true },
    });
    renderWithProviders(<CatalogSyncSection />);
    const group = await screen.findByRole('group', { name: '데모 공급사 조작' });
    await userEvent.clear(within(group).getByLabelText('데모 공급사 상품 번호'));
    await userEvent.type(within(group).getByLabelText('데모 공급사 상품 번호'), '3');
    await userEvent.type(within(group).getByLabelText('새 요금 (1,000개당 원)'), '20000.5');
    await userEvent.click(within(group).getByRole('button', { name: '요금 바꾸기' }));
    expect(
      await screen.findByText('데모 공급사 상품 3번을 바꿨습니다. 지금 동기화로 반영해보세요.'),
    ).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: '목록에서 빼기' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { action: 'rate', rate: '20000.5' },
        { action: 'drop' },
      ]),
    );
  });

  it('a suspicious run says nothing was changed and why; 그래도 적용 applies it', async () => {
    const suspicious = report(0);
    suspicious.providers[0]!.run = {
      ...suspicious.providers[0]!.run!,
      status: 'suspicious',
      error: '공급사가 빈 상품 목록을 보냈습니다 (연결된 상품 15개).',
    };
    const { calls } = mockApi({
      [on(adminCatalogApi.catalogSync)]: suspicious,
      [on(adminCatalogApi.applySuspiciousSync, { id: 7 })]: { status: 'ok', changes: 15, unmapped: [] },
    });
    renderWithProviders(<CatalogSyncSection />);
    const card = await screen.findByRole('article', { name: '해외 공급사 동기화' });
    expect(within(card).getByText('의심 · 적용 안 함')).toBeInTheDocument();
    expect(within(card).getByText(/공급사가 빈 상품 목록을 보냈습니다/)).toBeInTheDocument();
    expect(within(card).queryByText('바뀐 상품이 없습니다.')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '해외 공급사 의심 동기화 적용' }));
    expect(await screen.findByText('해외 공급사 동기화 적용: 변경 15건')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.path === pathOf(adminCatalogApi.applySuspiciousSync, { id: 7 })),
    ).toHaveLength(1);
  });
});
