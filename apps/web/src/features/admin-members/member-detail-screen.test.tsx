import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MEMBER_ADMIN_MESSAGES } from '@smm/domain';
import type { AdminMemberDetailResponse, AdminMemberProfile } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { MemberDetailScreen } from './member-detail-screen';
import { adminMembersApi, adminPointsApi, pathOf } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(adminPointsApi.memberLedger);

const profile = (over: Partial<AdminMemberProfile> = {}): AdminMemberProfile => ({
  loginId: 'Member7',
  email: 'member7@example.com',
  phoneNumber: '01012345678',
  point: 25_000,
  registerWhere: '지인 추천',
  createdAt: '2026-11-21T15:30:00.000Z',
  suspendedAt: null,
  orderCount: 2,
  totalSpent: 5_000,
  totalCharged: 30_000,
  referralCode: 'ABCD2345',
  referredBy: 'referrer',
  apiKey: 'smm_1a2b3c4d…xY9z',
  socialProviders: ['kakao'],
  ...over,
});

const detail = (over: Partial<AdminMemberProfile> = {}): AdminMemberDetailResponse => ({
  member: profile(over),
  recentRefills: [
    {
      id: 12,
      status: 3,
      statusLabel: '거절',
      reason: 'Refill is not available',
      providerRefillId: null,
      source: 'member',
      attempts: 0,
      createdAt: '2026-11-22T02:00:00.000Z',
      finishedAt: '2026-11-22T03:00:00.000Z',
      nextCheckAt: null,
      leasedUntil: null,
      order: {
        id: 41,
        status: 2,
        serviceText: '인스타그램 좋아요',
        link: 'https://instagram.com/p/abc',
        memberLoginId: 'kim_1',
        providerId: 1,
        providerName: '시뮬레이터',
        providerOrderId: '9001',
      },
    },
  ],
  recentOrders: [
    {
      id: 41,
      kind: 'order',
      service: '인스타그램 좋아요',
      link: 'https://instagram.com/p/abc',
      amount: 100,
      cost: 1_000,
      refunded: 0,
      status: 2,
      createdAt: '2026-11-22T01:00:00.000Z',
    },
  ],
  recentCharges: [
    {
      id: 7,
      depositorName: '홍길동',
      point: 30_000,
      payable: 30_000,
      feeType: 0,
      status: 1,
      createdAt: '2026-11-22T00:00:00.000Z',
      responseAt: '2026-11-22T00:10:00.000Z',
    },
  ],
});

function renderDetail(loginId = 'member7') {
  return renderWithProviders(<MemberDetailScreen />, {
    route: `/admin/members/${loginId}`,
    path: '/admin/members/:loginId',
  });
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

describe('member detail screen', () => {
  it('shows the profile and the recent orders and charges in tabs', async () => {
    mockApi({ ...quiet, [on(adminMembersApi.member, { loginId: 'member7' })]: detail() });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Member7' })).toBeInTheDocument();
    expect(screen.getByText('이용 중')).toBeInTheDocument();
    expect(screen.getByText('smm_1a2b3c4d…xY9z')).toBeInTheDocument();
    expect(screen.getByText('카카오')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'referrer' })).toHaveAttribute('href', '/admin/members/referrer');
    expect(screen.getByText('인스타그램 좋아요')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '충전' }));
    expect(screen.getByRole('tab', { name: '충전' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('홍길동')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '리필' }));
    const refills = screen.getByRole('table', { name: '최근 리필 요청' });
    const refill = within(refills).getByText('Refill is not available').closest('tr')!;
    expect(within(refill).getByText('거절')).toBeInTheDocument();
    expect(within(refill).getByRole('link', { name: '#41 인스타그램 좋아요' })).toHaveAttribute(
      'href',
      '/admin/orders?tab=refills&q=kim_1',
    );
    await userEvent.click(screen.getByRole('tab', { name: '포인트' }));
    expect(screen.queryByText('홍길동')).not.toBeInTheDocument();
  });

  it('says the member cannot be found on a 404, with a way back', async () => {
    mockApi({
      ...quiet,
      [on(adminMembersApi.member, { loginId: 'nobody' })]: json(
        { message: '회원을 찾을 수 없습니다.', code: 'NOT_FOUND' },
        404,
      ),
    });
    renderDetail('nobody');
    expect(await screen.findByText('회원을 찾을 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '회원 목록으로' })).toHaveAttribute('href', '/admin/members');
  });

  it('suspends only with a reason, sent as typed (trimmed), then shows the new state', async () => {
    let suspended = false;
    const { calls } = mockApi({
      ...quiet,
      [on(adminMembersApi.member, { loginId: 'member7' })]: () =>
        json(detail(suspended ? { suspendedAt: '2026-11-22T02:00:00.000Z' } : {})),
      [on(adminMembersApi.suspend, { loginId: 'Member7' })]: () => {
        suspended = true;
        return json({ member: profile({ suspendedAt: '2026-11-22T02:00:00.000Z' }), changed: true });
      },
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: '정지' }));
    const dialog = screen.getByRole('dialog', { name: '회원 정지' });

    await userEvent.click(within(dialog).getByRole('button', { name: '정지' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MEMBER_ADMIN_MESSAGES.MEMO_REQUIRED);
    await userEvent.type(within(dialog).getByLabelText('사유'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: '정지' }));
    expect(posts(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('사유'), ' 결제 도용 신고 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '정지' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      [pathOf(adminMembersApi.suspend, { loginId: 'Member7' }), { memo: '결제 도용 신고' }],
    ]);
    expect(await screen.findByText('회원을 정지했습니다.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '정지 해제' })).toBeInTheDocument();
  });

  it('cancelling the dialog sends nothing', async () => {
    const { calls } = mockApi({ ...quiet, [on(adminMembersApi.member, { loginId: 'member7' })]: detail() });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: '정지' }));
    await userEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('restores and resets the API key without a memo; the server’s refusal is shown', async () => {
    const { calls } = mockApi({
      ...quiet,
      [on(adminMembersApi.member, { loginId: 'member7' })]: detail({
        suspendedAt: '2026-11-22T02:00:00.000Z',
      }),
      [on(adminMembersApi.restore, { loginId: 'Member7' })]: json({ member: profile(), changed: true }),
      [on(adminMembersApi.resetApiKey, { loginId: 'Member7' })]: json(
        { message: '운영자 계정은 회원 관리에서 변경할 수 없습니다.', code: 'MEMBER_STATE' },
        409,
      ),
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: '정지 해제' }));
    const restore = screen.getByRole('dialog', { name: '정지 해제' });
    await userEvent.click(within(restore).getByRole('button', { name: '정지 해제' }));
    expect(await screen.findByText('정지를 해제했습니다.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'API 키 초기화' }));
    const reset = screen.getByRole('dialog', { name: 'API 키 초기화' });
    await userEvent.click(within(reset).getByRole('button', { name: '초기화' }));
    expect(await screen.findByText('운영자 계정은 회원 관리에서 변경할 수 없습니다.')).toBeInTheDocument();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      [pathOf(adminMembersApi.restore, { loginId: 'Member7' }), { memo: '' }],
      [pathOf(adminMembersApi.resetApiKey, { loginId: 'Member7' }), { memo: '' }],
    ]);
  });
});
