import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  BROWSE_ONLY_MESSAGE,
  ERROR_CATALOG,
  GUEST_LABEL,
  REGISTER_HINTS,
  SessionState,
  STORAGE_KEYS,
} from '@smm/domain';
import type { Profile } from '@smm/domain/contract';
import { useSession } from '@/lib/session/session-context';
import { json, mockApi, settingsOf, type RecordedCall, on, emptyLists } from '@/testing/mock-api';
import { GuestButton } from '@/testing/guest-button';
import { renderWithProviders } from '@/testing/render';
import { toast } from 'sonner';
import { AccountRoute } from './account';
import { authApi, memberPricingApi, pathOf, rewardsApi, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = {
  ...emptyLists(siteApi.settings),
  [on(memberPricingApi.myGrade)]: { grade: null, customRates: 0, next: null },
};

const NEW_KEY = 'smm_3f9a2c1b_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdXy1Z';
const NEW_MASK = 'smm_3f9a2c1b…Xy1Z';
const OLD_MASK = 'smm_00aa11bb…Old0';

/** A member whose profile shows `apiKey` until a key is issued, then the new key's mask. */
function memberServer(apiKey: string | null, extra: Record<string, unknown> = {}) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  let current = apiKey;
  return mockApi({
    ...quiet,
    ...extra,
    [on(authApi.profile)]: () => json({ id: 'member1', point: 5000, apiKey: current } satisfies Profile),
    [on(authApi.issueApiKey)]: () => {
      current = NEW_MASK;
      return json({ apiKey: NEW_KEY });
    },
  });
}

const issuePosts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === pathOf(authApi.issueApiKey));
const deletes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'DELETE' && c.path === pathOf(authApi.deleteAccount));

const profileReads = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === pathOf(authApi.profile));

function SessionProbe() {
  return <p data-testid="session-state">{useSession().state}</p>;
}

function renderAccount() {
  return renderWithProviders(
    <>
      <AccountRoute />
      <SessionProbe />
    </>,
    {
      route: '/account',
      routes: {
        '/api': <p>API 문서 화면</p>,
        '/logout': <p>로그아웃 화면</p>,
        '/': (
          <>
            <p>첫 화면</p>
            <SessionProbe />
          </>
        ),
      },
    },
  );
}

describe('account (/account): id and API key', () => {
  it('shows the member id read-only and no key yet, with a link to the API documentation', async () => {
    memberServer(null);
    const user = userEvent.setup();
    renderAccount();

    const id = await screen.findByLabelText('아이디');
    expect(id).toHaveValue('member1');
    expect(id).toHaveAttribute('readonly');
    expect(screen.getByText('발급된 API 키가 없습니다')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '발급' })).toBeEnabled();

    await user.click(screen.getByRole('link', { name: 'API 문서 보기' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/api');
  });

  it('issues a key, shows it in full once with a copy button, and reloads the profile for its masked form', async () => {
    const { calls } = memberServer(null);
    const user = userEvent.setup();
    renderAccount();
    await screen.findByText('발급된 API 키가 없습니다');
    const readsBefore = profileReads(calls).length;

    await user.click(screen.getByRole('button', { name: '발급' }));

    const field = await screen.findByLabelText('새 API 키');
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(issuePosts(calls)).toHaveLength(1);
    expect(issuePosts(calls)[0]?.body).toBeUndefined();
    expect(screen.getByText('API 키가 발급되었습니다.')).toBeInTheDocument();
    expect(screen.getByText(/한 번만 표시되며 다시 볼 수 없습니다/)).toBeInTheDocument();
    // A first key replaces nothing, so there is no word about an old key.
    expect(screen.queryByText(/이전 API 키는 지금부터 사용할 수 없습니다/)).not.toBeInTheDocument();

    // The profile was asked again and now shows the new key's mask; the button offers a renewal.
    expect(profileReads(calls).length).toBeGreaterThan(readsBefore);
    expect(await screen.findByText(NEW_MASK)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '재발급' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '새 API 키 복사' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(await screen.findByText('복사되었습니다.')).toBeInTheDocument();
  });

  it('renewing asks for a second press first, because the old key stops working at once', async () => {
    const { calls } = memberServer(OLD_MASK);
    const user = userEvent.setup();
    renderAccount();
    expect(await screen.findByText(OLD_MASK)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '재발급' }));
    expect(issuePosts(calls)).toHaveLength(0);
    // The same button now asks; a second press confirms.
    expect(screen.getByRole('button', { name: '정말 재발급할까요?' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('즉시 사용할 수 없습니다');

    // Cancel puts the button back; nothing was sent.
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(issuePosts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '재발급' }));
    await user.click(screen.getByRole('button', { name: '정말 재발급할까요?' }));
    expect(screen.queryByRole('button', { name: '정말 재발급할까요?' })).not.toBeInTheDocument();

    expect(await screen.findByLabelText('새 API 키')).toHaveValue(NEW_KEY);
    expect(issuePosts(calls)).toHaveLength(1);
    expect(screen.getByText('API 키가 재발급되었습니다.')).toBeInTheDocument();
    expect(screen.getByText(/이전 API 키는 지금부터 사용할 수 없습니다/)).toBeInTheDocument();
    expect(await screen.findByText(NEW_MASK)).toBeInTheDocument();
  });

  it("shows the server's message when the key cannot be issued (too many new keys this hour), and no key", async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    const { message } = ERROR_CATALOG.TOO_MANY_API_KEYS;
    mockApi({
      ...quiet,
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null },
      [on(authApi.issueApiKey)]: json({ message, code: 'TOO_MANY_API_KEYS' }, 429),
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: '발급' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('새 API 키')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '발급' })).toBeEnabled();
  });
});

/** The referral block's figures: nothing referred yet, 3 % after 7 days. */
const summaryOf = (referralCode: string | null) => ({
  referralCode,
  percent: 3,
  holdDays: 7,
  referredCount: 0,
  pending: { count: 0, won: 0 },
  credited: { count: 0, won: 0 },
});

describe('account (/account): referral code', () => {
  it('is absent without ENABLE_REFERRAL', async () => {
    memberServer(null);
    renderAccount();
    expect(await screen.findByRole('heading', { name: '비밀번호 변경' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '추천인 코드' })).not.toBeInTheDocument();
  });

  it('issues the code once, shows it with a copy button, and reloads the profile', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    let referralCode: string | undefined;
    const { calls } = mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_REFERRAL: 'true' }),
      [on(authApi.profile)]: () => json({ id: 'member1', point: 0, apiKey: null, referralCode }),
      [on(authApi.issueReferralCode)]: () => {
        referralCode = 'REF7K2QX';
        return json({ referralCode });
      },
      [on(rewardsApi.referral)]: () => json(summaryOf(referralCode ?? null)),
    });
    const user = userEvent.setup();
    renderAccount();
    const block = (await screen.findByRole('heading', { name: '추천인 코드' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(block).getByText('아직 발급된 추천인 코드가 없습니다')).toBeInTheDocument();
    const readsBefore = profileReads(calls).length;

    await user.click(within(block).getByRole('button', { name: '추천인 코드 발급' }));
    expect(await within(block).findByLabelText('내 추천인 코드')).toHaveValue('REF7K2QX');
    expect(await screen.findByText(ACCOUNT_MESSAGES.REFERRAL_ISSUED)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === pathOf(authApi.issueReferralCode))).toHaveLength(1);
    await waitFor(() => expect(profileReads(calls).length).toBeGreaterThan(readsBefore));

    await user.click(within(block).getByRole('button', { name: '추천인 코드 복사' }));
    expect(await navigator.clipboard.readText()).toBe('REF7K2QX');
    expect(await screen.findByText('추천인 코드가 복사되었습니다.')).toBeInTheDocument();
  });

  it('a member who has one sees it straight away, with no issue button', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_REFERRAL: 'true' }),
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null, referralCode: 'HAVE1234' },
      [on(rewardsApi.referral)]: summaryOf('HAVE1234'),
    });
    renderAccount();
    expect(await screen.findByLabelText('내 추천인 코드')).toHaveValue('HAVE1234');
    expect(screen.queryByRole('button', { name: '추천인 코드 발급' })).not.toBeInTheDocument();
  });

  it('shows the link to share, the members referred and the rewards pending and credited', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      ...quiet,
      [on(siteApi.settings)]: settingsOf({ ENABLE_REFERRAL: 'true' }),
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null, referralCode: 'HAVE1234' },
      [on(rewardsApi.referral)]: {
        ...summaryOf('HAVE1234'),
        referredCount: 3,
        pending: { count: 2, won: 1_530 },
        credited: { count: 5, won: 12_345 },
      },
    });
    const user = userEvent.setup();
    renderAccount();
    const list = await screen.findByLabelText('추천 현황');
    expect(within(list).getByText('3명')).toBeInTheDocument();
    expect(within(list).getByText('2건 · 약 ₩1,530')).toBeInTheDocument();
    expect(within(list).getByText('5건 · ₩12,345')).toBeInTheDocument();
    expect(screen.getByText(/주문 금액의 3%가 7일 뒤 포인트로 적립됩니다/)).toBeInTheDocument();
    const link = `${window.location.origin}/register?ref=HAVE1234`;
    expect(screen.getByText(`공유 링크: ${link}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '추천 링크 복사' }));
    expect(await navigator.clipboard.readText()).toBe(link);
  });
});

describe('account (/account): change password', () => {
  const passwordPosts = (calls: RecordedCall[]) =>
    calls.filter((c) => c.path === pathOf(authApi.changePassword));

  async function fill(current: string, next: string, again: string) {
    const user = userEvent.setup();
    for (const [label, value] of [
      ['현재 비밀번호', current],
      ['새 비밀번호', next],
      ['새 비밀번호 재입력', again],
    ] as const) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      if (value) await user.type(field, value);
    }
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
  }

  it('checks §5 in order with the password rule as the hint, sends only the two passwords, toasts and goes to /logout', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    const { calls } = mockApi({
      ...quiet,
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null },
      [on(authApi.changePassword)]: { message: ACCOUNT_MESSAGES.PASSWORD_CHANGED },
    });
    renderAccount();
    await screen.findByDisplayValue('member1');
    // The hint once said 8~20자 while the rule takes 8–100; it is now the rule's own hint.
    expect(screen.getByLabelText('새 비밀번호')).toHaveAccessibleDescription(REGISTER_HINTS.PASSWORD);

    await fill('', '', '');
    expect(await screen.findByText(ACCOUNT_MESSAGES.CURRENT_PASSWORD_REQUIRED)).toBeInTheDocument();
    await fill('old-password-1', '', '');
    expect(await screen.findByText(ACCOUNT_MESSAGES.NEW_PASSWORD_REQUIRED)).toBeInTheDocument();
    await fill('old-password-1', 'new-password-1', 'new-password-2');
    expect(await screen.findByText(ACCOUNT_MESSAGES.NEW_PASSWORD_RE_DIFFERS)).toBeInTheDocument();
    expect(passwordPosts(calls)).toHaveLength(0);

    await fill('old-password-1', 'new-password-1', 'new-password-1');
    expect(await screen.findByText(ACCOUNT_MESSAGES.PASSWORD_CHANGED)).toBeInTheDocument();
    expect(passwordPosts(calls)[0]?.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/logout'), {
      timeout: 3000,
    });
    expect(passwordPosts(calls)).toHaveLength(1);
  });

  it.each([
    [409, '서버 문구', ACCOUNT_MESSAGES.CURRENT_PASSWORD_WRONG],
    [400, '비밀번호는 8자 이상 입력해주세요.', '비밀번호는 8자 이상 입력해주세요.'],
    [
      429,
      '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
      '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    ],
    [500, '서버 문구', ACCOUNT_MESSAGES.UNKNOWN],
  ])('a %i shows its message and stays', async (status, message, shown) => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      ...quiet,
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null },
      [on(authApi.changePassword)]: json({ message }, status),
    });
    renderAccount();
    await screen.findByDisplayValue('member1');
    await fill('old-password-1', 'new-password-1', 'new-password-1');
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    expect(screen.getByRole('button', { name: '비밀번호 변경' })).toBeEnabled();
  });

  it('submissions while a change is in flight are ignored', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    let release: (r: Response) => void = () => {};
    const { calls } = mockApi({
      ...quiet,
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null },
      [on(authApi.changePassword)]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderAccount();
    await screen.findByDisplayValue('member1');
    await fill('old-password-1', 'new-password-1', 'new-password-1');
    const form = screen.getByRole('button', { name: /변경하는 중/ }).closest('form') as HTMLFormElement;
    // Enter in a field submits even though the button is disabled: the form's own guard must hold.
    form.requestSubmit();
    form.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passwordPosts(calls)).toHaveLength(1);
    release(json({ message: 'ok' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/logout'), {
      timeout: 3000,
    });
  });
});

describe('account (/account): deletion', () => {
  it('warns of all four consequences, needs a second press, then toasts, becomes a guest and goes to /', async () => {
    const { calls } = memberServer(null, {
      [on(authApi.deleteAccount)]: { message: ACCOUNT_MESSAGES.ACCOUNT_DELETED },
    });
    // The login form remembers this member's id; another id saved on the device is not ours to drop.
    localStorage.setItem(STORAGE_KEYS.REMEMBERED_ID, 'member1');
    const user = userEvent.setup();
    renderAccount();
    const block = (await screen.findByRole('heading', { name: '회원탈퇴' })).closest(
      'section',
    ) as HTMLElement;
    for (const line of [
      '포인트가 모두 사라지며',
      '다시 사용할 수 없습니다',
      '복구할 수 없습니다',
      '즉시 탈퇴가 처리됩니다',
    ]) {
      expect(within(block).getByText(new RegExp(line))).toBeInTheDocument();
    }

    await user.click(within(block).getByRole('button', { name: '회원탈퇴' }));
    expect(deletes(calls)).toHaveLength(0);
    // Cancel brings the first label back.
    await user.click(within(block).getByRole('button', { name: '취소' }));
    await user.click(within(block).getByRole('button', { name: '회원탈퇴' }));
    await user.click(within(block).getByRole('button', { name: '정말 탈퇴하시겠습니까?' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText(ACCOUNT_MESSAGES.ACCOUNT_DELETED)).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(1);
    expect(screen.getByTestId('session-state')).toHaveTextContent(String(SessionState.GUEST));
    expect(localStorage.getItem(STORAGE_KEYS.JWT)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.REMEMBERED_ID)).toBeNull();
  });

  it('a failure says so and puts the first label back', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      ...quiet,
      [on(authApi.profile)]: { id: 'member1', point: 0, apiKey: null },
      [on(authApi.deleteAccount)]: json({ message: '' }, 500),
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: '회원탈퇴' }));
    await user.click(screen.getByRole('button', { name: '정말 탈퇴하시겠습니까?' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.ACCOUNT_DELETE_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '회원탈퇴' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  });
});

describe('account (/account): guests', () => {
  it('a guest sees the guest label as the id and gets the browse-only message for every action; nothing is sent', async () => {
    const { calls } = mockApi({ ...quiet, [on(siteApi.settings)]: settingsOf({ ENABLE_REFERRAL: 'true' }) });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <GuestButton />
        <AccountRoute />
      </>,
      { route: '/account' },
    );
    await user.click(screen.getByRole('button', { name: '게스트 시작' }));
    await waitFor(() => expect(screen.getByLabelText('아이디')).toHaveValue(GUEST_LABEL));
    const section = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;
    const expectBrowseOnly = async () => {
      expect(await screen.findByText(BROWSE_ONLY_MESSAGE)).toBeInTheDocument();
      toast.dismiss();
      await waitFor(() => expect(screen.queryByText(BROWSE_ONLY_MESSAGE)).not.toBeInTheDocument());
    };

    const apiKey = section('API 키');
    expect(within(apiKey).getByText('발급된 API 키가 없습니다')).toBeInTheDocument();
    await user.click(within(apiKey).getByRole('button', { name: '발급' }));
    await expectBrowseOnly();

    await user.click(
      within(await waitFor(() => section('추천인 코드'))).getByRole('button', { name: '추천인 코드 발급' }),
    );
    await expectBrowseOnly();

    await user.click(within(section('비밀번호 변경')).getByRole('button', { name: '비밀번호 변경' }));
    await expectBrowseOnly();

    await user.click(within(section('회원탈퇴')).getByRole('button', { name: '회원탈퇴' }));
    await expectBrowseOnly();
    // No second step for a guest: the first press is already refused.
    expect(screen.queryByRole('button', { name: '정말 탈퇴하시겠습니까?' })).not.toBeInTheDocument();

    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(profileReads(calls)).toHaveLength(0);
    expect(screen.queryByLabelText('새 API 키')).not.toBeInTheDocument();
  });
});

describe('account (/account): the grade block', () => {
  it("shows the member's grade and what the next one needs, in won", async () => {
    memberServer(null, {
      [on(memberPricingApi.myGrade)]: {
        grade: { name: '실버', discountBp: 300 },
        customRates: 2,
        next: {
          name: '골드',
          discountBp: 550,
          minSpendWon: 1_000_000,
          windowDays: 30,
          spentWon: 420_000,
          missingWon: 580_000,
        },
      },
    });
    renderAccount();
    expect(await screen.findByTestId('my-grade')).toHaveTextContent('실버 (3% 할인)');
    expect(screen.getByText('2개 서비스')).toBeInTheDocument();
    expect(screen.getByTestId('next-grade')).toHaveTextContent(
      '골드 (5.5% 할인): 최근 30일 이용 금액 ₩1,000,000 이상 · 지금 ₩420,000, ₩580,000 남음',
    );
  });
});
