import { useSearchParams } from 'react-router';
import { LEDGER_REASON_LABELS, formatWon, ledgerReferenceLabel } from '@smm/domain';
import type { MemberLedgerItem } from '@smm/domain/contract';
import { AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import type { ColumnDef } from '@/features/admin/components/data-table';
import { PagedTable } from '@/features/admin/components/paged-table';
import { useMemberLedger } from './api/get-member-ledger';
import { money, when } from './components/points-format';
import { PointAdjustmentForm } from './components/point-adjustment-form';
import './points.css';

const columns: ColumnDef<MemberLedgerItem, never>[] = [
  {
    id: 'createdAt',
    header: '일시',
    size: 160,
    enableSorting: false,
    cell: ({ row }) => when(row.original.createdAt),
  },
  {
    id: 'reason',
    header: '구분',
    size: 110,
    enableSorting: false,
    cell: ({ row }) => row.original.reasonLabel || LEDGER_REASON_LABELS[row.original.reason],
  },
  {
    id: 'reference',
    header: '근거',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => ledgerReferenceLabel(row.original.reason, row.original.reference),
  },
  {
    id: 'delta',
    header: '변동',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => (
      <span className={`admin-money ${row.original.delta > 0 ? 'points-plus' : 'points-minus'}`}>
        {row.original.delta > 0 ? '+' : '−'}
        {formatWon(Math.abs(row.original.delta))}
      </span>
    ),
  },
  {
    id: 'balanceAfter',
    header: '변동 후 잔액',
    size: 130,
    enableSorting: false,
    cell: ({ row }) => money(row.original.balanceAfter),
  },
];

/**
 * A member's point ledger and the manual balance adjustment form, shown on the member's page
 * (members/member-detail-screen.tsx embeds it). The ledger's page is `?ledgerPage=` so the member
 * page's own parameters stay as they are.
 */
export function MemberLedgerPanel({ loginId }: { loginId: string }) {
  const [params] = useSearchParams();
  const requested = Number(params.get('ledgerPage'));
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const ledger = useMemberLedger(loginId, page);
  const hrefFor = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set('ledgerPage', String(next));
    return `?${copy.toString()}`;
  };

  if (ledger.isError && !ledger.data) {
    return (
      <AdminSection title="포인트 내역">
        <AdminStatus kind="error">포인트 내역을 불러오지 못했습니다.</AdminStatus>
      </AdminSection>
    );
  }
  const data = ledger.data;
  return (
    <div className="points-ledger">
      <AdminSection title="잔액 조정">
        <p className="points-balance">
          현재 잔액 <strong>{data ? formatWon(data.balance) : '…'}</strong>
        </p>
        <PointAdjustmentForm loginId={loginId} />
      </AdminSection>
      <AdminSection title="포인트 내역">
        <PagedTable
          label="포인트 내역"
          columns={columns}
          data={data}
          page={page}
          hrefFor={hrefFor}
          countText={null}
          pageLabel="포인트 내역 페이지"
          isLoading={ledger.isLoading}
          emptyText="포인트 변동 내역이 없습니다."
          rowId={(row) => String(row.id)}
        />
      </AdminSection>
    </div>
  );
}
