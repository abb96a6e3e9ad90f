import { Link } from 'react-router';
import { INQUIRY_STATE_LABELS, type InquiryState } from '@smm/domain';
import type { AdminInquiryItem } from '@smm/domain/contract';
import { paths } from '@/lib/paths';

const MINUTE = 60_000;

/** How long it has waited, in the largest units that matter: '12분', '3시간 5분', '2일 4시간'. */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days}일 ${hours}시간` : `${days}일`;
  if (hours > 0) return minutes % 60 > 0 ? `${hours}시간 ${minutes % 60}분` : `${hours}시간`;
  return `${minutes}분`;
}

const CHIPS: Record<InquiryState, string> = {
  WAITING: 'admin-chip',
  ANSWERED: 'admin-chip admin-chip-success',
  CLOSED: 'admin-chip admin-chip-muted',
};

/** 답변 대기 / 답변 완료 / 종료 in the console's chips. */
export function InquiryStateChip({ state }: { state: InquiryState }) {
  return <span className={CHIPS[state]}>{INQUIRY_STATE_LABELS[state]}</span>;
}

/** The order or charge an inquiry is about: the order opens its inquiry's thread, where both are shown. */
export function LinkedRef({ item }: { item: Pick<AdminInquiryItem, 'id' | 'orderId' | 'chargeId'> }) {
  if (item.orderId !== null)
    return (
      <Link className="inquiries-link" to={paths.admin.inquiry(item.id)}>
        주문 #{item.orderId}
      </Link>
    );
  if (item.chargeId !== null)
    return (
      <Link className="inquiries-link" to={paths.admin.inquiry(item.id)}>
        충전 #{item.chargeId}
      </Link>
    );
  return <span className="inquiries-muted">-</span>;
}
