import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@smm/domain';
import { isConsolePath } from '@/features/popups/components/popup-stack';
import { mockApi, on, emptyLists } from '@/testing/mock-api';
import { App } from './app';
import { adminPointsApi, authApi, pathOf, siteApi } from '@smm/domain/endpoints';

/** Reads of the screen's other widgets, which this file's tests do not look at: empty lists. */
const quiet = emptyLists(
  adminPointsApi.charges,
  siteApi.categories,
  siteApi.notices,
  siteApi.platforms,
  siteApi.services,
  siteApi.settings,
);

// The whole app as main.tsx mounts it (its own router and providers), at a given address.
function renderAppAt(path: string) {
  window.history.pushState(null, '', path);
  return render(<App />);
}

const POPUPS = [{ id: 1, enabled: true, imageUrl: '/demo/one.svg' }];
const operator = { id: 'operator', point: 0, apiKey: 'key', role: 'admin' };

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState(null, '', '/');
});

describe('where the popup stack opens', () => {
  it('opens over a member page', async () => {
    const { calls } = mockApi({ ...quiet, [on(siteApi.popups)]: POPUPS });
    renderAppAt('/order');
    expect(await screen.findByRole('dialog', { name: '공지 팝업' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === pathOf(siteApi.popups))).toHaveLength(1);
  });

  it('stays off the operator console, and opens once the operator goes to the member site', async () => {
    localStorage.setItem(STORAGE_KEYS.JWT, 'good');
    const { calls } = mockApi({ ...quiet, [on(authApi.profile)]: operator, [on(siteApi.popups)]: POPUPS });
    const user = userEvent.setup();
    renderAppAt('/admin/charges');
    await screen.findByRole('navigation', { name: '콘솔 메뉴' });
    await screen.findByRole('table', { name: '충전 신청 목록' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === pathOf(siteApi.popups))).toBe(false);

    await user.click(screen.getByRole('link', { name: '사이트' }));
    expect(await screen.findByRole('dialog', { name: '공지 팝업' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/order'));
  });

  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/charges', true],
    ['/ADMIN/Deposits', true],
    ['/administrator', false],
    ['/order', false],
    ['/', false],
  ])('isConsolePath(%s) is %s', (path, expected) => {
    expect(isConsolePath(path)).toBe(expected);
  });
});
