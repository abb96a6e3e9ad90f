import {
  AUTO_ORDER_STATUS_LABELS,
  AutoOrderStatus,
  formatCount,
  formatDateTime,
  formatWon,
  SessionState,
} from '@smm/domain';
import type { AutoOrderHistoryItem } from '@smm/domain/contract';
import { useSession } from '@/lib/session/session-context';
import { useAutoOrderHistory } from '../api/get-auto-order-history';
import {
  HistoryView,
  OrderLink,
  StatusBadge,
  type Column,
  type StatusChip,
  type StatusTone,
} from '../components/history-view';
import { AutoOrderActions } from '../components/order-actions';
import { useHistoryParams } from '../components/use-history-params';

/** Filters (docs/product.md#order-histories): 전체, 활성, 완료 (the server lists PARTIAL under it too), 취소. */
const FILTERS = [AutoOrderStatus.ACTIVE, AutoOrderStatus.COMPLETED, AutoOrderStatus.CANCLED] as const;
const CHIPS: StatusChip[] = [
  { label: '전체', status: undefined },
  ...FILTERS.map((status) => ({ label: AUTO_ORDER_STATUS_LABELS[status], status })),
];

const TONES: Record<AutoOrderStatus, StatusTone> = {
  [AutoOrderStatus.ACTIVE]: 'run',
  [AutoOrderStatus.COMPLETED]: 'done',
  [AutoOrderStatus.PARTIAL]: 'done',
  [AutoOrderStatus.CANCLED]: 'fail',
};

/** The columns of docs/product.md#order-histories, in their order. */
const COLUMNS: Column<AutoOrderHistoryItem>[] = [
  { header: '주문번호', cell: (o) => o.id, kind: 'nowrap' },
  { header: '주문일시', cell: (o) => formatDateTime(o.createdAt), kind: 'nowrap' },
  { header: '주문 링크', cell: (o) => <OrderLink href={o.link} /> },
  { header: '최종 사용금액', cell: (o) => formatWon(o.point), kind: 'num' },
  { header: '1회 수량', cell: (o) => formatCount(o.amount), kind: 'num' },
  { header: '상품', cell: (o) => o.serviceText, kind: 'wide' },
  {
    header: '자동주문 횟수',
    cell: (o) => `${formatCount(o.completed)} / ${formatCount(o.runs)}`,
    kind: 'num',
  },
  { header: '자동주문 간격(분)', cell: (o) => formatCount(o.interval), kind: 'num' },
  { header: '최종 수량', cell: (o) => formatCount(o.amount * o.runs), kind: 'num' },
  {
    header: '상태',
    cell: (o) => <StatusBadge label={AUTO_ORDER_STATUS_LABELS[o.status]} tone={TONES[o.status]} />,
    kind: 'nowrap',
  },
  // 자동주문 취소 (docs/product.md#refill-and-cancellation), only where the server says it may be asked.
  { header: '요청', cell: (o) => <AutoOrderActions autoOrder={o} />, kind: 'actions' },
];

export function AutoOrderHistoryRoute() {
  const { state } = useSession();
  const member = state === SessionState.AUTHORIZATION;
  const { page, status, hrefFor, setStatus } = useHistoryParams(FILTERS);
  const query = useAutoOrderHistory(page, status, member);
  return (
    <HistoryView
      title="자동주문내역"
      description="자동주문의 진행 횟수와 상태를 확인하세요."
      noun="자동주문"
      chips={CHIPS}
      status={status}
      onStatus={setStatus}
      page={page}
      hrefFor={hrefFor}
      columns={COLUMNS}
      query={query}
      guest={!member}
    />
  );
}
