import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clampPage, lastPageOf, pageWindow, Pagination } from './pagination';

describe('pagination', () => {
  it('the window keeps the same count of pages, shifted at either end', () => {
    expect(pageWindow(1, 10, 2)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10, 2)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10, 2)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3, 2)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 20, 4)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('pages are held to 1..last; an empty list has one page', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it('links every page, marks the current one, and disables steps that go nowhere', () => {
    render(
      <MemoryRouter>
        <Pagination page={1} lastPage={12} hrefFor={(p) => `?page=${p}`} label="목록 페이지" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '목록 페이지' });
    // Default: four neighbours (docs/product.md#display-constants).
    expect(within(nav).getAllByRole('listitem')).toHaveLength(9);
    expect(within(nav).getByRole('link', { name: '1 페이지' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '4 페이지' })).toHaveAttribute('href', '/?page=4');
    expect(within(nav).getByLabelText('첫 페이지')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByLabelText('이전 페이지')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: '다음 페이지' })).toHaveAttribute('href', '/?page=2');
    expect(within(nav).getByRole('link', { name: '마지막 페이지' })).toHaveAttribute('href', '/?page=12');
  });

  it('renders nothing for a single page', () => {
    const { container } = render(
      <MemoryRouter>
        <Pagination page={1} lastPage={1} hrefFor={(p) => `?page=${p}`} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
