import type { SiteSettings } from '@smm/domain';
import { paths } from '@/lib/paths';

export interface NavEntry {
  to: string;
  label: string;
  /** A count shown beside the label (1:1 문의's unread replies). */
  badge?: number;
}

/** The member menu (docs/product.md#shared-elements); FAQ only with ENABLE_QNA. */
export function memberNavEntries(settings: SiteSettings): NavEntry[] {
  const entries: NavEntry[] = [
    { to: paths.order, label: '주문하기' },
    { to: paths.massOrder, label: '대량 주문' },
    { to: paths.orderHistory, label: '주문내역' },
    { to: paths.autoOrderHistory, label: '자동주문내역' },
    { to: paths.point, label: '포인트 충전' },
    { to: paths.guide, label: '링크 입력 가이드' },
    { to: paths.inquiries, label: '1:1 문의' },
  ];
  if (settings.flag('ENABLE_QNA')) entries.push({ to: paths.qna, label: '자주 묻는 질문' });
  return entries;
}
