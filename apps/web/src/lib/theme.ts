import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@smm/domain';

export type Theme = 'light' | 'dark';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Stored choice, else the system preference, which is then saved (docs/product.md#shared-elements). */
export function resolveInitialTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEYS.DARK_MODE);
  if (stored === 'true') return 'dark';
  if (stored === 'false') return 'light';
  const theme: Theme = systemPrefersDark() ? 'dark' : 'light';
  storeTheme(theme);
  return theme;
}

function storeTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEYS.DARK_MODE, String(theme === 'dark'));
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function saveTheme(theme: Theme): void {
  storeTheme(theme);
  applyTheme(theme);
}

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Calls `changed` whenever the page's theme changes, by whichever switch (the site's or the console's). */
function subscribeToTheme(changed: () => void): () => void {
  const watch = new MutationObserver(changed);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => watch.disconnect();
}

/** The page's theme, kept current: the switches and the Toaster read this one source, never a copy. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeToTheme, currentTheme);
}
