import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SessionState, STORAGE_KEYS } from '@smm/domain';
import { useSession } from '@/lib/session/session-context';
import { mockApi, settingsOf, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { TopBar } from './top-bar';
import { authApi, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(siteApi.settings);

const profile = { id: 'member1', point: 30000, apiKey: 'k' };

function StateProbe() {
  return <span data-testid="state">{useSession().state}</span>;
}

function renderTopBar(route = '/order') {
  return renderWithProviders(
    <>
      <TopBar />
      <StateProbe />
    </>,
    { route },
  );
}

describe('top bar', () => {
  it('signed out: login, sign-up and a browse button that starts guest mode', async () => {
    mockApi({ ...quiet });
    renderTopBar('/login');
    expect(screen.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'SMM 패널 홈' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: '둘러보기' }));
    expect(screen.getByTestId('state')).toHaveTextContent(String(SessionState.GUEST));
    expect(screen.getByTestId('location')).toHaveTextContent('/order');
    expect(screen.getByText('둘러보기 회원')).toBeInTheDocument();
    expect(screen.getByText('₩0')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /로그아웃/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SMM 패널 홈' })).toHaveAttribute('href', '/order');
  });

  it('member: menu links, balance with a top-up badge, account and logout; FAQ only with ENABLE_QNA', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      ...quiet,
      [on(authApi.profile)]: profile,
      [on(siteApi.settings)]: settingsOf({ ENABLE_QNA: 'true' }),
    });
    renderTopBar();

    expect(await screen.findByText('member1 님')).toBeInTheDocument();
    expect(screen.getByText('₩30,000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '충전하기' })).toHaveAttribute('href', '/point');
    expect(screen.getByRole('link', { name: /계정설정/ })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: /로그아웃/ })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('link', { name: /운영자 콘솔/ })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '주요 메뉴' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      '주문하기',
      '대량 주문',
      '주문내역',
      '자동주문내역',
      '포인트 충전',
      '링크 입력 가이드',
      '1:1 문의',
      '자주 묻는 질문',
    ]);
    // No unread reply: no badge.
    expect(screen.queryByLabelText(/읽지 않은 답변/)).toBeNull();
  });

  it('member with unread 1:1 문의 replies: a badge with their count on the 1:1 문의 entry', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: { ...profile, inquiryUnread: 2 } });
    renderTopBar();
    const nav = await screen.findByRole('navigation', { name: '주요 메뉴' });
    const entry = within(nav).getByRole('link', { name: /1:1 문의/ });
    expect(entry).toHaveAttribute('href', '/inquiries');
    expect(within(entry).getByLabelText('읽지 않은 답변 2건')).toHaveTextContent('2');
  });

  it('operator: a link to the console beside the account actions', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: { ...profile, id: 'operator', role: 'admin' } });
    renderTopBar();
    expect(await screen.findByText('operator 님')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /운영자 콘솔/ })).toHaveAttribute('href', '/admin');
  });

  it('guest pressing 로그인 goes back to UN_AUTHORIZATION', async () => {
    mockApi({ ...quiet });
    renderTopBar();
    await userEvent.click(screen.getByRole('button', { name: '둘러보기' }));
    await userEvent.click(screen.getByRole('link', { name: '로그인' }));
    expect(screen.getByTestId('state')).toHaveTextContent(String(SessionState.UN_AUTHORIZATION));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('the hamburger overlay closes on a backdrop click', async () => {
    mockApi({ ...quiet });
    renderTopBar();
    await userEvent.click(screen.getByRole('button', { name: '메뉴 열기' }));
    const dialog = screen.getByRole('dialog', { name: '전체 메뉴' });

    // A click inside the panel keeps it open; only the backdrop closes it.
    await userEvent.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('menu-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the hamburger overlay closes on a route change', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({ ...quiet, [on(authApi.profile)]: profile });
    renderTopBar();
    await screen.findByText('member1 님');

    await userEvent.click(screen.getByRole('button', { name: '메뉴 열기' }));
    const dialog = screen.getByRole('dialog', { name: '전체 메뉴' });
    await userEvent.click(within(dialog).getByRole('link', { name: '주문내역' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-history'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
