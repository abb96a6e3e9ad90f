import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatWon, ORDER_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import type { Category, Platform, Service } from '@smm/domain/contract';
import { json, mockApi, settingsOf, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { GuestButton } from '@/testing/guest-button';
import { renderWithProviders } from '@/testing/render';
import { OrderRoute } from './order';
import { authApi, ordersApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(siteApi.notices, siteApi.settings);

const platforms: Platform[] = [
  { id: 1, text: '인스타그램', visible: true, bgColor: '' },
  { id: 2, text: '유튜브', visible: true, bgColor: '#fef2f2' },
  { id: 3, text: '숨김 플랫폼', visible: false, bgColor: '' },
];
const categories: Category[] = [
  { id: 10, platform: 1, text: '인스타 팔로워' },
  { id: 11, platform: 1, text: '인스타 조회수' },
  { id: 20, platform: 2, text: '유튜브 구독자' },
];
const svc = (s: Partial<Service> & Pick<Service, 'id' | 'text' | 'categoryId'>): Service => ({
  point: 1,
  unitPriceMilli: 1000,
  min: 10,
  max: 1000,
  notice: '',
  enableAuto: false,
  isReadOnly: false,
  refillDays: 0,
  cancellable: false,
  type: 'default',
  ...s,
});
const services: Service[] = [
  svc({
    id: 100,
    text: '🇰🇷 한국인 팔로워',
    categoryId: 10,
    point: 60,
    unitPriceMilli: 60000,
    min: 10,
    max: 1000,
    notice: '비공개 계정은 진행되지 않습니다.',
    enableAuto: true,
    refillDays: 30,
    cancellable: true,
  }),
  svc({
    id: 101,
    text: '외국인 팔로워',
    categoryId: 10,
    point: 8,
    unitPriceMilli: 8000,
    min: 50,
    max: 30000,
    cancellable: true,
  }),
  svc({
    id: 110,
    text: '릴스 조회수',
    categoryId: 11,
    point: 0.35,
    unitPriceMilli: 350,
    min: 100,
    max: 100000,
    notice: '릴스 링크만 가능합니다.',
    enableAuto: true,
  }),
  svc({
    id: 120,
    text: '한국인 댓글 (직접 입력)',
    categoryId: 11,
    unitPriceMilli: 150000,
    min: 2,
    max: 5,
    type: 'custom_comments',
  }),
  svc({
    id: 121,
    text: '좋아요 100개 패키지',
    categoryId: 11,
    unitPriceMilli: 20000,
    min: 100,
    max: 100,
    type: 'package',
  }),
  svc({ id: 200, text: '유튜브 구독자 (점검)', categoryId: 20, isReadOnly: true, enableAuto: true }),
];

const profile = { id: 'member1', point: 100_000, apiKey: 'k' };
const catalogRoutes = {
  [on(siteApi.platforms)]: platforms,
  [on(siteApi.categories)]: categories,
  [on(siteApi.services)]: services,
};

function signedIn(point = profile.point, extra: Record<string, unknown> = {}) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  return mockApi({ ...quiet, ...catalogRoutes, [on(authApi.profile)]: { ...profile, point }, ...extra });
}

const orderPosts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === pathOf(ordersApi.place));

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });
const selectValue = (label: string) => (field(label) as HTMLSelectElement).value;
const orderButton = () => screen.getByRole('button', { name: '주문하기' });

async function renderForm() {
  const result = renderWithProviders(<OrderRoute />, { route: '/order' });
  // The catalog has arrived once the platform select lists it.
  await screen.findByRole('option', { name: '인스타그램' });
  return result;
}

/** Platform 인스타그램 → its first category → its first product (🇰🇷 한국인 팔로워, min 10). */
async function pickInstagram() {
  await userEvent.selectOptions(field('플랫폼'), '1');
}

async function fill(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text) await userEvent.type(field(label), text);
}

describe('order form: the selection cascade (docs/product.md#order-page)', () => {
  it('a platform picks its first category and product; the product sets the quantity to its minimum', async () => {
    signedIn();
    await renderForm();
    expect(screen.queryByRole('option', { name: '숨김 플랫폼' })).not.toBeInTheDocument();
    expect(field('카테고리')).toBeDisabled();

    await pickInstagram();
    expect(selectValue('카테고리')).toBe('10');
    expect(selectValue('상품')).toBe('100');
    expect(field('주문 수량')).toHaveValue('10');
    expect(
      within(field('카테고리') as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['인스타 팔로워', '인스타 조회수']);

    await userEvent.selectOptions(field('카테고리'), '11');
    expect(selectValue('상품')).toBe('110');
    expect(field('주문 수량')).toHaveValue('100');

    await userEvent.selectOptions(field('플랫폼'), '2');
    expect(selectValue('카테고리')).toBe('20');
    expect(selectValue('상품')).toBe('200');
  });

  it('a product resets auto-order and the quantity; toggling auto-order resets runs and interval to 0', async () => {
    signedIn();
    await renderForm();
    await pickInstagram();
    await fill('주문 수량', '500');

    await userEvent.click(screen.getByLabelText('자동주문'));
    expect(field('자동주문 횟수')).toHaveValue('0');
    expect(field('자동주문 간격(분)')).toHaveValue('0');
    await fill('자동주문 횟수', '3');
    await fill('자동주문 간격(분)', '90');

    await userEvent.click(screen.getByLabelText('자동주문'));
    expect(screen.queryByLabelText('자동주문 횟수')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('자동주문'));
    expect(field('자동주문 횟수')).toHaveValue('0');
    expect(field('자동주문 간격(분)')).toHaveValue('0');

    await userEvent.selectOptions(field('상품'), '101');
    expect(field('주문 수량')).toHaveValue('50');
    // 외국인 팔로워 has no auto-order: no checkbox at all.
    expect(screen.queryByLabelText('자동주문')).not.toBeInTheDocument();
    await userEvent.selectOptions(field('상품'), '100');
    expect(screen.getByLabelText('자동주문')).not.toBeChecked();
    expect(field('주문 수량')).toHaveValue('10');
  });

  it('a platform tile picks that platform in the form', async () => {
    signedIn();
    await renderForm();
    const tile = screen.getByRole('button', { name: '유튜브' });
    await userEvent.click(tile);
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(selectValue('플랫폼')).toBe('2');
    expect(selectValue('카테고리')).toBe('20');
    expect(selectValue('상품')).toBe('200');
  });

  it('shows the product notice, the exact unit price and a live total rounded up to whole won', async () => {
    signedIn();
    await renderForm();
    await pickInstagram();
    expect(screen.getByText('비공개 계정은 진행되지 않습니다.')).toBeInTheDocument();
    expect(screen.getByText('₩60')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩600');

    await userEvent.selectOptions(field('카테고리'), '11');
    expect(screen.getByText('₩0.35')).toBeInTheDocument();
    await fill('주문 수량', '101');
    // 101 × 0.35 = 35.35 → 36 won.
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩36');
    await userEvent.click(screen.getByLabelText('자동주문'));
    await fill('자동주문 횟수', '3');
    // × 3 runs: 106.05 → 107 won.
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩107');
    await fill('주문 수량', '1.5');
    expect(screen.getByTestId('order-total')).toHaveTextContent('-');
  });

  it("a member's own price (grade or rate) is shown as 회원 단가 beside the list price, and the total follows it", async () => {
    signedIn(profile.point, {
      // 5 % off ₩60 (docs/product.md#member-grades-and-custom-rates): ₩57, the list price kept beside it.
      [on(siteApi.services)]: services.map((s) =>
        s.id === 100 ? { ...s, point: 57, unitPriceMilli: 57_000, listUnitPriceMilli: 60_000 } : s,
      ),
    });
    await renderForm();
    await pickInstagram();
    expect(screen.getByText('회원 단가')).toBeInTheDocument();
    expect(screen.getByText('₩57')).toBeInTheDocument();
    expect(screen.getByText('₩60').closest('.service-list-price')).toHaveTextContent('정가 ₩60');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩570');
    // A product at the list price says 단가 only.
    await userEvent.selectOptions(field('상품'), '101');
    expect(screen.getByText('단가')).toBeInTheDocument();
    expect(screen.queryByText('회원 단가')).not.toBeInTheDocument();
    expect(screen.queryByText(/정가/)).not.toBeInTheDocument();
  });

  it("shows the chosen product's refill and cancel terms beside its notice (docs/product.md#refill-and-cancellation)", async () => {
    signedIn();
    await renderForm();
    await pickInstagram();
    const terms = () => screen.getByRole('list', { name: '리필 · 취소 안내' });
    expect(
      within(terms())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['리필 30일 보장', '주문 취소 가능']);
    await userEvent.selectOptions(field('상품'), '101');
    expect(
      within(terms())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['리필 불가', '주문 취소 가능']);
    await userEvent.selectOptions(field('카테고리'), '11');
    expect(screen.getByText('릴스 링크만 가능합니다.')).toBeInTheDocument();
    expect(
      within(terms())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['리필 불가', '주문 취소 불가']);
  });

  it('flag emojis in product names become couple emojis on wide screens only', async () => {
    signedIn();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('min-width: 881px'),
    })) as typeof window.matchMedia;
    await renderForm();
    await pickInstagram();
    expect(screen.getByRole('option', { name: '💑 한국인 팔로워' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '🇰🇷 한국인 팔로워' })).not.toBeInTheDocument();
  });
});

describe('order form: client validation with the domain messages', () => {
  type Setup = () => Promise<void>;
  const cases: [string, Setup][] = [
    [ORDER_MESSAGES.SERVICE_REQUIRED, async () => {}],
    [ORDER_MESSAGES.LINK_REQUIRED, pickInstagram],
    [
      ORDER_MESSAGES.LINK_FORMAT,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'instagram.com/me');
      },
    ],
    [
      ORDER_MESSAGES.AMOUNT_NOT_INTEGER,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await fill('주문 수량', '12.5');
      },
    ],
    [
      ORDER_MESSAGES.AMOUNT_BELOW_MIN,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await fill('주문 수량', '9');
      },
    ],
    [
      ORDER_MESSAGES.AMOUNT_ABOVE_MAX,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await fill('주문 수량', '1001');
      },
    ],
    [
      // Box ticked, runs and interval still at their reset value 0.
      ORDER_MESSAGES.RUNS_TOO_FEW,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await userEvent.click(screen.getByLabelText('자동주문'));
      },
    ],
    [
      ORDER_MESSAGES.RUNS_TOO_FEW,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await userEvent.click(screen.getByLabelText('자동주문'));
        await fill('자동주문 횟수', '1');
        await fill('자동주문 간격(분)', '60');
      },
    ],
    [
      ORDER_MESSAGES.RUNS_NOT_INTEGER,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await userEvent.click(screen.getByLabelText('자동주문'));
        await fill('자동주문 횟수', '2.5');
        await fill('자동주문 간격(분)', '60');
      },
    ],
    [
      ORDER_MESSAGES.INTERVAL_TOO_SHORT,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await userEvent.click(screen.getByLabelText('자동주문'));
        await fill('자동주문 횟수', '3');
        await fill('자동주문 간격(분)', '59');
      },
    ],
    [
      ORDER_MESSAGES.INTERVAL_NOT_INTEGER,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await userEvent.click(screen.getByLabelText('자동주문'));
        await fill('자동주문 횟수', '3');
        await fill('자동주문 간격(분)', '60.5');
      },
    ],
    [
      // 10 × 60 won = 600 won against a balance of 599.
      ORDER_MESSAGES.INSUFFICIENT_POINTS,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
      },
    ],
    [
      // Auto-order: 10 × 60 won × 2 runs = 1,200 won against 599.
      ORDER_MESSAGES.INSUFFICIENT_POINTS,
      async () => {
        await pickInstagram();
        await fill('주문 링크', 'https://instagram.com/me');
        await userEvent.click(screen.getByLabelText('자동주문'));
        await fill('자동주문 횟수', '2');
        await fill('자동주문 간격(분)', '60');
      },
    ],
  ];

  it.each(cases)('toasts %s and sends nothing', async (message, setup) => {
    const balance = message === ORDER_MESSAGES.INSUFFICIENT_POINTS ? 599 : profile.point;
    const { calls } = signedIn(balance);
    await renderForm();
    await screen.findByText(formatWon(balance), { selector: '.greeting-balance strong' });
    await setup();
    await userEvent.click(orderButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('an exact balance is enough', async () => {
    const { calls } = signedIn(600, { [on(ordersApi.place)]: orderResult() });
    await renderForm();
    await screen.findByText('₩600', { selector: '.greeting-balance strong' });
    await pickInstagram();
    await fill('주문 링크', 'https://instagram.com/me');
    await userEvent.click(orderButton());
    expect(await screen.findByText(ORDER_MESSAGES.SUCCESS)).toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(1);
  });
});

describe('order form: disabled state', () => {
  it('ENABLE_SERVICE_CHECK: one banner (maintenance, not "running" too), every field off, no total and no button', async () => {
    const { calls } = signedIn(profile.point, {
      [on(siteApi.settings)]: settingsOf({ ENABLE_SERVICE_CHECK: 'true' }),
    });
    await renderForm();
    const status = await screen.findByTestId('service-status');
    expect(status).toHaveTextContent('서비스 점검 중');
    expect(screen.getAllByTestId('service-status')).toHaveLength(1);
    expect(screen.queryByText('서비스 정상 가동 중')).not.toBeInTheDocument();

    // A platform tile still fills the (disabled) form, which stays closed: nothing priced, nothing to press.
    await userEvent.click(screen.getByRole('button', { name: '인스타그램' }));
    expect(selectValue('상품')).toBe('100');
    for (const label of ['플랫폼', '카테고리', '상품', '주문 링크', '주문 수량']) {
      expect(field(label), label).toBeDisabled();
    }
    for (const label of ['주문 링크', '주문 수량']) {
      expect(field(label)).toHaveValue(ORDER_MESSAGES.UNAVAILABLE);
    }
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
    expect(screen.queryByText('총 금액')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '주문하기' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-closed')).toHaveTextContent('점검 중에는 주문할 수 없어요.');
    // The auto-order checkbox shows only when the form is not disabled, even for a product that has it.
    expect(screen.queryByLabelText('자동주문')).not.toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('without maintenance the strip says the service is running, and only that', async () => {
    signedIn();
    await renderForm();
    expect(await screen.findByTestId('service-status')).toHaveTextContent('서비스 정상 가동 중');
    expect(screen.queryByText('서비스 점검 중')).not.toBeInTheDocument();
  });

  it('a read-only product closes the form (no total, no button, the reason); another product opens it again', async () => {
    const { calls } = signedIn();
    await renderForm();
    await userEvent.selectOptions(field('플랫폼'), '2');
    expect(screen.queryByRole('button', { name: '주문하기' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-closed')).toHaveTextContent('주문불가 상품입니다.');
    expect(field('주문 링크')).toHaveValue(ORDER_MESSAGES.UNAVAILABLE);
    expect(field('주문 수량')).toBeDisabled();
    expect(screen.queryByLabelText('자동주문')).not.toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(0);

    await pickInstagram();
    expect(orderButton()).toBeEnabled();
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩');
    expect(screen.queryByTestId('order-closed')).not.toBeInTheDocument();
    expect(field('주문 링크')).toHaveValue('');
    expect(screen.getByLabelText('자동주문')).toBeInTheDocument();
  });
});

describe('order form: guests and signed-out visitors', () => {
  it('a guest pressing order is asked to log in, with a way to the login page, and nothing is sent', async () => {
    const { calls } = mockApi({ ...quiet, ...catalogRoutes });
    renderWithProviders(
      <>
        <GuestButton />
        <OrderRoute />
      </>,
      { route: '/order', routes: { '/login': <p>로그인 화면</p> } },
    );
    await userEvent.click(screen.getByRole('button', { name: '게스트 시작' }));
    await screen.findByText('으로 둘러보는 중이에요', { exact: false });
    await screen.findByRole('option', { name: '인스타그램' });
    await pickInstagram();
    await fill('주문 링크', 'https://instagram.com/me');
    await userEvent.click(orderButton());

    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent('로그인이 필요합니다');
    expect(prompt).toHaveTextContent('둘러보기 모드에서는 주문할 수 없어요');
    expect(orderPosts(calls)).toHaveLength(0);
    expect(calls.some((c) => c.path === pathOf(authApi.profile))).toBe(false);

    await userEvent.click(within(prompt).getByRole('link', { name: '로그인하러 가기' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('a signed-out visitor gets the same prompt, even with an empty form', async () => {
    const { calls } = mockApi({ ...quiet, ...catalogRoutes });
    await renderForm();
    await userEvent.click(orderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('주문하려면 로그인해 주세요.');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: '로그인하러 가기' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(orderPosts(calls)).toHaveLength(0);
  });
});

function orderResult(over: Record<string, unknown> = {}) {
  return {
    orderId: 4321,
    serviceId: 100,
    link: 'https://instagram.com/me',
    amount: 20,
    autoOrder: false,
    cost: 1200,
    ...over,
  };
}

describe('order form: placing an order', () => {
  it('sends the order with an Idempotency-Key; then refreshes the profile, resets link and quantity, scrolls up and shows the result card', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    let point = profile.point;
    const { calls } = signedIn(profile.point, {
      [on(authApi.profile)]: () => json({ ...profile, point }),
      [on(ordersApi.place)]: () => {
        point -= 1200;
        return json(orderResult());
      },
    });
    await renderForm();
    await screen.findByText('₩100,000', { selector: '.greeting-balance strong' });
    await pickInstagram();
    await fill('주문 링크', '  https://instagram.com/me ');
    await fill('주문 수량', '20');
    const profileCallsBefore = calls.filter((c) => c.path === pathOf(authApi.profile)).length;
    await userEvent.click(orderButton());

    expect(await screen.findByText(ORDER_MESSAGES.SUCCESS)).toBeInTheDocument();
    const [post] = orderPosts(calls);
    expect(post?.body).toEqual({
      serviceId: 100,
      link: 'https://instagram.com/me',
      amount: 20,
      runs: 0,
      interval: 0,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    const card = screen.getByRole('region', { name: '주문이 접수되었습니다' });
    expect(within(card).getByText('4321')).toBeInTheDocument();
    expect(within(card).getByText('🇰🇷 한국인 팔로워')).toBeInTheDocument();
    expect(within(card).getByText('https://instagram.com/me')).toBeInTheDocument();
    expect(within(card).getByText('20')).toBeInTheDocument();
    expect(within(card).getByText('₩1,200')).toBeInTheDocument();

    expect(field('주문 링크')).toHaveValue('');
    expect(field('주문 수량')).toHaveValue('10');
    expect(selectValue('상품')).toBe('100');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(await screen.findByText('₩98,800', { selector: '.greeting-balance strong' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === pathOf(authApi.profile)).length).toBeGreaterThan(
      profileCallsBefore,
    );
  });

  it('an auto-order sends its runs and interval', async () => {
    const { calls } = signedIn(profile.point, {
      [on(ordersApi.place)]: orderResult({ autoOrder: true, orderId: 7, amount: 10, cost: 1800 }),
    });
    await renderForm();
    await screen.findByText('₩100,000', { selector: '.greeting-balance strong' });
    await pickInstagram();
    await fill('주문 링크', 'https://instagram.com/me');
    await userEvent.click(screen.getByLabelText('자동주문'));
    await fill('자동주문 횟수', '3');
    await fill('자동주문 간격(분)', '60');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩1,800');
    await userEvent.click(orderButton());
    expect(await screen.findByRole('region', { name: '자동주문이 접수되었습니다' })).toBeInTheDocument();
    expect(orderPosts(calls)[0]?.body).toEqual({
      serviceId: 100,
      link: 'https://instagram.com/me',
      amount: 10,
      runs: 3,
      interval: 60,
    });
  });

  it('a second press while the first is pending sends nothing; each new attempt has a new key', async () => {
    let release: (response: Response) => void = () => {};
    const { calls } = signedIn(profile.point, {
      [on(ordersApi.place)]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    await renderForm();
    await screen.findByText('₩100,000', { selector: '.greeting-balance strong' });
    await pickInstagram();
    await fill('주문 링크', 'https://instagram.com/me');
    const button = orderButton();
    await userEvent.click(button);
    await userEvent.click(button);
    // A submit fired directly (Enter in a field) while pending is refused as well.
    (button.closest('form') as HTMLFormElement).requestSubmit();
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(1));
    expect(screen.getByRole('button', { name: '주문하는 중…' })).toBeDisabled();

    release(json({ message: '', code: 'INTERNAL' }, 500));
    expect(await screen.findByText(ORDER_MESSAGES.FAILED)).toBeInTheDocument();
    await userEvent.click(orderButton());
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(2));
    const [first, second] = orderPosts(calls);
    expect(first?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it('a refusal shows the server message and keeps the form as typed', async () => {
    signedIn(profile.point, {
      [on(ordersApi.place)]: json({ message: '포인트가 부족합니다.', code: 'INSUFFICIENT_POINTS' }, 409),
    });
    await renderForm();
    await screen.findByText('₩100,000', { selector: '.greeting-balance strong' });
    await pickInstagram();
    await fill('주문 링크', 'https://instagram.com/me');
    await userEvent.click(orderButton());
    expect(await screen.findByText(ORDER_MESSAGES.INSUFFICIENT_POINTS)).toBeInTheDocument();
    expect(field('주문 링크')).toHaveValue('https://instagram.com/me');
    expect(screen.queryByRole('region', { name: '주문이 접수되었습니다' })).not.toBeInTheDocument();
  });
});

describe('order form: service types (docs/product.md#service-types)', () => {
  it('a Custom Comments product takes comments one a line: the quantity and total follow the lines; the comments are sent, no amount', async () => {
    const { calls } = signedIn(profile.point, {
      [on(ordersApi.place)]: orderResult({ serviceId: 120, amount: 3 }),
    });
    await renderForm();
    await pickInstagram();
    await userEvent.selectOptions(field('카테고리'), '11');
    await userEvent.selectOptions(field('상품'), '120');
    const comments = screen.getByLabelText('댓글');
    expect(screen.queryByLabelText('자동주문')).not.toBeInTheDocument();
    expect(field('주문 수량')).toHaveAttribute('readonly');
    expect(field('주문 수량')).toHaveValue('0');
    await userEvent.type(comments, '예뻐요{Enter}{Enter}  최고 {Enter}좋아요');
    expect(field('주문 수량')).toHaveValue('3');
    expect(screen.getByText('댓글 3개 · 최소 2 · 최대 5')).toBeInTheDocument();
    // 3 × 150 원.
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩450');
    await fill('주문 링크', 'https://instagram.com/p/1');
    await userEvent.click(orderButton());
    expect(await screen.findByText(ORDER_MESSAGES.SUCCESS)).toBeInTheDocument();
    expect(orderPosts(calls)[0]?.body).toEqual({
      serviceId: 120,
      link: 'https://instagram.com/p/1',
      comments: '예뻐요\n\n  최고 \n좋아요',
      runs: 0,
      interval: 0,
    });
    // The comments are cleared with the link once the order is placed.
    expect(screen.getByLabelText('댓글')).toHaveValue('');
  });

  it('refuses too few comments before sending, with the rule’s message', async () => {
    const { calls } = signedIn();
    await renderForm();
    await pickInstagram();
    await userEvent.selectOptions(field('카테고리'), '11');
    await userEvent.selectOptions(field('상품'), '120');
    await userEvent.type(screen.getByLabelText('댓글'), '하나뿐');
    await fill('주문 링크', 'https://instagram.com/p/1');
    await userEvent.click(orderButton());
    expect(await screen.findByText(ORDER_MESSAGES.COMMENTS_BELOW_MIN)).toBeInTheDocument();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('a Package shows its fixed quantity and sends the link only', async () => {
    const { calls } = signedIn(profile.point, {
      [on(ordersApi.place)]: orderResult({ serviceId: 121, amount: 100 }),
    });
    await renderForm();
    await pickInstagram();
    await userEvent.selectOptions(field('카테고리'), '11');
    await userEvent.selectOptions(field('상품'), '121');
    expect(field('주문 수량')).toHaveValue('100');
    expect(field('주문 수량')).toHaveAttribute('readonly');
    expect(screen.getByText('패키지 100개')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('₩2,000');
    await fill('주문 링크', 'https://instagram.com/p/2');
    await userEvent.click(orderButton());
    expect(await screen.findByText(ORDER_MESSAGES.SUCCESS)).toBeInTheDocument();
    expect(orderPosts(calls)[0]?.body).toEqual({
      serviceId: 121,
      link: 'https://instagram.com/p/2',
      runs: 0,
      interval: 0,
    });
  });
});
