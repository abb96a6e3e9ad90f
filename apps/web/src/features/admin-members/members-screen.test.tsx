import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminMemberItem, AdminMembersResponse } from '@smm/domain/contract';
import { mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { MembersScreen } from './members-screen';
import { adminMembersApi, pathOf } from '@smm/domain/endpoints';

const member = (loginId: string, over: Partial<AdminMemberItem> = {}): AdminMemberItem => ({
  loginId,
  email: `${loginId}@example.com`,
  phoneNumber: '01012345678',
  point: 12_000,
  registerWhere: '지인 추천',
  // 2026-11-22 00:30 in Seoul, whatever the machine's zone.
  createdAt: '2026-11-21T15:30:00.000Z',
  suspendedAt: null,
  orderCount: 3,
  totalSpent: 8_000,
  totalCharged: 20_000,
  ...over,
});

const pageOf = (items: AdminMemberItem[], total = items.length): AdminMembersResponse => ({
  items,
  page: 1,
  pageSize: 50,
  total,
});

function renderScreen(route = '/admin/members') {
  return renderWithProviders(<MembersScreen />, { route, path: '/admin/members' });
}

const lastListCall = (calls: { path: string; search: string }[]) => {
  const list = calls.filter((c) => c.path === pathOf(adminMembersApi.members));
  return new URLSearchParams(list[list.length - 1]?.search ?? '');
};

describe('members screen', () => {
  it('shows the page the server sent: link to the profile, figures, status', async () => {
    mockApi({
      [on(adminMembersApi.members)]: pageOf(
        [member('alice'), member('bob_1', { suspendedAt: '2026-11-22T01:00:00.000Z', phoneNumber: null })],
        2,
      ),
    });
    renderScreen();
    await screen.findByRole('link', { name: 'alice' });
    const table = screen.getByRole('table', { name: '회원 목록' });
    const alice = within(table).getByRole('link', { name: 'alice' });
    expect(alice).toHaveAttribute('href', '/admin/members/alice');
    const aliceRow = alice.closest('tr')!;
    expect(within(aliceRow).getByText('010-1234-5678')).toBeInTheDocument();
    expect(within(aliceRow).getByText('₩12,000')).toBeInTheDocument();
    expect(within(aliceRow).getByText('₩20,000')).toBeInTheDocument();
    expect(within(aliceRow).getByText('₩8,000')).toBeInTheDocument();
    expect(within(aliceRow).getByText('2026-11-22 00:30:00')).toBeInTheDocument();
    expect(within(aliceRow).getByText('이용 중')).toBeInTheDocument();
    const bobRow = within(table).getByRole('link', { name: 'bob_1' }).closest('tr')!;
    expect(within(bobRow).getByText('정지')).toBeInTheDocument();
    expect(screen.getByText('총 2명')).toBeInTheDocument();
  });

  it('reads search, status, order and page from the URL and asks the server for exactly that', async () => {
    const { calls } = mockApi({ [on(adminMembersApi.members)]: pageOf([member('kim1')], 120) });
    renderScreen('/admin/members?q=kim&status=suspended&sort=point&dir=asc&page=2');
    await screen.findByRole('link', { name: 'kim1' });
    expect(Object.fromEntries(lastListCall(calls))).toEqual({
      q: 'kim',
      status: 'suspended',
      sort: 'point',
      dir: 'asc',
      page: '2',
    });
    expect(screen.getByLabelText('검색')).toHaveValue('kim');
    expect(screen.getByLabelText('상태')).toHaveValue('suspended');
    expect(screen.getByLabelText('정렬')).toHaveValue('point:asc');
    // 120 members at 50 a page: three pages, links keep the filters.
    const nav = screen.getByRole('navigation', { name: '회원 목록 페이지' });
    expect(within(nav).getByRole('link', { name: '3 페이지' })).toHaveAttribute(
      'href',
      '/admin/members?q=kim&status=suspended&sort=point&dir=asc&page=3',
    );
  });

  it('puts a new search, status or order in the URL and starts from page 1', async () => {
    const { calls } = mockApi({ [on(adminMembersApi.members)]: pageOf([member('alice')]) });
    renderScreen('/admin/members?page=3');
    await screen.findByRole('link', { name: 'alice' });

    await userEvent.type(screen.getByLabelText('검색'), ' 010-1234 ');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/members'));
    await waitFor(() => expect(lastListCall(calls).get('q')).toBe('010-1234'));
    expect(lastListCall(calls).get('page')).toBe('1');

    await userEvent.selectOptions(screen.getByLabelText('상태'), 'active');
    await waitFor(() => expect(lastListCall(calls).get('status')).toBe('active'));
    expect(lastListCall(calls).get('q')).toBe('010-1234');

    await userEvent.selectOptions(screen.getByLabelText('정렬'), 'loginId:asc');
    await waitFor(() => expect(lastListCall(calls).get('sort')).toBe('loginId'));
    expect(lastListCall(calls).get('dir')).toBe('asc');

    // A sortable header asks the server too (here: 가입일, newest first by default → oldest first).
    await userEvent.click(screen.getByRole('button', { name: /가입일/ }));
    await waitFor(() => expect(lastListCall(calls).get('sort')).toBe('joined'));
  });

  it('ignores values the URL cannot mean', async () => {
    const { calls } = mockApi({ [on(adminMembersApi.members)]: pageOf([]) });
    renderScreen('/admin/members?status=deleted&sort=password&dir=up&page=-4');
    expect(await screen.findByText('회원이 없습니다.')).toBeInTheDocument();
    expect(Object.fromEntries(lastListCall(calls))).toEqual({
      status: 'all',
      sort: 'joined',
      dir: 'desc',
      page: '1',
    });
  });
});
