import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@smm/domain';
import type { AdminCategory, AdminProvider, ProviderServiceItem } from '@smm/domain/contract';
import { json, mockApi, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProvidersScreen } from './providers-screen';
import { adminCatalogApi, pathOf } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(adminCatalogApi.catalogSync, adminCatalogApi.providerHealth);

const providers: AdminProvider[] = [
  {
    id: 7,
    name: '해외 공급사',
    apiUrl: 'https://panel.example/api/v2',
    maskedKey: 'sk-l…a5b4',
    enabled: true,
    sendingPaused: false,
    maxConcurrency: null,
    serviceCount: 12,
    createdAt: '2026-11-22T00:00:00.000Z',
  },
];
const categories: AdminCategory[] = [
  {
    id: 10,
    platformId: 1,
    platformText: '인스타그램',
    text: '인스타그램 팔로워',
    sortOrder: 0,
    serviceCount: 2,
  },
  {
    id: 11,
    platformId: 1,
    platformText: '인스타그램',
    text: '인스타그램 조회수',
    sortOrder: 1,
    serviceCount: 1,
  },
];
const item = (
  service: string,
  name: string,
  rate: string,
  importedCategoryIds: number[] = [],
  flags: { refill: boolean; cancel: boolean } = { refill: false, cancel: false },
): ProviderServiceItem => ({
  service,
  name,
  type: 'Default',
  category: 'Instagram',
  rate,
  min: 100,
  max: 50000,
  ...flags,
  importedCategoryIds,
});
const listing = [
  item('1', 'Instagram Followers [Korea]', '36000.00', [10]),
  item('14', 'Instagram Story Views', '0.90'),
  { ...item('16', 'Instagram Custom Comments', '50000.00'), type: 'Custom Comments' },
  item('15', 'Threads Followers', '9000.50', [], { refill: true, cancel: true }),
];

const renderScreen = () =>
  renderWithProviders(<ProvidersScreen />, { route: '/admin/providers', path: '/admin/providers' });

describe('providers screen', () => {
  it("shows the masked key and checks a balance inline, or the provider's problem", async () => {
    let fail = false;
    let answer = { balance: '1000000.00', currency: 'KRW' };
    mockApi({
      ...quiet,
      [on(adminCatalogApi.providers)]: providers,
      [on(adminCatalogApi.checkProviderBalance, { id: 7 })]: () =>
        fail
          ? json(
              {
                message: '공급사가 응답하지 않거나 오류를 돌려주었습니다. (balance: HTTP 500)',
                code: 'PROVIDER_UNAVAILABLE',
              },
              502,
            )
          : json(answer),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '공급사 목록' });
    const row = (await within(table).findByText('해외 공급사')).closest('tr')!;
    expect(within(row).getByText('sk-l…a5b4')).toBeInTheDocument();
    expect(within(row).getByText('사용 중')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '해외 공급사 잔액 확인' }));
    expect(await within(row).findByText('₩1,000,000')).toBeInTheDocument();
    answer = { balance: '1000.5', currency: 'USD' };
    await userEvent.click(within(row).getByRole('button', { name: '해외 공급사 잔액 확인' }));
    expect(await within(row).findByText('US$1,000.50')).toBeInTheDocument();
    fail = true;
    await userEvent.click(within(row).getByRole('button', { name: '해외 공급사 잔액 확인' }));
    expect(await within(row).findByText('실패')).toBeInTheDocument();
    expect(
      await screen.findByText('공급사가 응답하지 않거나 오류를 돌려주었습니다. (balance: HTTP 500)'),
    ).toBeInTheDocument();
  });

  it('edits a provider without sending a key unless one is typed', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(adminCatalogApi.providers)]: providers,
      [on(adminCatalogApi.updateProvider, { id: 7 })]: { provider: providers[0], changed: true },
    });
    renderScreen();
    const row = (await screen.findByText('해외 공급사')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '공급사 수정' });
    expect(within(dialog).getByText('변경하지 않으려면 비워두세요.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API 키')).toHaveValue('');
    await userEvent.clear(within(dialog).getByLabelText('공급사 이름'));
    await userEvent.type(within(dialog).getByLabelText('공급사 이름'), '해외 공급사 B');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '해외 공급사 B',
      apiUrl: 'https://panel.example/api/v2',
      apiKey: '',
      maxConcurrency: null,
    });
    expect(await screen.findByText('공급사를 수정했습니다.')).toBeInTheDocument();
  });

  it('asks for the key again when the URL changes, and sends nothing without it', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(adminCatalogApi.providers)]: providers,
      [on(adminCatalogApi.updateProvider, { id: 7 })]: { provider: providers[0], changed: true },
    });
    renderScreen();
    const row = (await screen.findByText('해외 공급사')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '공급사 수정' });
    const url = within(dialog).getByLabelText('API 주소');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://other.example/api/v2');
    expect(within(dialog).getByText('주소를 바꾸면 새 주소에서 쓸 키가 필요합니다.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API 키')).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CATALOG_MESSAGES.PROVIDER_KEY_REQUIRED_FOR_NEW_URL,
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('API 키'), 'new-key-0000');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '해외 공급사',
      apiUrl: 'https://other.example/api/v2',
      apiKey: 'new-key-0000',
      maxConcurrency: null,
    });
  });

  it('sends 동시 호출 수 (blank: the default), and shows its rule or the server’s refusal on the form', async () => {
    let refuse = false;
    const { calls } = mockApi({
      ...quiet,
      [on(adminCatalogApi.providers)]: [{ ...providers[0], maxConcurrency: 8 }],
      [on(adminCatalogApi.createProvider)]: () =>
        refuse
          ? json({ message: CATALOG_MESSAGES.PROVIDER_CONCURRENCY_INVALID, code: 'CATALOG_INVALID' }, 400)
          : json({ provider: { ...providers[0], id: 8, maxConcurrency: 32 }, changed: true }),
      [on(adminCatalogApi.updateProvider, { id: 7 })]: { provider: providers[0], changed: true },
    });
    renderScreen();
    // An edit shows the stored value and sends it back as a number; cleared, it sends null.
    const row = (await screen.findByText('해외 공급사')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '수정' }));
    const edit = await screen.findByRole('dialog', { name: '공급사 수정' });
    const field = within(edit).getByLabelText(/동시 호출 수/);
    expect(field).toHaveValue('8');
    expect(within(edit).getByText('비우면 4 · 공급사가 허용하는 만큼만')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.click(within(edit).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ maxConcurrency: null });

    await userEvent.click(await screen.findByRole('button', { name: /공급사 추가/ }));
    const dialog = await screen.findByRole('dialog', { name: '공급사 추가' });
    await userEvent.type(within(dialog).getByLabelText('공급사 이름'), '빠른 공급사');
    await userEvent.type(within(dialog).getByLabelText('API 주소'), 'https://fast.example/api/v2');
    await userEvent.type(within(dialog).getByLabelText('API 키'), 'key-0000-1111');
    const concurrency = within(dialog).getByLabelText(/동시 호출 수/);
    // Out of range, or not a whole number: the rule's message on the form, nothing sent.
    for (const typed of ['0', '65', '1.5', 'abc']) {
      await userEvent.clear(concurrency);
      await userEvent.type(concurrency, typed);
      await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        CATALOG_MESSAGES.PROVIDER_CONCURRENCY_INVALID,
      );
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // The server's refusal shows on the form too.
    refuse = true;
    await userEvent.clear(concurrency);
    await userEvent.type(concurrency, '32');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CATALOG_MESSAGES.PROVIDER_CONCURRENCY_INVALID,
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({
      name: '빠른 공급사',
      apiUrl: 'https://fast.example/api/v2',
      apiKey: 'key-0000-1111',
      maxConcurrency: 32,
    });
    expect(await screen.findByText('공급사를 추가했습니다.')).toBeInTheDocument();
  });

  it('previews our price at the markup and imports the chosen services', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(adminCatalogApi.providers)]: providers,
      [on(adminCatalogApi.categories)]: categories,
      [on(adminCatalogApi.providerServices, { id: 7 })]: listing,
      [on(adminCatalogApi.importProviderServices, { id: 7 })]: {
        created: [{ providerServiceId: '14', serviceId: 200 }],
        skipped: [{ providerServiceId: '15', reason: '이 카테고리에 이미 가져온 상품입니다.' }],
      },
    });
    renderScreen();
    const row = (await screen.findByText('해외 공급사')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '상품 가져오기' }));
    const dialog = await screen.findByRole('dialog', { name: '해외 공급사 상품 가져오기' });
    const list = await within(dialog).findByRole('table', { name: '공급사 상품 목록' });
    // Already sold in the chosen category: not selectable.
    expect(within(list).getByRole('checkbox', { name: 'Instagram Followers [Korea] 선택' })).toBeDisabled();
    // 가져옴 and the type chip are their own items beside the name (spaced by CSS gap, no glued text).
    const importedChip = within(list).getByText('가져옴');
    expect(importedChip.textContent).toBe('가져옴');
    expect(importedChip.parentElement).toHaveClass('catalog-import-name-line');
    expect(within(list).getByText('댓글 직접 입력').textContent).toBe('댓글 직접 입력');

    const markup = within(dialog).getByLabelText('마진 (%)');
    await userEvent.clear(markup);
    await userEvent.type(markup, '15');
    const threads = within(list).getByText('Threads Followers').closest('tr')!;
    // 9000.50 per 1,000 × 1.15 = 10.350575 원 each → 10.351 원 (rounded up to a milli-won).
    expect(within(threads).getByText('₩10.351')).toBeInTheDocument();
    // The provider's rate per 1,000 with ₩ and separators, its fraction kept.
    expect(within(threads).getByText('₩9,000.5')).toBeInTheDocument();
    const story = within(list).getByText('Instagram Story Views').closest('tr')!;
    expect(within(story).getByText('₩0.002')).toBeInTheDocument();
    const followers = within(list).getByText('Instagram Followers [Korea]').closest('tr')!;
    expect(within(followers).getByText('₩36,000')).toBeInTheDocument();
    // The provider's refill and cancel terms, as the import will set them (refill: true → 30 days).
    expect(within(threads).getByText('리필 30일')).toBeInTheDocument();
    expect(within(threads).getByText('취소 가능')).toBeInTheDocument();
    expect(within(story).getByText('리필 없음')).toBeInTheDocument();
    expect(within(story).getByText('취소 불가')).toBeInTheDocument();

    expect(within(dialog).getByRole('button', { name: '0개 가져오기' })).toBeDisabled();
    await userEvent.click(within(list).getByRole('checkbox', { name: '전체 선택' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('넣을 카테고리'), '11');
    // In the other category the first one is selectable again (not chosen yet).
    expect(within(list).getByRole('checkbox', { name: 'Instagram Followers [Korea] 선택' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '3개 가져오기' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(adminCatalogApi.importProviderServices, { id: 7 }),
      body: {
        categoryId: 11,
        markupPercent: 15,
        visible: true,
        items: [{ providerServiceId: '14' }, { providerServiceId: '16' }, { providerServiceId: '15' }],
      },
    });
    expect(await screen.findByText('1개 추가, 1개 건너뜀')).toBeInTheDocument();
  });
});
