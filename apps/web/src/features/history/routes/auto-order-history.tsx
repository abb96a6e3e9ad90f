import {
  AUTO_ORDER_STATUS_LABELS,
  AutoOrderStatus,
  formatCount,
  formatAutoOrderQuantity,
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
  type CardLayout,
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

const COLUMN = {
  id: { header: '주문번호', cell: (o) => o.id, kind: 'nowrap' },
  createdAt: { header: '주문일시', cell: (o) => formatDateTime(o.createdAt), kind: 'nowrap' },
  link: { header: '주문 링크', cell: (o) => <OrderLink href={o.link} /> },
  point: { header: '최종 사용금액', cell: (o) => formatWon(o.point), kind: 'num' },
  amount: { header: '1회 수량', cell: (o) => formatCount(o.amount), kind: 'num' },
  service: { header: '상품', cell: (o) => o.serviceText, kind: 'wide' },
  runs: {
    header: '자동주문 횟수',
    cell: (o) => `${formatCount(o.completed)} / ${formatCount(o.runs)}`,
    kind: 'num',
  },
  interval: { header: '자동주문 간격(분)', cell: (o) => formatCount(o.interval), kind: 'num' },
  // What was really ordered: a stopped one placed fewer runs than planned, so its plan shows beside it.
  total: { header: '최종 수량', cell: (o) => formatAutoOrderQuantity(o), kind: 'num' },
  status: {
    header: '상태',
    cell: (o) => <StatusBadge label={AUTO_ORDER_STATUS_LABELS[o.status]} tone={TONES[o.status]} />,
    kind: 'nowrap',
  },
  // 자동주문 취소 (docs/product.md#refill-and-cancellation), only where the server says it may be asked.
  actions: { header: '요청', cell: (o) => <AutoOrderActions autoOrder={o} />, kind: 'actions' },
} satisfies Record<string, Column<AutoOrderHistoryItem>>;

/** The columns of docs/product.md#order-histories, in their order. */
const COLUMNS: Column<AutoOrderHistoryItem>[] = [
  COLUMN.id,
  COLUMN.createdAt,
  COLUMN.link,
  COLUMN.point,
  COLUMN.amount,
  COLUMN.service,
  COLUMN.runs,
  COLUMN.interval,
  COLUMN.total,
  COLUMN.status,
  COLUMN.actions,
];

const CARD: CardLayout<AutoOrderHistoryItem> = {
  status: COLUMN.status,
  amount: COLUMN.point,
  title: COLUMN.service,
  link: COLUMN.link,
  meta: [COLUMN.id, COLUMN.createdAt],
  facts: [COLUMN.runs, COLUMN.amount, COLUMN.interval, COLUMN.total],
  actions: COLUMN.actions,
};

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
      card={CARD}
      query={query}
      guest={!member}
    />
  );
}
