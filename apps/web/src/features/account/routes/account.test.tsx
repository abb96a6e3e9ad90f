import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GUEST_LABEL, STORAGE_KEYS } from '@smm/domain';
import type { Profile } from '@smm/domain/contract';
import { json, mockApi, type RecordedCall } from '@/testing/mock-api';
import { GuestButton } from '@/testing/guest-button';
import { renderWithProviders } from '@/testing/render';
import { AccountRoute } from './account';

const NEW_KEY = 'smm_3f9a2c1b_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdXy1Z';
const NEW_MASK = 'smm_3f9a2c1b…Xy1Z';
const OLD_MASK = 'smm_00aa11bb…Old0';

/** A member whose profile shows `apiKey` until a key is issued, then the new key's mask. */
function memberServer(apiKey: string | null) {
  localStorage.setItem(STORAGE_KEYS.JWT, 'good');
  let current = apiKey;
  return mockApi({
    'GET /auth/profile': () => json({ id: 'member1', point: 5000, apiKey: current } satisfies Profile),
    'POST /auth/api-key': () => {
      current = NEW_MASK;
      return json({ apiKey: NEW_KEY });
    },
  });
}

const issuePosts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/auth/api-key');
const profileReads = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/auth/profile');

function renderAccount() {
  return renderWithProviders(<AccountRoute />, {
    route: '/account',
    routes: { '/api': <p>API 문서 화면</p> },
  });
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

  it("shows the server's message when the key cannot be issued, and no key", async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    mockApi({
      'GET /auth/profile': { id: 'member1', point: 0, apiKey: null },
      'POST /auth/api-key': json({ message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' }, 429),
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: '발급' }));
    expect(await screen.findByText('요청이 너무 많습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
    expect(screen.queryByLabelText('새 API 키')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '발급' })).toBeEnabled();
  });
});

describe('account (/account): guests', () => {
  it('a guest sees the guest label as the id and gets the browse-only message; nothing is sent', async () => {
    const { calls } = mockApi({});
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
    const block = screen.getByRole('heading', { name: 'API 키' }).closest('section') as HTMLElement;
    expect(within(block).getByText('발급된 API 키가 없습니다')).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: '발급' }));
    expect(await screen.findByText('둘러보기 모드에서는 불가능합니다.')).toBeInTheDocument();
    expect(issuePosts(calls)).toHaveLength(0);
    expect(profileReads(calls)).toHaveLength(0);
    expect(screen.queryByLabelText('새 API 키')).not.toBeInTheDocument();
  });
});
