import { Link, useSearchParams } from 'react-router';
import {
  formatSeoulDateTime,
  INQUIRY_STATE_LABELS,
  INQUIRY_STATES,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  type InquiryState,
  type InquiryType,
} from '@smm/domain';
import type { AdminInquiryItem } from '@smm/domain/contract';
import { SelectField } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import type { ColumnDef } from '@/features/admin/components/data-table';
import { PagedTable } from '@/features/admin/components/paged-table';
import { StatusTabs } from '@/features/admin/components/status-tabs';
import { useInquiryQueue, type InquiriesSearch } from './api/admin-inquiries-api';
import { InquiryStateChip, LinkedRef, waitedFor } from './inquiry-format';
import './admin-inquiries.css';

const isState = (value: string | null): value is InquiryState =>
  (INQUIRY_STATES as readonly string[]).includes(value ?? '');
const isType = (value: string | null): value is InquiryType =>
  (INQUIRY_TYPES as readonly string[]).includes(value ?? '');

/** The queue's state lives in the URL (?state=&type=&page=); without a state it shows 답변 대기. */
export function readInquiriesSearch(params: URLSearchParams): InquiriesSearch {
  const state = params.get('state');
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    state: isState(state) ? state : 'WAITING',
    type: isType(type) ? type : '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function inquiriesSearchParams(search: InquiriesSearch): string {
  const params = new URLSearchParams({ state: search.state });
  if (search.type) params.set('type', search.type);
  params.set('page', String(search.page));
  return params.toString();
}

const STATE_TABS = INQUIRY_STATES.map((state) => ({ value: state, label: INQUIRY_STATE_LABELS[state] }));

function columns(now: number): ColumnDef<AdminInquiryItem, never>[] {
  return [
    {
      id: 'waiting',
      header: '대기 시간',
      size: 110,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.waitingSince ? (
          <span title={formatSeoulDateTime(row.original.waitingSince)}>
            {waitedFor(row.original.waitingSince, now)}
          </span>
        ) : (
          <InquiryStateChip state={row.original.state} />
        ),
    },
    {
      id: 'title',
      header: '제목',
      size: 260,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="inquiries-title-cell">
          <Link className="inquiries-link" to={paths.admin.inquiry(row.original.id)}>
            {row.original.title}
          </Link>
          <span className="inquiries-muted">
            #{row.original.id} · {INQUIRY_TYPE_LABELS[row.original.type]}
          </span>
        </span>
      ),
    },
    {
      id: 'member',
      header: '회원',
      size: 120,
      enableSorting: false,
      cell: ({ row }) => (
        <Link className="inquiries-link" to={paths.admin.member(row.original.loginId)}>
          {row.original.loginId}
        </Link>
      ),
    },
    {
      id: 'linked',
      header: '연결',
      size: 100,
      enableSorting: false,
      cell: ({ row }) => <LinkedRef item={row.original} />,
    },
    {
      id: 'assignee',
      header: '담당자',
      size: 110,
      enableSorting: false,
      cell: ({ row }) => row.original.assignedLoginId ?? <span className="inquiries-muted">미지정</span>,
    },
    {
      id: 'createdAt',
      header: '문의일시',
      size: 150,
      enableSorting: false,
      cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
    },
  ];
}

/**
 * 1:1 문의 (docs/product.md#inquiries): the members' inquiries by state and type, those waiting longest
 * first (the server's order); a title opens its thread.
 */
export function InquiriesScreen() {
  const [params, setParams] = useSearchParams();
  const search = readInquiriesSearch(params);
  const queue = useInquiryQueue(search);
  const hrefOf = (next: Partial<InquiriesSearch>) =>
    `?${inquiriesSearchParams({ ...search, page: 1, ...next })}`;

  return (
    <AdminPage
      title="1:1 문의"
      description="회원의 1:1 문의를 오래 기다린 순서로 보여줍니다. 제목을 누르면 대화와 연결된 주문·충전을 보고 답변합니다."
    >
      <AdminSection>
        <StatusTabs
          label="문의 상태"
          tabs={STATE_TABS}
          current={search.state}
          hrefFor={(state) => hrefOf({ state: state as InquiryState })}
        />
        <div className="admin-filters inquiries-filters">
          <SelectField
            label="문의 유형"
            value={search.type}
            onChange={(event) =>
              setParams(
                inquiriesSearchParams({ ...search, type: event.target.value as InquiryType | '', page: 1 }),
              )
            }
          >
            <option value="">전체</option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {INQUIRY_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
        </div>
      </AdminSection>
      <AdminSection>
        <PagedTable
          label="1:1 문의 목록"
          columns={columns(Date.now())}
          data={queue.data}
          isLoading={queue.isLoading}
          isError={queue.isError}
          emptyText="조건에 맞는 문의가 없습니다."
          rowId={(row) => String(row.id)}
          page={search.page}
          hrefFor={(page) => `?${inquiriesSearchParams({ ...search, page })}`}
        />
      </AdminSection>
    </AdminPage>
  );
}
