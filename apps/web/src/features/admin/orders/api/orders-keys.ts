/** Query keys of the orders screen: every order action refetches both order lists. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
export const ADMIN_AUTO_ORDERS_KEY = ['admin', 'auto-orders'] as const;
/** The 리필 요청 tab's list: refetched after a refill action (and the orders list, which shows refill states). */
export const ADMIN_REFILLS_KEY = ['admin', 'refills'] as const;
