/** Query keys of the catalog screens: one prefix, so a write refetches every list it may touch. */
export const CATALOG_QUERY_KEY = ['admin', 'catalog'] as const;
