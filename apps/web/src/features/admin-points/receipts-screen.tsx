import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { toast } from '@/lib/toast';
import {
  formatBusinessNumber,
  formatPhoneNumber,
  formatWon,
  RECEIPT_KIND_LABELS,
  RECEIPT_STATUS_LABELS,
} from '@smm/domain';
import type { ReceiptItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import type { ColumnDef } from '@/features/admin/components/data-table';
import { PagedTable } from '@/features/admin/components/paged-table';
import { downloadReceiptsCsv } from './api/download-receipts-csv';
import { receiptsSearchParams, useReceipts, type ReceiptsSearch } from './api/get-receipts';
import { useIssueReceipt } from './api/issue-receipt';
import { AdminConfirmDialog } from '@/features/admin/components/admin-confirm-dialog';
import { money, when } from './components/points-format';
import { StatusTabs } from '@/features/admin/components/status-tabs';
import './points.css';

const STATUS_TABS = [
  { value: 'todo', label: RECEIPT_STATUS_LABELS.todo },
  { value: 'done', label: RECEIPT_STATUS_LABELS.done },
];

export function readReceiptsSearch(params: URLSearchParams): ReceiptsSearch {
  const kind = params.get('kind');
  const page = Number(params.get('page'));
  return {
    status: params.get('status') === 'done' ? 'done' : 'todo',
    kind: kind === '0' || kind === '1' ? kind : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

const text = (value: string | undefined) => value || '-';

export function ReceiptsScreen() {
  const [params, setParams] = useSearchParams();
  const search = readReceiptsSearch(params);
  const receipts = useReceipts(search);
  const [issuing, setIssuing] = useState<ReceiptItem | null>(null);
  const [downloading, setDownloading] = useState(false);

  const exportCsv = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      const fileName = await downloadReceiptsCsv({ status: search.status, kind: search.kind });
      toast.success(`${fileName} 파일을 내려받았습니다.`);
    } catch (error) {
      toast.error(errorMessage(error, 'CSV 파일을 만들지 못했습니다. 잠시 후 다시 시도해주세요.'));
    } finally {
      setDownloading(false);
    }
  };

  const columns: ColumnDef<ReceiptItem, never>[] = [
    {
      id: 'chargeId',
      accessorFn: (row) => row.chargeId as never,
      header: '충전 번호',
      size: 90,
      cell: ({ row }) => `#${row.original.chargeId}`,
    },
    {
      id: 'kind',
      accessorFn: (row) => row.kind as never,
      header: '종류',
      size: 100,
      cell: ({ row }) => (
        <span className={row.original.kind === 1 ? 'admin-chip' : 'admin-chip admin-chip-muted'}>
          {RECEIPT_KIND_LABELS[row.original.kind]}
        </span>
      ),
    },
    {
      id: 'creditedAt',
      accessorFn: (row) => (row.creditedAt ?? '') as never,
      header: '입금 확인',
      size: 160,
      cell: ({ row }) => when(row.original.creditedAt),
    },
    {
      id: 'member',
      accessorFn: (row) => row.memberLoginId as never,
      header: '회원 / 입금자',
      size: 130,
      cell: ({ row }) => (
        <span className="points-stack">
          <Link className="points-link" to={paths.admin.member(row.original.memberLoginId)}>
            {row.original.memberLoginId}
          </Link>
          <span className="points-muted">{row.original.depositorName}</span>
        </span>
      ),
    },
    {
      id: 'company',
      header: '상호(법인명) / 대표자',
      size: 170,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="points-stack">
          <span>{text(row.original.details.company)}</span>
          {row.original.details.leader && <span className="points-muted">{row.original.details.leader}</span>}
        </span>
      ),
    },
    {
      id: 'businessNumber',
      header: '사업자등록번호',
      size: 130,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.details.businessNumber ? formatBusinessNumber(row.original.details.businessNumber) : '-',
    },
    {
      id: 'jobType',
      header: '업태 / 종목',
      size: 130,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.details.jobType
          ? `${row.original.details.jobType} / ${text(row.original.details.jobType2)}`
          : '-',
    },
    {
      id: 'address',
      header: '사업장 주소',
      size: 200,
      enableSorting: false,
      cell: ({ row }) => text(row.original.details.address),
    },
    {
      id: 'contact',
      header: '이메일 / 연락처',
      size: 190,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="points-stack">
          {row.original.details.email && <span>{row.original.details.email}</span>}
          <span className={row.original.details.email ? 'points-muted' : undefined}>
            {row.original.details.phone ? formatPhoneNumber(row.original.details.phone) : '-'}
          </span>
        </span>
      ),
    },
    {
      id: 'supplyAmount',
      accessorFn: (row) => row.supplyAmount as never,
      header: '공급가액',
      size: 110,
      cell: ({ row }) => money(row.original.supplyAmount),
    },
    {
      id: 'vatAmount',
      accessorFn: (row) => row.vatAmount as never,
      header: '부가세',
      size: 100,
      cell: ({ row }) => money(row.original.vatAmount),
    },
    {
      id: 'totalAmount',
      accessorFn: (row) => row.totalAmount as never,
      header: '합계',
      size: 110,
      cell: ({ row }) => money(row.original.totalAmount),
    },
    {
      id: 'issue',
      header: '처리',
      size: 150,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.issuedAt ? (
          <span className="points-stack">
            <span className="admin-chip admin-chip-success">발행 완료</span>
            <span className="points-muted">
              {when(row.original.issuedAt)}
              {row.original.issuedBy ? ` · ${row.original.issuedBy}` : ''}
            </span>
          </span>
        ) : (
          <Button size="sm" onClick={() => setIssuing(row.original)}>
            발행 완료 처리
          </Button>
        ),
    },
  ];

  return (
    <AdminPage
      title="증빙 발행"
      description="입금이 확인된 충전 중 세금계산서나 현금영수증을 신청한 건입니다. 홈택스에서 발행한 뒤 발행 완료로 표시해주세요."
      actions={
        <Button variant="secondary" onClick={exportCsv} disabled={downloading}>
          <Download size={15} aria-hidden />
          {downloading ? '만드는 중…' : 'CSV 내보내기'}
        </Button>
      }
    >
      <AdminSection>
        <div className="points-toolbar">
          <StatusTabs
            label="발행 상태"
            tabs={STATUS_TABS}
            current={search.status}
            hrefFor={(status) =>
              `?${receiptsSearchParams({ ...search, status: status as ReceiptsSearch['status'], page: 1 })}`
            }
          />
          <div className="admin-filters">
            <SelectField
              label="증빙 종류"
              value={search.kind}
              onChange={(event) =>
                setParams(
                  receiptsSearchParams({
                    ...search,
                    kind: event.target.value as ReceiptsSearch['kind'],
                    page: 1,
                  }),
                )
              }
            >
              <option value="">전체</option>
              <option value="1">{RECEIPT_KIND_LABELS[1]}</option>
              <option value="0">{RECEIPT_KIND_LABELS[0]}</option>
            </SelectField>
          </div>
        </div>
      </AdminSection>
      <AdminSection>
        <PagedTable
          label="증빙 발행 목록"
          columns={columns}
          data={receipts.data}
          isLoading={receipts.isLoading}
          isError={receipts.isError}
          emptyText={search.status === 'todo' ? '처리할 증빙이 없습니다.' : '발행 완료된 증빙이 없습니다.'}
          rowId={(row) => String(row.chargeId)}
          page={search.page}
          hrefFor={(page) => `?${receiptsSearchParams({ ...search, page })}`}
        />
      </AdminSection>
      {issuing && <IssueDialog receipt={issuing} onClose={() => setIssuing(null)} />}
    </AdminPage>
  );
}

function IssueDialog({ receipt, onClose }: { receipt: ReceiptItem; onClose: () => void }) {
  const issue = useIssueReceipt();
  const kind = RECEIPT_KIND_LABELS[receipt.kind];
  const confirm = async (memo: string) => {
    try {
      const result = await issue.mutateAsync({ chargeId: receipt.chargeId, memo });
      toast.success(result.changed ? `${kind} 발행 완료로 표시했습니다.` : '이미 발행 완료된 증빙입니다.');
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    }
  };
  return (
    <AdminConfirmDialog
      memo
      title={`${kind} 발행 완료 처리`}
      confirmLabel="발행 완료로 표시"
      pending={issue.isPending}
      onConfirm={confirm}
      onClose={onClose}
      description={
        <>
          <dl className="points-facts">
            <dt>충전 번호</dt>
            <dd>#{receipt.chargeId}</dd>
            <dt>{receipt.kind === 1 ? '상호' : '휴대전화'}</dt>
            <dd>
              {receipt.kind === 1
                ? text(receipt.details.company)
                : receipt.details.phone
                  ? formatPhoneNumber(receipt.details.phone)
                  : '-'}
            </dd>
            <dt>합계</dt>
            <dd>
              {formatWon(receipt.totalAmount)} (공급가액 {formatWon(receipt.supplyAmount)}, 부가세{' '}
              {formatWon(receipt.vatAmount)})
            </dd>
          </dl>
          <p>홈택스에서 발행을 마친 뒤 표시해주세요. 누가 언제 표시했는지 감사 로그에 남습니다.</p>
        </>
      }
    />
  );
}
