import {
  formatCount,
  formatDateTime,
  formatWon,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  OrderStatus,
  SessionState,
} from '@smm/domain';
import type { OrderHistoryItem } from '@smm/domain/contract';
import { useSession } from '@/lib/session/session-context';
import { useOrderHistory } from '../api/get-order-history';
import {
  HistoryView,
  OrderLink,
  StatusBadge,
  type CardLayout,
  type Column,
  type StatusChip,
  type StatusTone,
} from '../components/history-view';
import { InquireLink } from '../components/inquire-link';
import { OrderActions, OrderStateNotes } from '../components/order-actions';
import { useHistoryParams } from '../components/use-history-params';

const CHIPS: StatusChip[] = [
  { label: '전체', status: undefined },
  ...ORDER_STATUSES.map((status) => ({ label: ORDER_STATUS_LABELS[status], status })),
];

const TONES: Record<OrderStatus, StatusTone> = {
  [OrderStatus.PENDING]: 'wait',
  [OrderStatus.PROCESSING]: 'wait',
  [OrderStatus.INPROGRESS]: 'run',
  [OrderStatus.COMPLETED]: 'done',
  [OrderStatus.PARTIAL]: 'fail',
  [OrderStatus.CANCELED]: 'fail',
};

const COLUMN = {
  id: { header: '주문번호', cell: (o) => o.id, kind: 'nowrap' },
  createdAt: { header: '주문일시', cell: (o) => formatDateTime(o.createdAt), kind: 'nowrap' },
  service: { header: '상품', cell: (o) => o.serviceText, kind: 'wide' },
  link: { header: '링크', cell: (o) => <OrderLink href={o.link} /> },
  point: { header: '사용금액', cell: (o) => formatWon(o.point), kind: 'num' },
  amount: { header: '수량', cell: (o) => formatCount(o.amount), kind: 'num' },
  status: {
    header: '상태',
    cell: (o) => (
      <>
        <StatusBadge label={ORDER_STATUS_LABELS[o.status]} tone={TONES[o.status]} />
        <OrderStateNotes order={o} />
      </>
    ),
    kind: 'nowrap',
  },
  startCount: { header: '주문 전 수량', cell: (o) => formatCount(o.startCount), kind: 'num' },
  remains: { header: '남은 수량', cell: (o) => formatCount(o.remains), kind: 'num' },
  // Refill and cancel (docs/product.md#refill-and-cancellation), only where the server says they may be asked.
  actions: {
    header: '요청',
    cell: (o) => (
      <>
        <OrderActions order={o} />
        <InquireLink orderId={o.id} />
      </>
    ),
    kind: 'actions',
  },
} satisfies Record<string, Column<OrderHistoryItem>>;

/** The columns of docs/product.md#order-histories, in their order. */
const COLUMNS: Column<OrderHistoryItem>[] = [
  COLUMN.id,
  COLUMN.createdAt,
  COLUMN.service,
  COLUMN.link,
  COLUMN.point,
  COLUMN.amount,
  COLUMN.status,
  COLUMN.startCount,
  COLUMN.remains,
  COLUMN.actions,
];

const CARD: CardLayout<OrderHistoryItem> = {
  status: COLUMN.status,
  amount: COLUMN.point,
  title: COLUMN.service,
  link: COLUMN.link,
  meta: [COLUMN.id, COLUMN.createdAt],
  facts: [COLUMN.amount, COLUMN.startCount, COLUMN.remains],
  actions: COLUMN.actions,
};

export function OrderHistoryRoute() {
  const { state } = useSession();
  const member = state === SessionState.AUTHORIZATION;
  const { page, status, hrefFor, setStatus } = useHistoryParams(ORDER_STATUSES);
  const query = useOrderHistory(page, status, member);
  return (
    <HistoryView
      title="주문내역"
      description="넣은 주문의 진행 상태를 확인하세요. 상태는 몇 분마다 갱신됩니다."
      noun="주문"
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
