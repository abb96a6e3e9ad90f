import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFY_KINDS, NOTIFY_KIND_LABELS, NOTIFY_MESSAGES } from '@smm/domain';
import type { AdminNotificationsResponse } from '@smm/domain/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { NotificationsScreen } from './notifications-screen';
import { adminApi } from '@smm/domain/endpoints';

const DATA: AdminNotificationsResponse = {
  settings: {
    emails: 'ops@example.com',
    telegram: true,
    kinds: ['CHARGE_LARGE', 'DEPOSIT_UNMATCHED', 'PROVIDER_TROUBLE', 'SYNC_DISABLED'],
    largeChargeWon: 1_000_000,
  },
  channels: { email: 'outbox', telegram: 'outbox' },
  recent: [
    {
      id: 2,
      kind: 'PROVIDER_TROUBLE',
      title: '공급사 점검: 잔액 부족',
      body: '데모 공급사 (공급사 #1) · 잔액 부족 (₩9,999.5)',
      createdAt: '2026-12-02T03:04:05.000Z',
      resolvedAt: null,
      emailStatus: 'sent',
      telegramStatus: 'failed',
      attempts: 4,
      lastError: '텔레그램: 텔레그램이 거절했습니다 (HTTP 500: Internal Server Error)',
      sentAt: '2026-12-02T03:04:06.000Z',
    },
    {
      id: 1,
      kind: 'DEPOSIT_UNMATCHED',
      title: '확인되지 않은 입금',
      body: '입금 #7 ₩12,000',
      createdAt: '2026-12-02T02:00:00.000Z',
      resolvedAt: '2026-12-02T02:30:00.000Z',
      emailStatus: 'sent',
      telegramStatus: 'off',
      attempts: 0,
      lastError: null,
      sentAt: '2026-12-02T02:00:01.000Z',
    },
    {
      id: 0,
      kind: 'CHARGE_LARGE',
      title: '큰 금액 충전',
      body: '충전 #5 ₩1,000,000 입금 확인 (회원 #3)',
      createdAt: '2026-12-02T01:00:00.000Z',
      resolvedAt: null,
      emailStatus: 'sent',
      telegramStatus: 'sent',
      attempts: 2,
      lastError: '텔레그램: 텔레그램에 연결하지 못했습니다',
      sentAt: '2026-12-02T01:06:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Record<string, unknown> = {}) {
  return mockApi({ [on(adminApi.notifications)]: DATA, ...routes });
}

describe('the 알림 screen', () => {
  it("shows the operator's choices, the unconfigured transports and the recent notifications with each channel's state", async () => {
    setup();
    renderWithProviders(<NotificationsScreen />);
    expect(await screen.findByLabelText('알림 받을 이메일')).toHaveValue('ops@example.com');
    expect(screen.getByRole('switch', { name: '텔레그램 알림' })).toBeChecked();
    expect(screen.getByText(/텔레그램 봇이 설정되지 않았습니다/)).toBeInTheDocument();
    expect(screen.getByText(/SMTP가 설정되지 않아/)).toBeInTheDocument();
    for (const kind of NOTIFY_KINDS)
      expect(screen.getByRole('checkbox', { name: NOTIFY_KIND_LABELS[kind] })).toHaveProperty(
        'checked',
        DATA.settings.kinds.includes(kind),
      );
    expect(screen.getByLabelText('큰 금액 충전 기준 (원)')).toHaveValue('1,000,000');

    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Seoul time, yyyy-MM-dd HH:mm:ss
    expect(within(items[0]!).getByText('2026-12-02 12:04:05')).toBeInTheDocument();
    expect(within(items[0]!).getByText('이메일 보냄')).toBeInTheDocument();
    expect(within(items[0]!).getByText('텔레그램 실패')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/마지막 오류: 텔레그램: 텔레그램이 거절했습니다/)).toBeInTheDocument();
    expect(within(items[0]!).getByText('재시도 4회')).toBeInTheDocument();
    expect(within(items[1]!).getByText('텔레그램 꺼짐')).toBeInTheDocument();
    expect(within(items[1]!).getByText('해결됨')).toBeInTheDocument();
    // a row sent after a retry keeps its error in the data, not on the screen
    expect(within(items[2]!).getByText('재시도 2회')).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/마지막 오류/)).not.toBeInTheDocument();
  });

  it('saves all four choices in one call', async () => {
    const saved: RecordedCall[] = [];
    setup({
      [on(adminApi.saveNotificationSettings)]: (call: RecordedCall) => {
        saved.push(call);
        return json({
          ...DATA,
          settings: { ...DATA.settings, emails: 'a@example.com', largeChargeWon: 500_000 },
        });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsScreen />);
    const emails = await screen.findByLabelText('알림 받을 이메일');
    await user.clear(emails);
    await user.type(emails, 'a@example.com');
    await user.click(screen.getByRole('switch', { name: '텔레그램 알림' }));
    await user.click(screen.getByRole('checkbox', { name: NOTIFY_KIND_LABELS.ORDER_HELD }));
    const large = screen.getByLabelText('큰 금액 충전 기준 (원)');
    await user.clear(large);
    await user.type(large, '500,000');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      emails: 'a@example.com',
      telegram: false,
      kinds: [...DATA.settings.kinds, 'ORDER_HELD'],
      largeChargeWon: '500,000',
    });
    expect(await screen.findByText('저장됨')).toBeInTheDocument();
  });

  it('says what is wrong in Korean and sends nothing for a bad value', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderWithProviders(<NotificationsScreen />);
    const emails = await screen.findByLabelText('알림 받을 이메일');
    await user.clear(emails);
    await user.type(emails, 'ops@example.com, 아무개');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFY_MESSAGES.EMAIL_INVALID('아무개'));
    for (const kind of DATA.settings.kinds)
      await user.click(screen.getByRole('checkbox', { name: NOTIFY_KIND_LABELS[kind] }));
    await user.clear(emails);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFY_MESSAGES.KINDS);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("sends a test message and shows the server's 429 in Korean", async () => {
    let tests = 0;
    setup({
      [on(adminApi.sendTestNotification)]: () => {
        tests += 1;
        return tests === 1
          ? json({ email: { status: 'sent', error: null }, telegram: { status: 'sent', error: null } })
          : json(
              { code: 'TOO_MANY_REQUESTS', message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' },
              429,
            );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsScreen />);
    await user.click(await screen.findByRole('button', { name: '테스트 메시지 보내기' }));
    expect(await screen.findByText('테스트 메시지: 이메일 보냄 · 텔레그램 보냄')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '테스트 메시지 보내기' }));
    expect(await screen.findByText('요청이 너무 많습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
  });
});
