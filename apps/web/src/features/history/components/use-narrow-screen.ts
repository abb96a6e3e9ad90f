import { useSyncExternalStore } from 'react';

/**
 * At or below the wide-screen breakpoint (docs/product.md#display-constants: wide is above 880 px) a
 * history row is a card, because the full table needs about 960 px and a phone would only reach a row's
 * status and amount by scrolling sideways. Asked as max-width, so that where matchMedia matches nothing
 * (tests, old engines) the table stays.
 */
const NARROW_SCREEN_QUERY = '(max-width: 880px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
