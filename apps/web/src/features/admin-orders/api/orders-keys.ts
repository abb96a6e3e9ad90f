/** Query keys of the orders screen: every order action refetches both order lists. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
export const ADMIN_AUTO_ORDERS_KEY = ['admin', 'auto-orders'] as const;
/** The 리필 요청 tab's list: refetched after a refill action (and the orders list, which shows refill states). */
export const ADMIN_REFILLS_KEY = ['admin', 'refills'] as const;

/**
 * How often an open list of orders, auto-orders or refills asks the server again: the background loop
 * sends and settles orders every few seconds, and an operator acts on what the list shows. Only while
 * the tab is visible (TanStack Query pauses an interval in a hidden tab), and again when it regains focus.
 */
export const ADMIN_LISTS_REFRESH_MS = 15_000;
export const ADMIN_LIST_REFRESH = {
  refetchInterval: ADMIN_LISTS_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;
