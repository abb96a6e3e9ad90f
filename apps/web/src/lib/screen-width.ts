import { useSyncExternalStore } from 'react';

/**
 * The site's one width breakpoint (docs/product.md#display-constants): wide is above 880 px. Asked of
 * matchMedia each way round, so that where it matches nothing (tests, old engines) neither is true: the
 * histories keep their tables and the order form keeps its flags.
 */
const WIDE_SCREEN_QUERY = '(min-width: 881px)';
const NARROW_SCREEN_QUERY = '(max-width: 880px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Above 880 px: service names show couple emojis for flags (features/order/components/service-text.ts). */
export const useWideScreen = (): boolean => useMediaQuery(WIDE_SCREEN_QUERY);

/**
 * At or below 880 px the history rows and charges are cards: their tables need 560–960 px, and a phone
 * would reach a row's status and amount only by scrolling sideways.
 */
export const useNarrowScreen = (): boolean => useMediaQuery(NARROW_SCREEN_QUERY);
