import type { SiteSettings } from '@smm/domain';

export interface NavEntry {
  to: string;
  label: string;
}

/** The member menu of SPEC.md §2 "Top bar"; FAQ only with ENABLE_QNA. */
export function memberNavEntries(settings: SiteSettings): NavEntry[] {
  const entries: NavEntry[] = [
    { to: '/order', label: '주문하기' },
    { to: '/order-history', label: '주문내역' },
    { to: '/auto-order-history', label: '자동주문내역' },
    { to: '/point', label: '포인트 충전' },
    { to: '/guide', label: '링크 입력 가이드' },
  ];
  if (settings.flag('ENABLE_QNA')) entries.push({ to: '/qna', label: '자주 묻는 질문' });
  return entries;
}
