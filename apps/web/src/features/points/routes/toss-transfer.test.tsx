import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARGE_MESSAGES, STORAGE_KEYS } from '@smm/domain';
import type { ChargeRequestResponse, Profile } from '@smm/domain/contract';
import { getSiteSettingsQueryOptions } from '@/lib/site-settings';
import { json, mockApi, settingsOf, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { TransferPanel } from '../components/transfer-panel';
import { authApi, siteApi } from '@smm/domain/endpoints';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** iPadOS asks for desktop sites with a Mac's user agent; only its touch points tell it apart. */
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const charge: ChargeRequestResponse = {
  id: 7,
  message: CHARGE_MESSAGES.SUCCESS,
  point: 10_001,
  payable: 10_001,
  depositorName: '김철수',
  feeType: 2,
  bankName: '국민은행',
  accountNumber: '123456-01-234567',
  accountHolder: '예금주 (주)소셜부스트',
  createdAt: '2026-11-22T09:00:00.000Z',
  expiresAt: '2026-11-22T12:00:00.000Z',
  extraWon: 1,
};
const HREF = 'supertoss://send?bank=004&accountNo=12345601234567&amount=10001';
const NOTE = '토스 앱이 열리지 않으면 앱을 설치하거나 위 계좌로 직접 이체해주세요.';

function device(userAgent: string, maxTouchPoints = 0) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  Object.defineProperty(window.navigator, 'maxTouchPoints', { value: maxTouchPoints, configurable: true });
}

/** The panel once the site settings have arrived, so a missing link is not just settings still loading. */
async function panelWith(settings: Record<string, string>) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  mockApi({
    [on(authApi.profile)]: json({ id: 'member1', point: 0, apiKey: null } satisfies Profile),
    [on(siteApi.settings)]: json(settingsOf(settings)),
  });
  const { queryClient } = renderWithProviders(
    <TransferPanel charge={charge} onAgain={() => {}} onWithdrawn={() => {}} />,
  );
  await act(() => queryClient.fetchQuery(getSiteSettingsQueryOptions()));
  // The query tells its observers on a timer of its own (TanStack's notifyManager): let that render land,
  // or the panel may still show the settings-less first render and a missing link prove nothing.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const panel = screen.getByRole('status', { name: charge.message });
  // The account number and the amount can be copied on every device, whatever the flag.
  expect(within(panel).getByRole('button', { name: '계좌번호 복사' })).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: '금액 복사' })).toBeInTheDocument();
  return panel;
}

const tossLink = (panel: HTMLElement) => within(panel).queryByRole('link', { name: '토스로 송금하기' });
const ON = { ENABLE_TOSS_PAYMENT: 'true', BANKING_BANKING_CODE: '004' };

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window.navigator, 'maxTouchPoints');
});

describe('transfer panel: 토스로 송금하기 (ENABLE_TOSS_PAYMENT)', () => {
  it('on a phone with the flag on, opens Toss with the bank code, the digits of the account and the payable amount', async () => {
    device(IPHONE, 5);
    const panel = await panelWith(ON);
    expect(tossLink(panel)).toHaveAttribute('href', HREF);
    expect(panel).toHaveTextContent(NOTE);
    // Below the account it fills in, above the closing note.
    const copyAccount = within(panel).getByRole('button', { name: '계좌번호 복사' });
    const follows = copyAccount.compareDocumentPosition(tossLink(panel) as HTMLElement);
    expect(follows & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a wide Android tablet is still a device with the app', async () => {
    device(ANDROID_TABLET, 10);
    expect(tossLink(await panelWith(ON))).toHaveAttribute('href', HREF);
  });

  it('iPadOS asking for the desktop site (a Mac user agent, with touch points) gets the link', async () => {
    device(MAC, 5);
    expect(tossLink(await panelWith(ON))).toHaveAttribute('href', HREF);
  });

  it.each([
    ['a Mac (no touch)', MAC, 0],
    ['Windows with a touch screen', WINDOWS, 10],
  ])('on a desktop, %s: no link, no note', async (_, userAgent, touch) => {
    device(userAgent, touch);
    const panel = await panelWith(ON);
    expect(tossLink(panel)).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent(NOTE);
  });

  it.each([
    ['the flag is off', { ...ON, ENABLE_TOSS_PAYMENT: 'false' }],
    ['no bank code is set', { ENABLE_TOSS_PAYMENT: 'true' }],
    ['the bank code is not 3 digits', { ENABLE_TOSS_PAYMENT: 'true', BANKING_BANKING_CODE: '국민은행' }],
  ])('on a phone, no link when %s', async (_, settings) => {
    device(IPHONE, 5);
    const panel = await panelWith(settings);
    expect(tossLink(panel)).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent(NOTE);
  });
});
