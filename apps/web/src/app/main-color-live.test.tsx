import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, settingsOf, on } from '@/testing/mock-api';
import { SETTINGS_REFRESH_MS } from '@/lib/site-settings';
import { AppProvider } from './provider';
import { siteApi } from '@smm/domain/endpoints';

/** docs/product.md#site-settings: an operator's new main color reaches a tab that is already open. */
describe('SITE_MAIN_COLOR in an open tab', () => {
  afterEach(() => vi.useRealTimers());

  it('follows a change within the refresh interval, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let color = '#4f46e5';
    mockApi({ [on(siteApi.settings)]: () => json(settingsOf({ SITE_MAIN_COLOR: color })) });
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    );
    const main = () => document.documentElement.style.getPropertyValue('--main');
    await waitFor(() => expect(main()).toBe('#4f46e5'));

    color = '#db2777';
    await vi.advanceTimersByTimeAsync(SETTINGS_REFRESH_MS + 1_000);
    await waitFor(() => expect(main()).toBe('#db2777'));
  });
});
