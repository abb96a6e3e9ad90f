import {
  AUTO_ORDER_STATUS_LABELS,
  AutoOrderStatus,
  formatCount,
  formatSeoulDateTime,
  type AutoOrderStatus as AutoOrderStatusValue,
  type CsvColumn,
} from '@smm/domain';
import type { AdminAutoOrderItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import type { ColumnDef } from '@/features/admin/components/data-table';
import type { OrderAction } from './order-action-dialog';
import { chipClass, commonColumns } from './order-columns';

// The auto-orders tab's table and CSV; the cells it shares with the orders tab are order-columns.tsx's.

const autoLabel = (status: number) =>
  AUTO_ORDER_STATUS_LABELS[status as AutoOrderStatusValue] ?? String(status);

function AutoOrderStatusChip({ status }: { status: number }) {
  const kind =
    status === AutoOrderStatus.COMPLETED
      ? 'success'
      : status === AutoOrderStatus.PARTIAL
        ? 'danger'
        : status === AutoOrderStatus.CANCLED
          ? 'muted'
          : 'open';
  // A partial auto-order reads 완료 like a whole one (docs/product.md#auto-orders); its tone and title
  // tell the operator that some run was partly refunded.
  return (
    <span
      className={chipClass(kind)}
      title={status === AutoOrderStatus.PARTIAL ? '일부 회차 부분 환불' : undefined}
    >
      {autoLabel(status)}
    </span>
  );
}

/** Until the operator chooses columns, the ones dropped (in this order) while the table is too wide. */
export const AUTO_ORDER_COLUMNS_HIDE_FIRST = ['link', 'nextRunAt'];

export function autoOrderColumns(
  open: (action: OrderAction) => void,
): ColumnDef<AdminAutoOrderItem, never>[] {
  const common = commonColumns<AdminAutoOrderItem>();
  return [
    {
      id: 'id',
      accessorFn: (row) => row.id as never,
      header: '자동주문번호',
      size: 110,
      enableHiding: false,
      cell: ({ row }) => <span className="admin-money">{row.original.id}</span>,
    },
    {
      id: 'status',
      header: '상태',
      size: 90,
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => <AutoOrderStatusChip status={row.original.status} />,
    },
    common.createdAt,
    common.member,
    common.amount('회당 수량', 90),
    {
      id: 'runs',
      header: '실행',
      size: 90,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="admin-money">
          {row.original.completed} / {row.original.runs}회
        </span>
      ),
    },
    {
      id: 'interval',
      header: '간격',
      size: 80,
      enableSorting: false,
      cell: ({ row }) => `${formatCount(row.original.interval)}분`,
    },
    common.cost,
    common.refunded,
    common.service,
    common.link,
    {
      id: 'nextRunAt',
      header: '다음 실행',
      size: 138,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.nextRunAt ? (
          formatSeoulDateTime(row.original.nextRunAt)
        ) : (
          <span className="orders-none">-</span>
        ),
    },
    {
      id: 'actions',
      header: '작업',
      size: 130,
      enableSorting: false,
      enableResizing: false,
      enableHiding: false,
      cell: ({ row }) =>
        row.original.status === AutoOrderStatus.ACTIVE ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => open({ kind: 'auto-cancel', autoOrder: row.original })}
            aria-label={`자동주문 ${row.original.id} 중지·환불`}
          >
            중지·환불
          </Button>
        ) : (
          <span className="orders-none">-</span>
        ),
    },
  ];
}

export const autoOrderCsvColumns: CsvColumn<AdminAutoOrderItem>[] = [
  { header: '자동주문번호', value: (o) => o.id },
  { header: '일시', value: (o) => formatSeoulDateTime(o.createdAt) },
  { header: '회원', value: (o) => o.memberLoginId },
  { header: '상품', value: (o) => o.serviceText },
  { header: '링크', value: (o) => o.link },
  { header: '회당 수량', value: (o) => o.amount },
  { header: '실행 횟수', value: (o) => o.completed },
  { header: '전체 횟수', value: (o) => o.runs },
  { header: '간격(분)', value: (o) => o.interval },
  { header: '금액', value: (o) => o.cost },
  { header: '환불', value: (o) => o.refunded },
  { header: '상태', value: (o) => autoLabel(o.status) },
  { header: '다음 실행', value: (o) => (o.nextRunAt ? formatSeoulDateTime(o.nextRunAt) : '') },
];
