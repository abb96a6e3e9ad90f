import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, readableTextOn, toneForDarkTheme } from '@smm/domain';
import { mockApi, on, emptyLists } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { OrderRoute } from './order';
import { siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(
  siteApi.categories,
  siteApi.notices,
  siteApi.platforms,
  siteApi.services,
  siteApi.settings,
);

describe('order page shell', () => {
  afterEach(() => vi.useRealTimers());

  it('lists pinned notices first with their color (toned for the dark theme), as plain text', async () => {
    mockApi({
      ...quiet,
      [on(siteApi.notices)]: [
        { id: 1, content: '일반 공지', isTop: false, bgColor: null },
        { id: 2, content: '<b>고정 공지</b>', isTop: true, bgColor: '#fef3c7' },
      ],
    });
    renderWithProviders(<OrderRoute />, { route: '/order' });

    const pinned = await screen.findByText('<b>고정 공지</b>');
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('notice'));
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['<b>고정 공지</b>', '일반 공지']);
    // Both themes' colors ride on CSS variables; order.css picks one by data-theme, so a toggle needs no render.
    const style = pinned.closest('li')!.style;
    expect(style.getPropertyValue('--notice-bg-light')).toBe('#fef3c7');
    expect(style.getPropertyValue('--notice-fg-light')).toBe(readableTextOn('#fef3c7'));
    expect(style.getPropertyValue('--notice-bg-dark')).toBe(toneForDarkTheme('#fef3c7'));
    expect(style.getPropertyValue('--notice-fg-dark')).toBe('#ffffff');
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows platform tiles and a login prompt for signed-out visitors', async () => {
    mockApi({
      ...quiet,
      [on(siteApi.platforms)]: [
        { id: 1, text: '인스타그램', visible: true, bgColor: '#e1306c' },
        { id: 2, text: '숨김 플랫폼', visible: false, bgColor: null },
      ],
    });
    renderWithProviders(<OrderRoute />, { route: '/order' });
    expect(screen.getByRole('heading', { name: '플랫폼' })).toBeInTheDocument();
    const tile = await screen.findByRole('button', { name: '인스타그램' });
    expect(tile.style.getPropertyValue('--tile-bg-light')).toBe('#e1306c');
    expect(tile.style.getPropertyValue('--tile-bg-dark')).toBe(toneForDarkTheme('#e1306c'));
    expect(screen.queryByText('숨김 플랫폼')).not.toBeInTheDocument();
    expect(screen.getByText('로그인하고 주문을 시작해 보세요')).toBeInTheDocument();
  });

  it('the service banner clock ticks every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = new Date('2025-03-01T09:00:00+09:00');
    vi.setSystemTime(start);
    mockApi({ ...quiet });
    renderWithProviders(<OrderRoute />, { route: '/order' });
    // The strip waits for the settings (it is the maintenance notice while ENABLE_SERVICE_CHECK is on).
    expect(await screen.findByText('서비스 정상 가동 중')).toBeInTheDocument();
    // Local time of whatever zone the test runs in; the format itself is tested in the domain package.
    expect(screen.getByText(formatDateTime(start))).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText(formatDateTime(new Date(start.getTime() + 1000)))).toBeInTheDocument();
  });

  it('the ticking clock is a <time> outside any live region, so a screen reader does not read it every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const start = new Date('2025-03-01T09:00:00Z');
    vi.setSystemTime(start);
    mockApi({ ...quiet });
    renderWithProviders(<OrderRoute />, { route: '/order' });

    const clock = await screen.findByText(formatDateTime(start));
    expect(clock.tagName).toBe('TIME');
    expect(clock).toHaveAttribute('datetime', start.toISOString());
    const liveRegion = '[aria-live], [role="status"], [role="log"], [role="alert"], [role="marquee"], output';
    expect(clock.closest(liveRegion)).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
