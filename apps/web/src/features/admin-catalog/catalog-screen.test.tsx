import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@smm/domain';
import type { AdminCategory, AdminPlatform, AdminProvider, AdminService } from '@smm/domain/contract';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { CatalogScreen } from './catalog-screen';
import { adminCatalogApi, pathOf } from '@smm/domain/endpoints';

const platforms: AdminPlatform[] = [
  { id: 1, text: '인스타그램', visible: true, bgColor: '#fdf2f8', sortOrder: 0, categoryCount: 1 },
  { id: 2, text: '유튜브', visible: true, bgColor: '#fef2f2', sortOrder: 1, categoryCount: 1 },
  { id: 3, text: '틱톡', visible: false, bgColor: '#f1f5f9', sortOrder: 2, categoryCount: 0 },
];
const categories: AdminCategory[] = [
  {
    id: 10,
    platformId: 1,
    platformText: '인스타그램',
    text: '인스타그램 팔로워',
    sortOrder: 0,
    serviceCount: 3,
  },
  { id: 20, platformId: 2, platformText: '유튜브', text: '유튜브 조회수', sortOrder: 0, serviceCount: 0 },
];
const service = (id: number, text: string, over: Partial<AdminService> = {}): AdminService => ({
  id,
  categoryId: 10,
  categoryText: '인스타그램 팔로워',
  platformId: 1,
  platformText: '인스타그램',
  text,
  unitPriceMilli: 60000,
  min: 10,
  max: 10000,
  notice: '',
  refillDays: 0,
  cancellable: false,
  type: 'default',
  enableAuto: false,
  isReadOnly: false,
  visible: true,
  providerId: 7,
  providerName: '데모 공급사',
  providerServiceId: String(id),
  sortOrder: id,
  markupPercent: null,
  pricePinned: false,
  syncDisabled: null,
  failoverProviderId: null,
  failoverProviderName: null,
  failoverProviderServiceId: null,
  ...over,
});
const services = [
  service(101, '한국인 팔로워', { refillDays: 30, cancellable: true }),
  service(102, '외국인 팔로워', {
    unitPriceMilli: 350,
    providerId: null,
    providerName: null,
    providerServiceId: null,
  }),
  service(103, '릴스 조회수'),
];
const providers: AdminProvider[] = [
  {
    id: 7,
    name: '데모 공급사',
    apiUrl: 'builtin:simulated',
    maskedKey: '••••',
    enabled: true,
    sendingPaused: false,
    maxConcurrency: null,
    serviceCount: 2,
    createdAt: '2026-11-22T00:00:00.000Z',
  },
];

function mockCatalog(extra: Record<string, unknown> = {}) {
  return mockApi({
    [on(adminCatalogApi.platforms)]: platforms,
    [on(adminCatalogApi.categories)]: categories,
    [on(adminCatalogApi.services)]: services,
    [on(adminCatalogApi.providers)]: providers,
    ...extra,
  });
}

const renderScreen = () =>
  renderWithProviders(<CatalogScreen />, { route: '/admin/catalog', path: '/admin/catalog' });

describe('catalog screen', () => {
  it("shows platforms, the chosen platform's categories and the chosen category's services with exact prices", async () => {
    mockCatalog();
    renderScreen();
    const platformList = await screen.findByRole('list', { name: '플랫폼 목록' });
    expect(
      within(platformList)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('인스타그램'),
      expect.stringContaining('유튜브'),
      expect.stringContaining('틱톡'),
    ]);
    expect(within(platformList).getByRole('button', { name: '틱톡 노출' })).toHaveTextContent('숨김');
    expect(screen.getByRole('list', { name: '카테고리 목록' })).toHaveTextContent('인스타그램 팔로워');
    const table = await screen.findByRole('table', { name: '상품 목록' });
    const cheap = (await within(table).findByText('외국인 팔로워')).closest('tr')!;
    expect(within(cheap).getByText('₩0.35')).toBeInTheDocument();
    expect(within(cheap).getByText('없음')).toBeInTheDocument();
    const first = within(table).getByText('한국인 팔로워').closest('tr')!;
    expect(within(first).getByText('₩60')).toBeInTheDocument();
    expect(within(first).getByText('#101')).toBeInTheDocument();

    await userEvent.click(within(platformList).getByRole('button', { name: /유튜브/, pressed: false }));
    expect(screen.getByRole('list', { name: '카테고리 목록' })).toHaveTextContent('유튜브 조회수');
    expect(await screen.findByText('이 카테고리에는 상품이 없습니다.')).toBeInTheDocument();
  });

  it('sends the whole list in its new order from the 위로 / 아래로 buttons', async () => {
    const { calls } = mockCatalog({
      [on(adminCatalogApi.reorderPlatforms)]: { ids: [2, 1, 3], changed: true },
      [on(adminCatalogApi.reorderServices, { id: 10 })]: { ids: [101, 103, 102], changed: true },
    });
    renderScreen();
    await screen.findByRole('list', { name: '플랫폼 목록' });
    expect(screen.getByRole('button', { name: '인스타그램 위로' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '틱톡 아래로' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '유튜브 위로' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === pathOf(adminCatalogApi.reorderPlatforms))).toBe(true),
    );
    expect(calls.find((c) => c.path === pathOf(adminCatalogApi.reorderPlatforms))).toMatchObject({
      method: 'PUT',
      body: { ids: [2, 1, 3] },
    });
    expect(await screen.findByText('플랫폼 순서를 바꿨습니다.')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: '외국인 팔로워 아래로' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === pathOf(adminCatalogApi.reorderServices, { id: 10 }))).toMatchObject(
        {
          method: 'PUT',
          body: { ids: [101, 103, 102] },
        },
      ),
    );
  });

  it('checks the service form with the domain rule and sends the price in 원 as exact milli-won', async () => {
    const { calls } = mockCatalog({
      [on(adminCatalogApi.createService)]: () =>
        json({ service: service(104, '스토리 조회수'), changed: true }),
    });
    renderScreen();
    await screen.findByText('한국인 팔로워');
    await userEvent.click(screen.getByRole('button', { name: /상품 추가/ }));
    const dialog = await screen.findByRole('dialog', { name: '상품 추가' });
    const form = within(dialog);
    expect(form.getByLabelText('카테고리')).toHaveValue('10');

    await userEvent.type(form.getByLabelText('상품명'), '스토리 조회수');
    const price = form.getByLabelText('단가 (원, 1개당)');
    await userEvent.type(price, '0.3');
    expect(form.getByText('개당 ₩0.3 · 1,000개당 ₩300')).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '12.5');
    expect(form.getByText('개당 ₩12.5 · 1,000개당 ₩12,500')).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '0.0001');
    expect(form.getByText(/소수점 셋째 자리까지/)).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('최소 수량'), '500');
    await userEvent.type(form.getByLabelText('최대 수량'), '100');
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(form.getByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.PRICE_INVALID);

    await userEvent.clear(price);
    await userEvent.type(price, '0.3');
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(form.getByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.MIN_ABOVE_MAX);

    await userEvent.clear(form.getByLabelText('최대 수량'));
    await userEvent.type(form.getByLabelText('최대 수량'), '50000');
    await userEvent.selectOptions(form.getByLabelText('공급사'), '7');
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(form.getByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.PROVIDER_SERVICE_ID_REQUIRED);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(form.getByLabelText('공급사 상품 ID'), '14');
    await userEvent.type(form.getByLabelText('안내문'), '스토리 링크를 입력해주세요.');
    await userEvent.click(form.getByLabelText('자동주문 허용'));
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(adminCatalogApi.services),
      body: {
        categoryId: 10,
        text: '스토리 조회수',
        unitPriceMilli: 300,
        min: 500,
        max: 50000,
        notice: '스토리 링크를 입력해주세요.',
        refillDays: 0,
        cancellable: false,
        enableAuto: true,
        isReadOnly: false,
        visible: true,
        providerId: 7,
        providerServiceId: '14',
      },
    });
    expect(await screen.findByText('상품을 추가했습니다.')).toBeInTheDocument();
  });

  it("shows each service's refill window and cancellability, and edits them with the domain rule", async () => {
    const { calls } = mockCatalog({
      [on(adminCatalogApi.updateService, { id: 101 })]: () =>
        json({ service: service(101, '한국인 팔로워', { refillDays: 45 }), changed: true }),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '상품 목록' });
    const first = (await within(table).findByText('한국인 팔로워')).closest('tr')!;
    expect(within(first).getByText('리필 30일')).toBeInTheDocument();
    expect(within(first).getByText('취소 가능')).toBeInTheDocument();
    const cheap = within(table).getByText('외국인 팔로워').closest('tr')!;
    expect(within(cheap).getByText('리필 없음')).toBeInTheDocument();
    expect(within(cheap).getByText('취소 불가')).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: '수정' }));
    const form = within(await screen.findByRole('dialog', { name: '상품 수정' }));
    const days = form.getByLabelText('리필 보장 기간(일)');
    expect(days).toHaveValue('30');
    expect(form.getByText(/0이면 리필 없음/)).toBeInTheDocument();
    expect(form.getByLabelText('회원 주문 취소 허용')).toBeChecked();
    for (const typed of ['366', '2.5', '']) {
      await userEvent.clear(days);
      if (typed) await userEvent.type(days, typed);
      await userEvent.click(form.getByRole('button', { name: '저장' }));
      expect(form.getByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.REFILL_DAYS_INVALID);
    }
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(days, '45');
    await userEvent.click(form.getByLabelText('회원 주문 취소 허용'));
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: pathOf(adminCatalogApi.updateService, { id: 101 }),
      body: { refillDays: 45, cancellable: false, unitPriceMilli: 60000 },
    });
  });

  it('sets a failover provider (대체 공급사) in the service form: both or neither, another provider', async () => {
    const { calls } = mockCatalog({
      [on(adminCatalogApi.providers)]: [
        ...providers,
        { ...providers[0]!, id: 8, name: '예비 공급사', apiUrl: 'https://backup.example/api/v2' },
      ],
      [on(adminCatalogApi.updateService, { id: 101 })]: () =>
        json({ service: service(101, '한국인 팔로워'), changed: true }),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '상품 목록' });
    const first = (await within(table).findByText('한국인 팔로워')).closest('tr')!;
    await userEvent.click(within(first).getByRole('button', { name: '수정' }));
    const form = within(await screen.findByRole('dialog', { name: '상품 수정' }));
    const failover = form.getByLabelText('대체 공급사');
    expect(failover).toHaveValue('');
    expect(form.getByLabelText('대체 공급사 상품 ID')).toBeDisabled();
    await userEvent.selectOptions(failover, '7');
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(form.getByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.FAILOVER_SERVICE_ID_REQUIRED);
    await userEvent.type(form.getByLabelText('대체 공급사 상품 ID'), '77');
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(form.getByRole('alert')).toHaveTextContent(CATALOG_MESSAGES.FAILOVER_SAME_PROVIDER);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.selectOptions(failover, '8');
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      providerId: 7,
      failoverProviderId: 8,
      failoverProviderServiceId: '77',
    });
  });

  it("shows the server's 400 on the service form itself (a toast sits under the modal), and keeps it open", async () => {
    const refusal =
      '대체 공급사의 상품 목록에 이 상품 ID가 없습니다. 대체 공급사가 판매 중인 상품 ID를 입력해주세요.';
    mockCatalog({
      [on(adminCatalogApi.providers)]: [
        ...providers,
        { ...providers[0]!, id: 8, name: '예비 공급사', apiUrl: 'https://backup.example/api/v2' },
      ],
      [on(adminCatalogApi.updateService, { id: 101 })]: json(
        { message: refusal, code: 'CATALOG_INVALID' },
        400,
      ),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '상품 목록' });
    const first = (await within(table).findByText('한국인 팔로워')).closest('tr')!;
    await userEvent.click(within(first).getByRole('button', { name: '수정' }));
    const form = within(await screen.findByRole('dialog', { name: '상품 수정' }));
    await userEvent.selectOptions(form.getByLabelText('대체 공급사'), '8');
    await userEvent.type(form.getByLabelText('대체 공급사 상품 ID'), '999');
    expect(form.getByLabelText('대체 공급사 원가가 결제 금액보다 높아도 보냄 (손실 감수)')).not.toBeChecked();
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(await form.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: '상품 수정' })).toBeInTheDocument();
  });

  it("opens an existing service with its price in 원 and shows the server's refusal to delete", async () => {
    mockCatalog({
      [on(adminCatalogApi.deleteService, { id: 101 })]: json(
        {
          message: '주문 내역이 있는 상품은 삭제할 수 없습니다. 숨김으로 바꿔주세요.',
          code: 'CATALOG_CONFLICT',
        },
        409,
      ),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: '상품 목록' });
    const cheap = (await within(table).findByText('외국인 팔로워')).closest('tr')!;
    await userEvent.click(within(cheap).getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '상품 수정' });
    expect(within(dialog).getByLabelText('단가 (원, 1개당)')).toHaveValue('0.35');
    expect(within(dialog).getByText('개당 ₩0.35 · 1,000개당 ₩350')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));

    const first = within(table).getByText('한국인 팔로워').closest('tr')!;
    await userEvent.click(within(first).getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '상품 삭제' });
    // The particle follows the name's last syllable (워: no final consonant → 를), not 을(를).
    expect(confirm).toHaveTextContent("'한국인 팔로워'를 삭제할까요? 되돌릴 수 없습니다.");
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    expect(
      await screen.findByText('주문 내역이 있는 상품은 삭제할 수 없습니다. 숨김으로 바꿔주세요.'),
    ).toBeInTheDocument();
  });
});
