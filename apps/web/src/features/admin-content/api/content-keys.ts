import type { QueryClient } from '@tanstack/react-query';
import { getNoticesQueryOptions, getQnasQueryOptions, getRegisterWhereQueryOptions } from '@/lib/content-api';

/** The console's content lists. */
export const NOTICES_QUERY_KEY = ['admin', 'notices'] as const;
export const FAQS_QUERY_KEY = ['admin', 'faq'] as const;
export const REGISTER_WHERES_QUERY_KEY = ['admin', 'register-wheres'] as const;
export const POPUPS_QUERY_KEY = ['admin', 'popups'] as const;

/**
 * The member site's lists of the same content in this tab (lib/content-api). Dropped after a write so
 * the operator's own tab shows the change. Popups are left alone: the member site shows them once per
 * page load.
 */
const MEMBER_CONTENT_KEYS = [
  getNoticesQueryOptions().queryKey,
  getQnasQueryOptions().queryKey,
  getRegisterWhereQueryOptions().queryKey,
];

export async function refreshContent(queryClient: QueryClient, key: readonly unknown[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: key }),
    ...MEMBER_CONTENT_KEYS.map((memberKey) => queryClient.invalidateQueries({ queryKey: memberKey })),
  ]);
}
