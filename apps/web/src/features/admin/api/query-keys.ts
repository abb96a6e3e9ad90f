/**
 * Query keys one console area reads and another refreshes: money moved on the points screens changes
 * the members' balances, and the orders screen filters by the catalog's providers. Kept here, in
 * the console's shared part, so no area imports another.
 */

/** Every page of the members list sits under this key. */
export const MEMBERS_QUERY_KEY = ['admin', 'members'] as const;
/** Every member page's query sits under this key (money moves refetch them all). */
export const MEMBER_QUERY_KEY = ['admin', 'member'] as const;
/** The providers list, under the catalog's prefix so a catalog write refetches it too. */
export const PROVIDERS_QUERY_KEY = ['admin', 'catalog', 'providers'] as const;
