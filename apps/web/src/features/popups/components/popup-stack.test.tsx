import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import { mockApi, on } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/render';
import { PopupStack } from './popup-stack';
import { siteApi } from '@smm/domain/endpoints';

// 2026-03-01 23:30 in Seoul (14:30 UTC).
const NOW = new Date('2026-03-01T14:30:00Z');

const POPUPS = [
  { id: 1, enabled: true, imageUrl: '/demo/one.svg' },
  { id: 2, enabled: false, imageUrl: '/demo/off.svg' },
  { id: 3, enabled: true, imageUrl: '/demo/three.svg' },
];

function renderStack() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/order']}>
        <button type="button">바깥 버튼</button>
        <PopupStack />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function storedDismissals() {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.POPUP_HIDDEN) ?? 'null') as unknown;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  mockApi({ [on(siteApi.popups)]: POPUPS });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PopupStack', () => {
  it('shows the enabled popups one at a time; 닫기 shows the next and stores nothing', async () => {
    const user = userEvent.setup();
    renderStack();
    const first = await screen.findByRole('dialog', { name: '공지 팝업 (1/2)' });
    expect(first).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('img', { name: '공지 이미지' })).toHaveAttribute('src', '/demo/one.svg');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(await screen.findByRole('dialog', { name: '공지 팝업 (2/2)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '공지 이미지' })).toHaveAttribute('src', '/demo/three.svg');

    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.POPUP_HIDDEN)).toBeNull();
  });

  it("'오늘 하루 보지 않기' records today's Seoul date for that popup", async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.POPUP_HIDDEN, JSON.stringify([{ popupId: 9, date: '20260228' }]));
    renderStack();
    await screen.findByRole('dialog', { name: '공지 팝업 (1/2)' });
    await user.click(screen.getByRole('button', { name: '오늘 하루 보지 않기' }));
    expect(storedDismissals()).toEqual([{ popupId: 1, date: '20260301' }]);
    expect(await screen.findByRole('dialog', { name: '공지 팝업 (2/2)' })).toBeInTheDocument();
  });

  it('skips a popup hidden for today but shows one hidden on an earlier day', async () => {
    localStorage.setItem(
      STORAGE_KEYS.POPUP_HIDDEN,
      JSON.stringify([
        { popupId: 1, date: '20260301' },
        { popupId: 3, date: '20260228' },
      ]),
    );
    renderStack();
    await screen.findByRole('dialog', { name: '공지 팝업' });
    expect(screen.getByRole('img', { name: '공지 이미지' })).toHaveAttribute('src', '/demo/three.svg');
  });

  it('a broken stored value shows every popup', async () => {
    localStorage.setItem(STORAGE_KEYS.POPUP_HIDDEN, '{broken');
    renderStack();
    expect(await screen.findByRole('dialog', { name: '공지 팝업 (1/2)' })).toBeInTheDocument();
  });

  it('Esc and a click outside the panel close the popup', async () => {
    const user = userEvent.setup();
    renderStack();
    await screen.findByRole('dialog', { name: '공지 팝업 (1/2)' });
    await user.keyboard('{Escape}');
    const second = await screen.findByRole('dialog', { name: '공지 팝업 (2/2)' });
    // A click on the panel itself keeps it open; the backdrop around it closes it.
    await user.click(second);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const backdrop = second.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps focus inside the dialog and returns it afterwards', async () => {
    const user = userEvent.setup();
    mockApi({ [on(siteApi.popups)]: [POPUPS[0]] });
    renderStack();
    const outside = screen.getByRole('button', { name: '바깥 버튼' });
    act(() => outside.focus());
    const dialog = await screen.findByRole('dialog', { name: '공지 팝업' });
    const close = screen.getByRole('button', { name: '닫기' });
    const hide = screen.getByRole('button', { name: '오늘 하루 보지 않기' });
    await waitFor(() => expect(dialog).toHaveFocus());
    await user.tab();
    expect(hide).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(hide).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(outside).toHaveFocus();
  });

  it('shows nothing when no popup is enabled or the call fails', async () => {
    mockApi({ [on(siteApi.popups)]: [POPUPS[1]] });
    const { unmount } = renderStack();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
  });
});
