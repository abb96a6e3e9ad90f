import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ChargeStatus, formatWon, RECEIPT_KIND_LABELS } from '@smm/domain';
import type { AdminChargeItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import type { ColumnDef } from '@/features/admin/components/data-table';
import { PagedTable } from '@/features/admin/components/paged-table';
import { useAcceptCharge } from './api/accept-charge';
import { chargesSearchParams, useCharges, type ChargesSearch } from './api/get-charges';
import { useRejectCharge } from './api/reject-charge';
import { AdminConfirmDialog } from '@/features/admin/components/admin-confirm-dialog';
import { ChargeStateChip, money, ReceiptSummary, when } from './components/points-format';
import { StatusTabs } from '@/features/admin/components/status-tabs';
import './points.css';

const STATUS_TABS = [
  { value: '0', label: '대기' },
  { value: '1', label: '수락' },
  { value: '2', label: '거절' },
  { value: 'all', label: '전체' },
] as const;

/** The list's state lives in the URL (?status=&q=&feeType=&page=): reload, back and links keep it. */
export function readChargesSearch(params: URLSearchParams): ChargesSearch {
  const status = params.get('status');
  const receiptKind = params.get('feeType');
  const page = Number(params.get('page'));
  return {
    status: STATUS_TABS.some((tab) => tab.value === status) ? (status as ChargesSearch['status']) : '0',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    receiptKind: receiptKind === '0' || receiptKind === '1' || receiptKind === '2' ? receiptKind : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

type Decision = { kind: 'accept' | 'reject'; charge: AdminChargeItem };

export function ChargesScreen() {
  const [params] = useSearchParams();
  const search = readChargesSearch(params);
  const charges = useCharges(search);
  const [decision, setDecision] = useState<Decision | null>(null);
  const hrefOf = (next: Partial<ChargesSearch>) => `?${chargesSearchParams({ ...search, page: 1, ...next })}`;

  const columns: ColumnDef<AdminChargeItem, never>[] = [
    {
      id: 'createdAt',
      accessorFn: (row) => row.createdAt as never,
      header: '신청일시',
      size: 160,
      cell: ({ row }) => when(row.original.createdAt),
    },
    {
      id: 'member',
      accessorFn: (row) => row.memberLoginId as never,
      header: '회원',
      size: 120,
      cell: ({ row }) => (
        <Link className="points-link" to={paths.admin.member(row.original.memberLoginId)}>
          {row.original.memberLoginId}
        </Link>
      ),
    },
    {
      id: 'depositorName',
      accessorFn: (row) => row.depositorName as never,
      header: '입금자명',
      size: 110,
    },
    {
      id: 'point',
      accessorFn: (row) => row.point as never,
      header: '충전 포인트',
      size: 110,
      cell: ({ row }) => money(row.original.point),
    },
    {
      id: 'payable',
      accessorFn: (row) => row.payable as never,
      header: '입금할 금액',
      size: 110,
      cell: ({ row }) => money(row.original.payable),
    },
    {
      id: 'receipt',
      header: '증빙',
      size: 170,
      enableSorting: false,
      cell: ({ row }) => <ReceiptSummary charge={row.original} />,
    },
    {
      id: 'status',
      accessorFn: (row) => row.status as never,
      header: '상태',
      size: 160,
      cell: ({ row }) => {
        const charge = row.original;
        return (
          <span className="points-stack">
            <ChargeStateChip charge={charge} />
            {charge.responseAt && (
              <span className="points-muted">
                {when(charge.responseAt)}
                {charge.decidedBy
                  ? ` · ${charge.decidedBy}`
                  : charge.depositId
                    ? ` · 입금 #${charge.depositId}`
                    : ''}
              </span>
            )}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: '처리',
      size: 140,
      enableSorting: false,
      cell: ({ row }) => {
        const charge = row.original;
        if (charge.status === ChargeStatus.SUCCESS) return <span className="points-muted">완료</span>;
        return (
          <div className="admin-row-actions">
            <Button size="sm" onClick={() => setDecision({ kind: 'accept', charge })}>
              수락
            </Button>
            {charge.status === ChargeStatus.PENDING && (
              <Button size="sm" variant="outline" onClick={() => setDecision({ kind: 'reject', charge })}>
                거절
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <AdminPage
      title="충전 신청"
      description="무통장 입금 충전 신청을 확인하고 수락하거나 거절합니다. 입금이 자동으로 확인되면 저절로 수락됩니다."
    >
      <AdminSection>
        <StatusTabs
          label="충전 신청 상태"
          tabs={STATUS_TABS}
          current={search.status}
          hrefFor={(status) => hrefOf({ status: status as ChargesSearch['status'] })}
        />
        <ChargeFilters key={`${search.q}|${search.receiptKind}`} search={search} />
      </AdminSection>
      <AdminSection>
        <PagedTable
          label="충전 신청 목록"
          columns={columns}
          data={charges.data}
          isLoading={charges.isLoading}
          isError={charges.isError}
          emptyText="조건에 맞는 충전 신청이 없습니다."
          rowId={(row) => String(row.id)}
          page={search.page}
          hrefFor={(page) => `?${chargesSearchParams({ ...search, page })}`}
        />
      </AdminSection>
      {decision && <DecisionDialog decision={decision} onClose={() => setDecision(null)} />}
    </AdminPage>
  );
}

/** Search and receipt kind: applied on submit, written to the URL. */
function ChargeFilters({ search }: { search: ChargesSearch }) {
  const [, setParams] = useSearchParams();
  const [q, setQ] = useState(search.q);
  const [receiptKind, setReceiptKind] = useState(search.receiptKind);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(chargesSearchParams({ ...search, q: q.trim(), receiptKind, page: 1 }));
  };
  return (
    <form className="admin-filters points-filters" role="search" onSubmit={submit}>
      <TextField
        label="회원 아이디 또는 입금자명"
        value={q}
        maxLength={100}
        placeholder="예: hong123, 홍길동"
        onChange={(event) => setQ(event.target.value)}
      />
      <SelectField
        label="증빙"
        value={receiptKind}
        onChange={(event) => setReceiptKind(event.target.value as ChargesSearch['receiptKind'])}
      >
        <option value="">전체</option>
        <option value="1">{RECEIPT_KIND_LABELS[1]}</option>
        <option value="0">{RECEIPT_KIND_LABELS[0]}</option>
        <option value="2">{RECEIPT_KIND_LABELS[2]}</option>
      </SelectField>
      <Button type="submit" variant="secondary">
        검색
      </Button>
    </form>
  );
}

/** Accept or reject one charge after a look at its figures; the memo goes to the audit log. */
export function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const accept = useAcceptCharge();
  const reject = useRejectCharge();
  const { charge, kind } = decision;
  const mutation = kind === 'accept' ? accept : reject;

  const confirm = async (memo: string) => {
    try {
      const result = await mutation.mutateAsync({ chargeId: charge.id, memo });
      if (kind === 'accept') {
        toast.success(
          result.changed
            ? `충전 신청을 수락했습니다. ${charge.memberLoginId}님에게 ${formatWon(charge.point)}이 충전되었습니다.`
            : '이미 수락된 충전 신청입니다.',
        );
      } else {
        toast.success(
          result.changed ? '충전 신청을 거절했습니다.' : '이미 거절되었거나 만료된 충전 신청입니다.',
        );
      }
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    }
  };

  return (
    <AdminConfirmDialog
      memo
      title={kind === 'accept' ? '충전 신청 수락' : '충전 신청 거절'}
      confirmLabel={kind === 'accept' ? '수락하기' : '거절하기'}
      danger={kind === 'reject'}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
      description={
        <>
          <dl className="points-facts">
            <dt>회원</dt>
            <dd>{charge.memberLoginId}</dd>
            <dt>입금자명</dt>
            <dd>{charge.depositorName}</dd>
            <dt>충전 포인트</dt>
            <dd>{formatWon(charge.point)}</dd>
            <dt>입금할 금액</dt>
            <dd>{formatWon(charge.payable)}</dd>
          </dl>
          <p>
            {kind === 'accept'
              ? '통장에서 입금을 확인한 뒤 수락해주세요. 수락하면 회원 잔액에 포인트가 바로 충전됩니다.'
              : '거절하면 이 신청으로는 충전되지 않습니다. 나중에 입금이 들어오면 입금 내역에서 연결할 수 있습니다.'}
          </p>
        </>
      }
    />
  );
}
