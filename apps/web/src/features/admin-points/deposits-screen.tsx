import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEPOSIT_SOURCE_LABELS, DEPOSIT_STATUS_LABELS } from '@smm/domain';
import type { AdminDepositListItem, DepositStatus } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import type { ColumnDef } from '@/features/admin/components/data-table';
import { PagedTable } from '@/features/admin/components/paged-table';
import { depositsSearchParams, useDeposits, type DepositsSearch } from './api/get-deposits';
import { AttachDepositDialog } from './components/attach-deposit-dialog';
import { HELD_DEPOSITS } from './components/attach-held-deposit-dialog';
import { DepositNote, money, when } from './components/points-format';
import { OperatorDepositDialog } from './components/operator-deposit-dialog';
import { StatusTabs } from '@/features/admin/components/status-tabs';
import './points.css';

// The deposits that need a person come first; 미확인 is where a screen opens. 중복 의심 (a transfer
// already reported, reported again) comes after them: usually nothing to do, unless a member paid twice.
const STATUS_ORDER = ['UNMATCHED', 'LATE', 'UNPARSED', 'DUPLICATE', 'MATCHED', 'RECEIVED'] as const;
const STATUS_TABS = [
  ...STATUS_ORDER.map((status) => ({ value: status, label: DEPOSIT_STATUS_LABELS[status] })),
  { value: 'all', label: '전체' },
];

const CHIP_OF: Record<DepositStatus, string> = {
  RECEIVED: 'admin-chip admin-chip-muted',
  MATCHED: 'admin-chip admin-chip-success',
  UNMATCHED: 'admin-chip admin-chip-danger',
  LATE: 'admin-chip',
  UNPARSED: 'admin-chip admin-chip-danger',
  DUPLICATE: 'admin-chip admin-chip-muted',
};

export function readDepositsSearch(params: URLSearchParams): DepositsSearch {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: STATUS_TABS.some((tab) => tab.value === status)
      ? (status as DepositsSearch['status'])
      : 'UNMATCHED',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function DepositsScreen() {
  const [params] = useSearchParams();
  const search = readDepositsSearch(params);
  const deposits = useDeposits(search);
  const [attaching, setAttaching] = useState<AdminDepositListItem | null>(null);
  const [entering, setEntering] = useState(false);

  const columns: ColumnDef<AdminDepositListItem, never>[] = [
    {
      id: 'createdAt',
      accessorFn: (row) => row.createdAt as never,
      header: '받은 시각',
      size: 160,
      cell: ({ row }) => (
        <span className="points-stack">
          <span>{when(row.original.createdAt)}</span>
          {row.original.depositedAt && row.original.depositedAt !== row.original.createdAt && (
            <span className="points-muted">입금 {when(row.original.depositedAt)}</span>
          )}
        </span>
      ),
    },
    {
      id: 'source',
      header: '출처',
      size: 90,
      enableSorting: false,
      cell: ({ row }) => DEPOSIT_SOURCE_LABELS[row.original.source],
    },
    {
      id: 'bank',
      header: '은행',
      size: 80,
      enableSorting: false,
      // The receiving account's visible tail under the bank (`KB`, `··789`): two deposits alike in
      // name, amount and time but in different accounts are different transfers.
      cell: ({ row }) => {
        const { bank, accountTail } = row.original;
        if (accountTail === null) return bank ?? '-';
        return (
          <span className="points-stack">
            <span>{bank ?? '-'}</span>
            <span className="points-muted" title={`받은 계좌 끝자리 ${accountTail}`}>
              ··{accountTail}
            </span>
          </span>
        );
      },
    },
    {
      id: 'depositorName',
      accessorFn: (row) => (row.depositorName ?? '') as never,
      header: '입금자',
      size: 110,
      cell: ({ row }) => row.original.depositorName ?? '-',
    },
    {
      id: 'amount',
      accessorFn: (row) => (row.amount ?? -1) as never,
      header: '금액',
      size: 110,
      cell: ({ row }) => money(row.original.amount),
    },
    {
      id: 'rawText',
      header: '원문 · 사유',
      size: 240,
      enableSorting: false,
      cell: ({ row }) => <DepositNote deposit={row.original} inCell />,
    },
    {
      id: 'status',
      accessorFn: (row) => row.status as never,
      header: '상태',
      size: 150,
      cell: ({ row }) => (
        <span className="points-stack">
          <span className={CHIP_OF[row.original.status]}>{DEPOSIT_STATUS_LABELS[row.original.status]}</span>
          {row.original.duplicateOf !== null && (
            <span className="points-muted">먼저 받은 입금 #{row.original.duplicateOf}</span>
          )}
          {row.original.original && (
            // The earlier report beside this one: its name may differ (the sender's text read two ways).
            <span className="points-muted">
              {row.original.original.depositorName ?? '-'} ·{' '}
              {DEPOSIT_SOURCE_LABELS[row.original.original.source]}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'charge',
      header: '연결된 충전',
      size: 150,
      enableSorting: false,
      cell: ({ row }) => {
        const deposit = row.original;
        if (deposit.chargeId === null) return '-';
        return (
          <span className="points-stack">
            <span>#{deposit.chargeId}</span>
            {deposit.status === 'LATE' && <span className="points-muted">기한이 지난 신청</span>}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: '처리',
      size: 130,
      enableSorting: false,
      cell: ({ row }) =>
        HELD_DEPOSITS.includes(row.original.status) ? (
          <Button size="sm" onClick={() => setAttaching(row.original)}>
            충전에 연결
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminPage
      title="입금 내역"
      description="은행 알림과 문자로 들어온 입금입니다. 충전 신청에 자동으로 연결되지 않은 입금을 확인해 연결해주세요."
      actions={<Button onClick={() => setEntering(true)}>입금 직접 등록</Button>}
    >
      <AdminSection>
        <StatusTabs
          label="입금 상태"
          tabs={STATUS_TABS}
          current={search.status}
          hrefFor={(status) =>
            `?${depositsSearchParams({ status: status as DepositsSearch['status'], page: 1 })}`
          }
        />
      </AdminSection>
      <AdminSection>
        <PagedTable
          label="입금 목록"
          columns={columns}
          data={deposits.data}
          isLoading={deposits.isLoading}
          isError={deposits.isError}
          emptyText="이 상태의 입금이 없습니다."
          rowId={(row) => String(row.id)}
          page={search.page}
          hrefFor={(page) => `?${depositsSearchParams({ ...search, page })}`}
        />
        <p className="points-hint">
          충전된 회원의 내역은 <Link to={`${paths.admin.charges}?status=1`}>충전 신청</Link>에서 확인할 수
          있습니다.
        </p>
      </AdminSection>
      {attaching && <AttachDepositDialog deposit={attaching} onClose={() => setAttaching(null)} />}
      {entering && <OperatorDepositDialog onClose={() => setEntering(false)} />}
    </AdminPage>
  );
}
