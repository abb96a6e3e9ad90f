import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_LABEL, SessionState, STORAGE_KEYS } from '@smm/domain';
import { useSession } from '@/lib/session/session-context';
import { SERVER_UNREACHABLE_MESSAGE, STARTUP_PROFILE_RETRY_DELAYS_MS } from '@/lib/session/session-provider';
import { json, mockApi, on, emptyLists } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/render';
import { AppProvider } from './provider';
import { AppRoutes, routeTitle } from './app-routes';
import {
  adminApi,
  authApi,
  memberPricingApi,
  ordersApi,
  pathOf,
  pointsApi,
  siteApi,
} from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(
  adminApi.settings,
  adminApi.settingsConfigStatus,
  pointsApi.pending,
  siteApi.categories,
  siteApi.notices,
  siteApi.platforms,
  siteApi.registerWheres,
  siteApi.services,
  siteApi.settings,
);

let session: ReturnType<typeof useSession> | null = null;
let navigate: NavigateFunction | null = null;

function Probe() {
  session = useSession();
  navigate = useNavigate();
  const location = useLocation();
  return <div data-testid="probe">{`${session.state} ${location.pathname}`}</div>;
}

function renderApp(route: string) {
  return render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProvider>,
  );
}

const profile = { id: 'member1', point: 12500, apiKey: 'key' };

describe('session state machine', () => {
  it('with a stored jwt and a profile: AUTHORIZATION, and the top bar shows the id and the balance', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    const { calls } = mockApi({ ...quiet, [on(authApi.profile)]: profile });
    renderApp('/order');

    expect(await screen.findByText('member1 님')).toBeInTheDocument();
    expect(screen.getAllByText('₩12,500').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /로그아웃/ })).toHaveAttribute('href', '/logout');
    expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.AUTHORIZATION} /order`);
    expect(calls.find((c) => c.path === pathOf(authApi.profile))?.headers.get('Authorization')).toBe(
      'Bearer good',
    );
  });

  it('renders nothing while the profile is loading', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'slow');
    let release: (r: Response) => void = () => {};
    mockApi({
      ...quiet,
      [on(authApi.profile)]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderApp('/order');

    expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.LOADING} /order`);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();

    await act(async () => release(json(profile)));
    expect(await screen.findByText('member1 님')).toBeInTheDocument();
  });

  it('with a rejected token (401): removes the jwt and becomes UN_AUTHORIZATION', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'forged');
    mockApi({ ...quiet, [on(authApi.profile)]: json({ message: '인증이 만료되었습니다.' }, 401) });
    renderApp('/point');

    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /order`),
    );
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
    expect(screen.getByRole('button', { name: '둘러보기' })).toBeInTheDocument();
  });

  it('a 401 at start-up is not retried', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'forged');
    const { calls } = mockApi({ ...quiet, [on(authApi.profile)]: json({ message: '' }, 401) });
    renderApp('/order');
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /order`),
    );
    expect(calls.filter((c) => c.path === pathOf(authApi.profile))).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
    expect(screen.queryByText(SERVER_UNREACHABLE_MESSAGE)).not.toBeInTheDocument();
  });

  describe('a start-up profile failure other than 401 keeps the token', () => {
    const backOff = STARTUP_PROFILE_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());

    it.each([
      ['a 500', () => json({ message: '오류가 발생했습니다.' }, 500)],
      ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ])(
      '%s: retried with back-off, then signed out for this page load with the jwt kept',
      async (_, answer) => {
        localStorage.setItem(STORAGE_KEYS.JWT, 'good');
        const { calls } = mockApi({ ...quiet, [on(authApi.profile)]: answer });
        const profileCalls = () => calls.filter((c) => c.path === pathOf(authApi.profile)).length;
        renderApp('/order');

        await act(() => vi.advanceTimersByTimeAsync(10));
        expect(profileCalls()).toBe(1);
        expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.LOADING} /order`);

        await act(() => vi.advanceTimersByTimeAsync(backOff + 100));
        expect(profileCalls()).toBe(1 + STARTUP_PROFILE_RETRY_DELAYS_MS.length);
        expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /order`);
        expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('good');
        expect(screen.getByText(SERVER_UNREACHABLE_MESSAGE)).toBeInTheDocument();
      },
    );

    it('a retry that succeeds signs the member in', async () => {
      localStorage.setItem(STORAGE_KEYS.JWT, 'good');
      let attempts = 0;
      mockApi({
        ...quiet,
        [on(authApi.profile)]: () => (++attempts < 3 ? json({ message: '' }, 503) : json(profile)),
      });
      renderApp('/order');
      await act(() => vi.advanceTimersByTimeAsync(backOff + 100));
      expect(attempts).toBe(3);
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.AUTHORIZATION} /order`);
      expect(screen.getByText('member1 님')).toBeInTheDocument();
      expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('good');
    });
  });

  it('without a jwt: UN_AUTHORIZATION at once, no profile call', async () => {
    const { calls } = mockApi({ ...quiet });
    renderApp('/login');
    expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /login`);
    expect(await screen.findByLabelText('아이디')).toBeInTheDocument();
    expect(calls.some((c) => c.path === pathOf(authApi.profile))).toBe(false);
  });

  it('guest mode: browse button gives the guest profile without a profile call; login leaves it', async () => {
    const { calls } = mockApi({ ...quiet });
    renderApp('/order');
    act(() => screen.getByRole('button', { name: '둘러보기' }).click());

    expect((await screen.findAllByText(GUEST_LABEL)).length).toBeGreaterThan(0);
    expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.GUEST} /order`);
    expect(calls.some((c) => c.path === pathOf(authApi.profile))).toBe(false);

    act(() => screen.getByRole('link', { name: '로그인' }).click());
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /login`),
    );
  });

  it.each([
    ['로그인', '포인트 충전', '/point', '/login'],
    ['회원가입', '링크 입력 가이드', '/guide', '/register'],
  ])(
    'a guest pressing %s on %s (%s) lands on %s, not on the catch-all /order',
    async (name, menuEntry, from, to) => {
      mockApi({ ...quiet });
      renderApp('/order');
      act(() => screen.getByRole('button', { name: '둘러보기' }).click());
      const menu = await screen.findByRole('navigation', { name: '주요 메뉴' });
      await userEvent.click(within(menu).getByRole('link', { name: menuEntry }));
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.GUEST} ${from}`);

      await userEvent.click(screen.getByRole('link', { name }));
      await waitFor(() =>
        expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} ${to}`),
      );
      // The page pressed is shown, and it stays: no late redirect to /order.
      expect(await screen.findByLabelText('아이디')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} ${to}`);
    },
  );

  it('signed-out visitors are redirected from member pages to /order', async () => {
    mockApi({ ...quiet });
    renderApp('/order-history');
    expect(await screen.findByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /order`);
  });

  it('members are redirected from /login to /order', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: profile });
    renderApp('/login');
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.AUTHORIZATION} /order`),
    );
    expect(screen.queryByLabelText('아이디')).not.toBeInTheDocument();
  });

  it('a later 401 from any call ends the session', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    let profileStatus = 200;
    mockApi({
      ...quiet,
      [on(authApi.profile)]: () => (profileStatus === 200 ? json(profile) : json({ message: '' }, 401)),
    });
    renderApp('/order');
    expect(await screen.findByText('member1 님')).toBeInTheDocument();

    profileStatus = 401;
    await act(async () => {
      await session?.refreshProfile();
    });
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION}`),
    );
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
  });
});

describe('lazy route screens and document titles', () => {
  it.each([
    ['/order', '주문하기'],
    ['/mass-order', '대량 주문'],
    ['/point', '포인트 충전'],
    ['/account', '계정설정'],
    ['/order-history', '주문내역'],
    ['/auto-order-history', '자동주문내역'],
    ['/api', 'API 문서'],
    ['/terms/service', '이용약관'],
    ['/terms/privacy', '개인정보처리방침'],
  ])('a member on %s gets its screen once its chunk loads, titled %s', async (path, title) => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    // The paged lists answer an empty page, as the server does for a new member.
    const emptyPage = { items: [], page: 1, pageSize: 10, total: 0 };
    mockApi({
      ...quiet,
      [on(authApi.profile)]: profile,
      [on(ordersApi.history)]: emptyPage,
      [on(ordersApi.autoHistory)]: emptyPage,
      [on(pointsApi.history)]: emptyPage,
      [on(memberPricingApi.myGrade)]: { grade: null, customRates: 0, next: null },
    });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.AUTHORIZATION} ${path}`);
    // The screen renders inside the layout's content area, the top bar beside it.
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: title }));
    expect(screen.getByText('member1 님')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · SMM 패널`));
  });

  it.each([
    ['/login', '로그인'],
    ['/register', '회원가입'],
    ['/find-id', '아이디 찾기'],
    ['/find-password', '비밀번호 찾기'],
  ])('a visitor on %s gets its screen, titled %s', async (path, title) => {
    mockApi({ ...quiet });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · SMM 패널`));
  });

  it('a signed-in member on the landing is offered 주문하기 and 로그아웃, never 로그인 (which ended the session)', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: profile });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: '계정' });
    expect(await within(nav).findByRole('link', { name: '주문하기' })).toHaveAttribute('href', '/order');
    expect(within(nav).getByRole('link', { name: '로그아웃' })).toHaveAttribute('href', '/logout');
    expect(within(nav).queryByRole('link', { name: '로그인' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '회원가입' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBe('good');
  });

  /** The landing header's account entries: 로그인 · 회원가입 for anyone but a signed-in member. */
  async function expectVisitorLandingHeader() {
    const nav = await screen.findByRole('navigation', { name: '계정' });
    expect(within(nav).getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/register');
    expect(within(nav).queryByRole('link', { name: '주문하기' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '로그아웃' })).not.toBeInTheDocument();
  }

  it('a visitor, and a guest back on the landing after 둘러보기, are offered 로그인 · 회원가입 (a guest is signed in to nothing)', async () => {
    mockApi({ ...quiet });
    renderApp('/');
    await expectVisitorLandingHeader();

    act(() => screen.getAllByRole('button', { name: '둘러보기' })[0]?.click());
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.GUEST} /order`),
    );
    await act(async () => navigate?.(-1));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.GUEST} /`));
    await expectVisitorLandingHeader();
    // The hero does not tell a guest they are in either: browse on, or sign up (which ends guest mode).
    expect(screen.queryByRole('link', { name: /주문하러 가기/ })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: '회원가입' }));
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.UN_AUTHORIZATION} /register`),
    );
  });

  it('a page restored from the back/forward cache with another token stored than its session’s is loaded afresh', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: profile });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderApp('/order');
    expect(await screen.findByText('member1 님')).toBeInTheDocument();

    // Shown again unchanged (same token): nothing to do.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(reload).not.toHaveBeenCalled();
    // /logout removed the token and the browser came Back to this page as it was left.
    localStorage.removeItem(STORAGE_KEYS.JWT);
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(reload).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the landing is titled with the site name alone; moving on retitles the tab', async () => {
    mockApi({ ...quiet });
    renderApp('/');
    await waitFor(() => expect(document.title).toBe('SMM 패널'));

    const browse = screen.getAllByRole('button', { name: '둘러보기' })[0];
    act(() => browse?.click());
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent(`${SessionState.GUEST} /order`),
    );
    await waitFor(() => expect(document.title).toBe('주문하기 · SMM 패널'));

    const menu = await screen.findByRole('navigation', { name: '주요 메뉴' });
    await userEvent.click(within(menu).getByRole('link', { name: '포인트 충전' }));
    expect(await screen.findByRole('heading', { level: 1, name: '포인트 충전' })).toBeInTheDocument();
    expect(document.title).toBe('포인트 충전 · SMM 패널');
  });

  it.each([
    ['/order/', '주문하기'],
    ['/ORDER', '주문하기'],
    ['/register/naver', '회원가입'],
    ['/qna', '자주 묻는 질문'],
    ['/guide', '링크 입력 가이드'],
    ['/nowhere', undefined],
  ])('routeTitle(%s) is %s', (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });
});

describe('operator console route', () => {
  it('an operator at /admin gets the console with its menu, not the member layout', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: { ...profile, id: 'operator', role: 'admin' } });
    renderApp('/admin/settings');
    const nav = await screen.findByRole('navigation', { name: '콘솔 메뉴' });
    expect(within(nav).getByRole('link', { name: '사이트 설정' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('probe')).toHaveTextContent('/admin/settings');
    expect(screen.queryByRole('link', { name: /로그아웃/ })).not.toBeInTheDocument();
  });

  it.each([
    ['a member', { [on(authApi.profile)]: profile }, 'good'],
    ['a visitor', {}, null],
  ])('%s at /admin is sent to /order and never loads the console', async (_who, routes, token) => {
    if (token) localStorage.setItem(STORAGE_KEYS.JWT, token);
    mockApi({ ...quiet, ...routes });
    renderApp('/admin/members');
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/ \/order$/));
    expect(screen.queryByRole('navigation', { name: '콘솔 메뉴' })).not.toBeInTheDocument();
  });

  it('titles console screens from the console itself', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: { ...profile, id: 'operator', role: 'admin' } });
    renderApp('/admin/members/abc');
    await screen.findByRole('navigation', { name: '콘솔 메뉴' });
    await waitFor(() => expect(document.title).toBe('회원 · 운영자 콘솔 · SMM 패널'));
    expect(routeTitle('/admin/members/abc')).toBeNull();
  });
});
