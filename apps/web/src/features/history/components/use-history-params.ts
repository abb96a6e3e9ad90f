import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage } from '@/components/ui/pagination';

/** The server's upper bound for ?page= (the history query schema). */
const MAX_PAGE = 1_000_000;

function searchOf(page: number, status: number | undefined): string {
  const params = new URLSearchParams();
  if (status !== undefined) params.set('status', String(status));
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/**
 * Page and status filter live in the URL (?page=&status=), so reload and back keep them. A page that is
 * not a whole number ≥ 1, or a status this screen does not offer, reads as page 1 / all, and the URL is
 * rewritten (replace) to say so. A page past the last one is moved by the screen once the total is known.
 */
export function useHistoryParams(statuses: readonly number[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawPage = searchParams.get('page');
  const rawStatus = searchParams.get('status');

  const parsedPage = rawPage !== null && /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 1;
  const page = clampPage(parsedPage, MAX_PAGE);
  const parsedStatus = rawStatus !== null && /^\d$/.test(rawStatus) ? Number(rawStatus) : undefined;
  const status = parsedStatus !== undefined && statuses.includes(parsedStatus) ? parsedStatus : undefined;

  const canonical = searchOf(page, status);
  const current = `?${searchParams.toString()}`;
  useEffect(() => {
    if (canonical !== current) setSearchParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, current, setSearchParams]);

  const hrefFor = useCallback((target: number) => searchOf(target, status), [status]);
  /** A new filter starts at page 1, as a new history entry (back returns to the previous filter). */
  const setStatus = useCallback(
    (next: number | undefined) => setSearchParams(new URLSearchParams(searchOf(1, next))),
    [setSearchParams],
  );
  return { page, status, hrefFor, setStatus };
}
