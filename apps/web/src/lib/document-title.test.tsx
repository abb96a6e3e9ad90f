import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, SITE_NAME, useDocumentTitle } from './document-title';

describe('useDocumentTitle', () => {
  it("puts the page's Korean title before the site name", () => {
    expect(formatDocumentTitle('주문하기')).toBe('주문하기 · SMM 패널');
    expect(formatDocumentTitle()).toBe(SITE_NAME);
  });

  it('sets document.title and follows the page as it changes', () => {
    const { rerender } = renderHook(({ page }: { page?: string }) => useDocumentTitle(page), {
      initialProps: { page: '포인트 충전' as string | undefined },
    });
    expect(document.title).toBe('포인트 충전 · SMM 패널');

    rerender({ page: 'API 문서' });
    expect(document.title).toBe('API 문서 · SMM 패널');

    rerender({ page: undefined });
    expect(document.title).toBe('SMM 패널');
  });
});
