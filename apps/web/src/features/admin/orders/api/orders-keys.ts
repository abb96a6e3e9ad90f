/** Query keys of the orders screen: every action refetches both lists. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
export const ADMIN_AUTO_ORDERS_KEY = ['admin', 'auto-orders'] as const;
