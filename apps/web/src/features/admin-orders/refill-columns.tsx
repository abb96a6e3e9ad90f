import {
  RefillStatus,
  formatSeoulDateTime,
  isOpenRefillStatus,
  refillRejectRefusal,
  refillResendReached,
  refillResendRefusal,
  type CsvColumn,
} from '@smm/domain';
import type { AdminRefillItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import type { ColumnDef } from '@/features/admin/components/data-table';
import type { RefillAction } from './refill-action-dialog';

const SOURCE_LABELS: Record<string, string> = { member: '회원', api: 'API', operator: '운영자' };
const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

function RefillStatusChip({ refill }: { refill: AdminRefillItem }) {
  const tone =
    refill.status === RefillStatus.COMPLETED
      ? 'admin-chip admin-chip-success'
      : refill.status === RefillStatus.REJECTED
        ? 'admin-chip admin-chip-danger'
        : 'admin-chip';
  return <span className={tone}>{refill.statusLabel}</span>;
}

const none = <span className="orders-none">-</span>;

/** The 리필 요청 tab's columns: the refill, its order, the provider's answer and the operator's actions. */
export function refillColumns(open: (action: RefillAction) => void): ColumnDef<AdminRefillItem, never>[] {
  return [
    {
      id: 'id',
      header: '리필번호',
      size: 90,
      enableSorting: false,
      cell: ({ row }) => <span className="admin-money">{row.original.id}</span>,
    },
    {
      id: 'status',
      header: '상태',
      size: 80,
      enableSorting: false,
      cell: ({ row }) => <RefillStatusChip refill={row.original} />,
    },
    {
      id: 'createdAt',
      header: '요청 일시',
      size: 138,
      enableSorting: false,
      cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
    },
    {
      id: 'member',
      header: '회원',
      size: 110,
      enableSorting: false,
      cell: ({ row }) => row.original.order.memberLoginId,
    },
    {
      id: 'order',
      header: '주문',
      size: 200,
      enableSorting: false,
      cell: ({ row }) => (
        <span title={`${row.original.order.serviceText}\n${row.original.order.link}`}>
          <span className="admin-money">#{row.original.order.id}</span> {row.original.order.serviceText}
        </span>
      ),
    },
    {
      id: 'link',
      header: '링크',
      size: 180,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="orders-link" title={row.original.order.link}>
          {row.original.order.link}
        </span>
      ),
    },
    {
      id: 'provider',
      header: '공급사',
      size: 150,
      enableSorting: false,
      cell: ({ row }) => {
        const { order, providerRefillId } = row.original;
        return (
          <span title={order.providerOrderId ? `공급사 주문번호 ${order.providerOrderId}` : undefined}>
            {order.providerName ?? '-'}
            {providerRefillId ? <span className="orders-none"> · 리필 {providerRefillId}</span> : null}
          </span>
        );
      },
    },
    {
      id: 'reason',
      header: '공급사 응답·사유',
      size: 200,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.reason ? (
          <span className="orders-error" title={row.original.reason}>
            {row.original.attempts > 0 ? `(${row.original.attempts}회) ` : ''}
            {row.original.reason}
          </span>
        ) : (
          none
        ),
    },
    {
      id: 'finishedAt',
      header: '종료 일시',
      size: 138,
      enableSorting: false,
      cell: ({ row }) => (row.original.finishedAt ? formatSeoulDateTime(row.original.finishedAt) : none),
    },
    {
      id: 'source',
      header: '요청',
      size: 70,
      enableSorting: false,
      cell: ({ row }) => sourceLabel(row.original.source),
    },
    {
      id: 'actions',
      header: '작업',
      size: 150,
      enableSorting: false,
      enableResizing: false,
      cell: ({ row }) => <RefillRowActions refill={row.original} open={open} />,
    },
  ];
}

function RefillRowActions({
  refill,
  open,
}: {
  refill: AdminRefillItem;
  open: (action: RefillAction) => void;
}) {
  const now = new Date();
  const canResend = refillResendRefusal(refill, now) === null && !refillResendReached(refill, now);
  const canReject = isOpenRefillStatus(refill.status) && refillRejectRefusal(refill, now) === null;
  if (!canResend && !canReject) return none;
  return (
    <div className="admin-row-actions">
      {canResend && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => open({ kind: 'resend', refill })}
          aria-label={`리필 ${refill.id} 재전송`}
        >
          재전송
        </Button>
      )}
      {canReject && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => open({ kind: 'reject', refill })}
          aria-label={`리필 ${refill.id} 거절`}
        >
          거절
        </Button>
      )}
    </div>
  );
}

export const refillCsvColumns: CsvColumn<AdminRefillItem>[] = [
  { header: '리필번호', value: (r) => r.id },
  { header: '상태', value: (r) => r.statusLabel },
  { header: '요청 일시', value: (r) => formatSeoulDateTime(r.createdAt) },
  { header: '회원', value: (r) => r.order.memberLoginId },
  { header: '주문번호', value: (r) => r.order.id },
  { header: '상품', value: (r) => r.order.serviceText },
  { header: '링크', value: (r) => r.order.link },
  { header: '공급사', value: (r) => r.order.providerName },
  { header: '공급사 주문번호', value: (r) => r.order.providerOrderId },
  { header: '공급사 리필번호', value: (r) => r.providerRefillId },
  { header: '사유', value: (r) => r.reason },
  { header: '시도', value: (r) => r.attempts },
  { header: '종료 일시', value: (r) => (r.finishedAt ? formatSeoulDateTime(r.finishedAt) : '') },
  { header: '요청', value: (r) => sourceLabel(r.source) },
];
