import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './ui.css';

/** Page numbers shown each side of the current one by default (docs/product.md#display-constants). */
const DEFAULT_PAGE_NEIGHBOURS = 4;

/** The last page of `total` rows at `pageSize` a page; an empty list still has page 1. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `page` held to 1..lastPage (docs/product.md#display-constants). */
export function clampPage(page: number, lastPage: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, lastPage));
}

/**
 * The page numbers shown: `neighbours` each side of the current page, shifted at either end so the
 * same count shows whenever there are enough pages.
 */
export function pageWindow(page: number, lastPage: number, neighbours: number): number[] {
  const size = Math.min(lastPage, neighbours * 2 + 1);
  const start = Math.min(Math.max(1, page - neighbours), lastPage - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

interface PaginationProps {
  page: number;
  lastPage: number;
  /** Where page `n` lives (e.g. '?page=3&status=2'): pages are links, so reload and back work. */
  hrefFor: (page: number) => string;
  neighbours?: number;
  /** Names the navigation landmark. */
  label?: string;
}

/** Numbered pagination with first / previous / next / last. Renders nothing for a single page. */
export function Pagination({
  page,
  lastPage,
  hrefFor,
  neighbours = DEFAULT_PAGE_NEIGHBOURS,
  label = '페이지 이동',
}: PaginationProps) {
  if (lastPage <= 1) return null;
  const current = clampPage(page, lastPage);
  const step = (target: number, name: string, icon: ReactNode) =>
    target === current || target < 1 || target > lastPage ? (
      <span className="pagination-item pagination-step" aria-disabled="true" aria-label={name} role="link">
        {icon}
      </span>
    ) : (
      <Link className="pagination-item pagination-step" to={hrefFor(target)} aria-label={name}>
        {icon}
      </Link>
    );

  return (
    <nav className="pagination" aria-label={label}>
      {step(1, '첫 페이지', <ChevronsLeft size={16} aria-hidden />)}
      {step(current - 1, '이전 페이지', <ChevronLeft size={16} aria-hidden />)}
      <ol className="pagination-pages">
        {pageWindow(current, lastPage, neighbours).map((n) => (
          <li key={n}>
            <Link
              className="pagination-item"
              to={hrefFor(n)}
              aria-current={n === current ? 'page' : undefined}
              aria-label={`${n} 페이지`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {step(current + 1, '다음 페이지', <ChevronRight size={16} aria-hidden />)}
      {step(lastPage, '마지막 페이지', <ChevronsRight size={16} aria-hidden />)}
    </nav>
  );
}
