import {
  ORDER_STATUS_LABELS,
  CANCEL_REQUESTED_LABEL,
  OrderStatus,
  REFILL_STATUS_LABELS,
  type RefillStatus,
  cancelRefusal,
  formatSeoulDateTime,
  formatWon,
  isOpenOrderStatus,
  isOpenRefillStatus,
  partialAllowed,
  resendRefusal,
  type CsvColumn,
  type OrderStatus as OrderStatusValue,
  formatCount,
  orderLinkParts,
} from '@smm/domain';
import type { AdminAutoOrderItem, AdminOrderItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import type { ColumnDef } from '@/features/admin/components/data-table';
import type { OrderAction } from './order-action-dialog';

const money = (won: number) => <span className="admin-money">{formatWon(won)}</span>;
const quantity = (n: number | null) => <span className="admin-money">{formatCount(n)}</span>;

// One word per state, the members' (docs/product.md#operator-console): an operator reads what the
// member reads.
const orderLabel = (status: number) => ORDER_STATUS_LABELS[status as OrderStatusValue] ?? String(status);
const refillLabel = (status: number) => REFILL_STATUS_LABELS[status as RefillStatus] ?? String(status);

export function chipClass(kind: 'success' | 'danger' | 'muted' | 'open') {
  return kind === 'open' ? 'admin-chip' : `admin-chip admin-chip-${kind}`;
}

function OrderStatusChip({ status }: { status: number }) {
  const kind =
    status === OrderStatus.COMPLETED
      ? 'success'
      : status === OrderStatus.PARTIAL
        ? 'danger'
        : status === OrderStatus.CANCELED
          ? 'muted'
          : 'open';
  return <span className={chipClass(kind)}>{orderLabel(status)}</span>;
}

/**
 * A member's link with its real host first (bold), then the rest: a path cannot pass for another
 * address (docs/product.md#operator-console). Only an http(s) link without invisible characters is
 * clickable; anything else is plain text with such characters shown as code points (<U+202E>).
 */
export function OrderLink({ link }: { link: string }) {
  const parts = orderLinkParts(link);
  if (parts.href === null) {
    return (
      <span className="orders-link" title={parts.text}>
        {parts.text}
      </span>
    );
  }
  return (
    <a
      className="orders-link"
      href={parts.href}
      title={parts.text}
      target="_blank"
      rel="noopener noreferrer"
      dir="ltr"
    >
      <span className="orders-link-host">{parts.host}</span>
      <span className="orders-link-rest">{parts.rest}</span>
    </a>
  );
}

/** What an order and an auto-order both show, in the same cells. */
type OrderRowCommon = Pick<
  AdminOrderItem & AdminAutoOrderItem,
  'createdAt' | 'memberLoginId' | 'serviceText' | 'link' | 'amount' | 'cost' | 'refunded'
>;

/**
 * The columns the order and auto-order tables share (일시, 회원, 상품, 링크, 수량, 금액, 환불); the
 * quantity's header and width differ (수량 / 회당 수량).
 */
export function commonColumns<Row extends OrderRowCommon>() {
  const column = (def: ColumnDef<Row, never>) => def;
  return {
    createdAt: column({
      id: 'createdAt',
      accessorFn: (row) => row.createdAt as never,
      header: '일시',
      // Seconds included (2026-11-22 00:30:00).
      size: 150,
      cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
    }),
    member: column({
      id: 'member',
      header: '회원',
      size: 110,
      enableSorting: false,
      cell: ({ row }) => row.original.memberLoginId,
    }),
    service: column({
      id: 'service',
      header: '상품',
      size: 180,
      enableSorting: false,
      cell: ({ row }) => <span title={row.original.serviceText}>{row.original.serviceText}</span>,
    }),
    link: column({
      id: 'link',
      header: '링크',
      size: 200,
      enableSorting: false,
      cell: ({ row }) => <OrderLink link={row.original.link} />,
    }),
    amount: (header: string, size: number) =>
      column({
        id: 'amount',
        header,
        size,
        enableSorting: false,
        cell: ({ row }) => quantity(row.original.amount),
      }),
    cost: column({
      id: 'cost',
      accessorFn: (row) => row.cost as never,
      header: '금액',
      size: 100,
      // Money always shows: the operator cannot hide it by 열 선택.
      enableHiding: false,
      cell: ({ row }) => money(row.original.cost),
    }),
    refunded: column({
      id: 'refunded',
      header: '환불',
      size: 100,
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) =>
        row.original.refunded > 0 ? money(row.original.refunded) : <span className="orders-none">-</span>,
    }),
  };
}

// A sortable column needs an accessor; DataTable takes ColumnDef<Row, never>, hence the casts.
// 상태 comes right after the number, and the quantity and money (수량, 금액, 환불) before the long texts
// (상품, 링크, 오류): a wide table scrolls sideways under the pinned 작업 column, and what an operator
// scans for first must sit clear of it at the console's usual widths (1440 px and up). The number, the
// state, the money and the actions cannot be hidden by 열 선택.

/** Until the operator chooses columns, the ones dropped (in this order) while the table is too wide. */
export const ORDER_COLUMNS_HIDE_FIRST = ['providerOrderId', 'provider', 'link'];
export function orderColumns(open: (action: OrderAction) => void): ColumnDef<AdminOrderItem, never>[] {
  const common = commonColumns<AdminOrderItem>();
  return [
    {
      id: 'id',
      accessorFn: (row) => row.id as never,
      header: '주문번호',
      size: 96,
      enableHiding: false,
      cell: ({ row }) => (
        <span
          className="admin-money"
          title={row.original.autoOrderId ? `자동주문 #${row.original.autoOrderId}` : undefined}
        >
          {row.original.id}
          {row.original.autoOrderId ? <span className="orders-auto-mark"> 자동</span> : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: '상태',
      size: 120,
      enableSorting: false,
      enableHiding: false,
      cell: ({ row }) => (
        <span className="orders-status-cell" title={row.original.cancelReason ?? undefined}>
          <OrderStatusChip status={row.original.status} />
          {row.original.cancelRequestedAt && isOpenOrderStatus(row.original.status) && (
            <span
              className="admin-chip admin-chip-danger"
              title={`요청 ${formatSeoulDateTime(row.original.cancelRequestedAt)}`}
            >
              {CANCEL_REQUESTED_LABEL}
            </span>
          )}
          {row.original.chargeExceedsPaid && (
            <span
              className="admin-chip admin-chip-danger"
              title={`공급사 청구 ${row.original.providerCharge ?? ''} > 결제 ${formatWon(row.original.cost - row.original.refunded)}`}
            >
              역마진
            </span>
          )}
          {row.original.latestRefill && (
            <span className="admin-chip admin-chip-muted" title={`리필 #${row.original.latestRefill.id}`}>
              리필 {refillLabel(row.original.latestRefill.status)}
            </span>
          )}
        </span>
      ),
    },
    common.createdAt,
    common.member,
    {
      id: 'amount',
      header: '수량',
      size: 80,
      enableSorting: false,
      // A Custom Comments order: its comments on hover, and in the CSV export.
      cell: ({ row }) =>
        row.original.comments ? (
          <span title={row.original.comments}>
            {quantity(row.original.amount)}
            <span className="orders-auto-mark"> 댓글</span>
          </span>
        ) : (
          quantity(row.original.amount)
        ),
    },
    common.cost,
    common.refunded,
    common.service,
    common.link,
    {
      id: 'lastError',
      header: '오류',
      size: 180,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.lastError ? (
          <span className="orders-error" title={row.original.lastError}>
            {row.original.attempts > 0 ? `(${row.original.attempts}회) ` : ''}
            {row.original.lastError}
          </span>
        ) : (
          <span className="orders-none">-</span>
        ),
    },
    {
      id: 'cancelReason',
      header: '취소 사유',
      size: 200,
      enableSorting: false,
      // Why the background loop cancelled and refunded it, as stored (docs/product.md#orders).
      cell: ({ row }) =>
        row.original.cancelReason ? (
          <span className="orders-error" title={row.original.cancelReason}>
            {row.original.cancelReason}
          </span>
        ) : (
          <span className="orders-none">-</span>
        ),
    },
    {
      // Who has it now: after a failover, the failover (docs/product.md#operator-console).
      id: 'provider',
      header: '공급사',
      size: 110,
      enableSorting: false,
      cell: ({ row }) => row.original.providerName ?? <span className="orders-none">없음</span>,
    },
    {
      id: 'providerOrderId',
      header: '공급사 주문번호',
      size: 120,
      enableSorting: false,
      cell: ({ row }) => row.original.providerOrderId ?? <span className="orders-none">미접수</span>,
    },
    {
      id: 'actions',
      header: '작업',
      size: 230,
      enableSorting: false,
      enableResizing: false,
      enableHiding: false,
      cell: ({ row }) => <OrderRowActions order={row.original} open={open} />,
    },
  ];
}

export function OrderRowActions({
  order,
  open,
}: {
  order: AdminOrderItem;
  open: (action: OrderAction) => void;
}) {
  const now = new Date();
  const canResend = resendRefusal(order, now) === null;
  const canCancel = order.status !== OrderStatus.CANCELED && cancelRefusal(order, now) === null;
  const canPartial = partialAllowed(order, now);
  // 강제 환불 matters only where a provider has it (an unsent order's 취소 refunds at once).
  const canForce = canCancel && order.providerOrderId !== null;
  // The refill rules' window is the server's to check (its refusal is shown); an open refill hides it.
  const canRefill =
    (order.status === OrderStatus.COMPLETED || order.status === OrderStatus.PARTIAL) &&
    order.providerOrderId !== null &&
    !(order.latestRefill && isOpenRefillStatus(order.latestRefill.status));
  if (!canResend && !canCancel && !canPartial && !canRefill) return <span className="orders-none">-</span>;
  return (
    <div className="admin-row-actions">
      {canResend && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => open({ kind: 'resend', order })}
          aria-label={`주문 ${order.id} 재전송`}
        >
          재전송
        </Button>
      )}
      {canCancel && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => open({ kind: 'cancel', order })}
          aria-label={`주문 ${order.id} 취소·환불`}
        >
          취소·환불
        </Button>
      )}
      {canForce && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => open({ kind: 'force-refund', order })}
          aria-label={`주문 ${order.id} 강제 환불`}
        >
          강제 환불
        </Button>
      )}
      {canRefill && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => open({ kind: 'refill', order })}
          aria-label={`주문 ${order.id} 리필 요청`}
        >
          리필 요청
        </Button>
      )}
      {canPartial && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => open({ kind: 'partial', order })}
          aria-label={`주문 ${order.id} 부분 완료`}
        >
          부분 완료
        </Button>
      )}
    </div>
  );
}

export const orderCsvColumns: CsvColumn<AdminOrderItem>[] = [
  { header: '주문번호', value: (o) => o.id },
  { header: '자동주문번호', value: (o) => o.autoOrderId },
  { header: '일시', value: (o) => formatSeoulDateTime(o.createdAt) },
  { header: '회원', value: (o) => o.memberLoginId },
  { header: '상품', value: (o) => o.serviceText },
  { header: '링크', value: (o) => o.link },
  { header: '수량', value: (o) => o.amount },
  { header: '댓글', value: (o) => o.comments },
  { header: '금액', value: (o) => o.cost },
  { header: '환불', value: (o) => o.refunded },
  { header: '상태', value: (o) => orderLabel(o.status) },
  {
    header: '취소 요청',
    value: (o) => (o.cancelRequestedAt ? formatSeoulDateTime(o.cancelRequestedAt) : ''),
  },
  { header: '리필', value: (o) => (o.latestRefill ? refillLabel(o.latestRefill.status) : '') },
  { header: '공급사', value: (o) => o.providerName ?? '' },
  { header: '공급사 주문번호', value: (o) => o.providerOrderId },
  { header: '시작 수량', value: (o) => o.startCount },
  { header: '남은 수량', value: (o) => o.remains },
  { header: '오류', value: (o) => o.lastError },
  { header: '취소 사유', value: (o) => o.cancelReason },
  { header: '전송 시도', value: (o) => o.attempts },
];
