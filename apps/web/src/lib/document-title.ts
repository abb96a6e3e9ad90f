import { useEffect } from 'react';

/** The site's name: the landing's whole title and the suffix of every other page's. */
export const SITE_NAME = 'SMM 패널';

/** '주문하기 · SMM 패널' for a page, the bare site name without one. */
export function formatDocumentTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets the tab's title (what history, bookmarks and screen readers announce) while the caller is shown.
 * `null` leaves it to a nested screen (the operator console titles its own screens).
 */
export function useDocumentTitle(page?: string | null) {
  useEffect(() => {
    if (page !== null) document.title = formatDocumentTitle(page);
  }, [page]);
}
