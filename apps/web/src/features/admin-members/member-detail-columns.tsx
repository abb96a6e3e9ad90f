import {
  AUTO_ORDER_STATUS_LABELS,
  CHARGE_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  RECEIPT_KIND_LABELS,
  formatSeoulDateTime,
  formatWon,
  type AutoOrderStatus,
  type ChargeStatus,
  type OrderStatus,
  type ReceiptKind,
  formatCount,
} from '@smm/domain';
import type { AdminMemberCharge, AdminMemberOrder, AdminRefillItem } from '@smm/domain/contract';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { ColumnDef } from '@/features/admin/components/data-table';

// The member detail's tables: the member's recent orders, refills and charges.

export const won = (amount: number) => <span className="admin-money">{formatWon(amount)}</span>;

export const orderColumns: ColumnDef<AdminMemberOrder, never>[] = [
  {
    id: 'id',
    header: '주문번호',
    size: 100,
    enableSorting: false,
    cell: ({ row }) => (row.original.kind === 'auto' ? `${row.original.id} (자동)` : row.original.id),
  },
  {
    id: 'service',
    header: '서비스',
    size: 200,
    enableSorting: false,
    cell: ({ row }) => row.original.service,
  },
  {
    id: 'link',
    header: '링크',
    size: 220,
    enableSorting: false,
    cell: ({ row }) => (
      <span className="member-link-cell" title={row.original.link}>
        {row.original.link}
      </span>
    ),
  },
  {
    id: 'amount',
    header: '수량',
    size: 90,
    enableSorting: false,
    cell: ({ row }) => <span className="admin-money">{formatCount(row.original.amount)}</span>,
  },
  { id: 'cost', header: '금액', size: 110, enableSorting: false, cell: ({ row }) => won(row.original.cost) },
  {
    id: 'refunded',
    header: '환불',
    size: 110,
    enableSorting: false,
    cell: ({ row }) => (row.original.refunded ? won(row.original.refunded) : '-'),
  },
  {
    id: 'status',
    header: '상태',
    size: 140,
    enableSorting: false,
    cell: ({ row }) => (
      <span className="admin-chip">
        {row.original.kind === 'auto'
          ? AUTO_ORDER_STATUS_LABELS[row.original.status as AutoOrderStatus]
          : ORDER_STATUS_LABELS[row.original.status as OrderStatus]}
      </span>
    ),
  },
  {
    id: 'createdAt',
    header: '주문일',
    size: 160,
    enableSorting: false,
    cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
  },
];

/** The member's refills: state, the order (linking to it in the orders screen) and the reason. */
export const refillColumns: ColumnDef<AdminRefillItem, never>[] = [
  {
    id: 'status',
    header: '상태',
    size: 80,
    cell: ({ row }) => <span className="admin-chip">{row.original.statusLabel}</span>,
  },
  {
    id: 'createdAt',
    header: '요청 일시',
    size: 160,
    cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
  },
  {
    id: 'order',
    header: '주문',
    size: 220,
    cell: ({ row }) => (
      <Link
        to={`${paths.admin.orders}?tab=refills&q=${encodeURIComponent(row.original.order.memberLoginId)}`}
      >
        #{row.original.order.id} {row.original.order.serviceText}
      </Link>
    ),
  },
  {
    id: 'reason',
    header: '사유',
    size: 220,
    cell: ({ row }) => row.original.reason ?? '-',
  },
];

export const chargeColumns: ColumnDef<AdminMemberCharge, never>[] = [
  { id: 'id', header: '번호', size: 80, enableSorting: false, cell: ({ row }) => row.original.id },
  {
    id: 'depositorName',
    header: '입금자명',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => row.original.depositorName,
  },
  {
    id: 'point',
    header: '충전 포인트',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => won(row.original.point),
  },
  {
    id: 'payable',
    header: '입금액',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => won(row.original.payable),
  },
  {
    id: 'feeType',
    header: '증빙',
    size: 110,
    enableSorting: false,
    cell: ({ row }) => RECEIPT_KIND_LABELS[row.original.feeType as ReceiptKind] ?? '-',
  },
  {
    id: 'status',
    header: '상태',
    size: 90,
    enableSorting: false,
    cell: ({ row }) => (
      <span className="admin-chip">{CHARGE_STATUS_LABELS[row.original.status as ChargeStatus]}</span>
    ),
  },
  {
    id: 'createdAt',
    header: '신청일',
    size: 160,
    enableSorting: false,
    cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
  },
  {
    id: 'responseAt',
    header: '처리일',
    size: 160,
    enableSorting: false,
    cell: ({ row }) => (row.original.responseAt ? formatSeoulDateTime(row.original.responseAt) : '-'),
  },
];
