import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MEMBER_SORTS,
  MEMBER_SORT_LABELS,
  MEMBER_STATUS_FILTERS,
  MEMBER_STATUS_FILTER_LABELS,
  formatPhoneNumber,
  formatSeoulDateTime,
  formatWon,
  type CsvColumn,
  type MemberSort,
  type MemberStatusFilter,
  formatCount,
} from '@smm/domain';
import type { AdminMemberItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import type { ColumnDef } from '@/features/admin/components/data-table';
import { PagedTable } from '@/features/admin/components/paged-table';
import { membersSearchParams, useMembers, type MembersSearch } from './api/get-members';
import { MemberStatusChip } from './member-status-chip';
import './members.css';

const DEFAULTS: MembersSearch = { q: '', status: 'all', sort: 'joined', dir: 'desc', page: 1 };

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The list's state lives in the URL (?q=&status=&sort=&dir=&page=), so reload, back and links keep it. */
export function readMembersSearch(params: URLSearchParams): MembersSearch {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: oneOf<MemberStatusFilter>(params.get('status'), MEMBER_STATUS_FILTERS, DEFAULTS.status),
    sort: oneOf<MemberSort>(params.get('sort'), MEMBER_SORTS, DEFAULTS.sort),
    dir: oneOf(params.get('dir'), ['asc', 'desc'] as const, DEFAULTS.dir),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** Table column id → the server's sort key (the other columns are not sortable server-side). */
const SORTABLE: Record<string, MemberSort> = { loginId: 'loginId', point: 'point', createdAt: 'joined' };
const COLUMN_OF: Record<MemberSort, string> = { loginId: 'loginId', point: 'point', joined: 'createdAt' };

const money = (won: number) => <span className="admin-money">{formatWon(won)}</span>;

// A sortable column needs an accessor; DataTable takes ColumnDef<Row, never>, hence the casts.
const columns: ColumnDef<AdminMemberItem, never>[] = [
  {
    id: 'loginId',
    accessorFn: (row) => row.loginId as never,
    header: '아이디',
    size: 150,
    cell: ({ row }) => (
      <Link className="member-link" to={paths.admin.member(row.original.loginId)}>
        {row.original.loginId}
      </Link>
    ),
  },
  {
    id: 'email',
    header: '이메일',
    size: 200,
    enableSorting: false,
    cell: ({ row }) => row.original.email || '-',
  },
  {
    id: 'phoneNumber',
    header: '전화번호',
    size: 130,
    enableSorting: false,
    cell: ({ row }) => (row.original.phoneNumber ? formatPhoneNumber(row.original.phoneNumber) : '-'),
  },
  {
    id: 'point',
    accessorFn: (row) => row.point as never,
    header: '보유 포인트',
    size: 120,
    cell: ({ row }) => money(row.original.point),
  },
  {
    id: 'totalCharged',
    header: '총 충전',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => money(row.original.totalCharged),
  },
  {
    id: 'totalSpent',
    header: '총 사용',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => money(row.original.totalSpent),
  },
  {
    id: 'orderCount',
    header: '주문 수',
    size: 80,
    enableSorting: false,
    cell: ({ row }) => <span className="admin-money">{formatCount(row.original.orderCount)}</span>,
  },
  {
    id: 'registerWhere',
    header: '가입 경로',
    size: 120,
    enableSorting: false,
    cell: ({ row }) => row.original.registerWhere || '-',
  },
  {
    id: 'createdAt',
    accessorFn: (row) => row.createdAt as never,
    header: '가입일',
    size: 160,
    cell: ({ row }) => formatSeoulDateTime(row.original.createdAt),
  },
  {
    id: 'status',
    header: '상태',
    size: 80,
    enableSorting: false,
    cell: ({ row }) => <MemberStatusChip suspendedAt={row.original.suspendedAt} />,
  },
];

const csvColumns: CsvColumn<AdminMemberItem>[] = [
  { header: '아이디', value: (m) => m.loginId },
  { header: '이메일', value: (m) => m.email },
  { header: '전화번호', value: (m) => (m.phoneNumber ? formatPhoneNumber(m.phoneNumber) : '') },
  { header: '보유 포인트', value: (m) => m.point },
  { header: '총 충전', value: (m) => m.totalCharged },
  { header: '총 사용', value: (m) => m.totalSpent },
  { header: '주문 수', value: (m) => m.orderCount },
  { header: '가입 경로', value: (m) => m.registerWhere },
  { header: '가입일', value: (m) => formatSeoulDateTime(m.createdAt) },
  { header: '상태', value: (m) => (m.suspendedAt ? '정지' : '이용 중') },
  { header: '정지일', value: (m) => (m.suspendedAt ? formatSeoulDateTime(m.suspendedAt) : '') },
];

/** 회원: search (id, e-mail, phone), status and order in the URL; 50 a page from the server. */
export function MembersScreen() {
  const [params, setParams] = useSearchParams();
  const search = readMembersSearch(params);
  const [draft, setDraft] = useState(search.q);
  const [lastQ, setLastQ] = useState(search.q);
  // Back / forward to another search: the box shows what is searched.
  if (lastQ !== search.q) {
    setLastQ(search.q);
    setDraft(search.q);
  }
  const members = useMembers(search);

  const go = (next: Partial<MembersSearch>) => {
    // Any change of what is listed starts again from page 1.
    setParams(new URLSearchParams(membersSearchParams({ ...search, page: 1, ...next })));
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };

  return (
    <AdminPage
      title="회원"
      description="회원을 찾아 프로필, 주문, 충전, 포인트를 확인하고 정지하거나 API 키를 초기화합니다."
    >
      <AdminSection>
        <div className="admin-filters">
          <form className="members-search" role="search" onSubmit={onSearch}>
            <TextField
              label="검색"
              type="search"
              placeholder="아이디, 이메일, 전화번호"
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" variant="secondary">
              검색
            </Button>
          </form>
          <SelectField
            label="상태"
            value={search.status}
            onChange={(event) => go({ status: event.target.value as MemberStatusFilter })}
          >
            {MEMBER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {MEMBER_STATUS_FILTER_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="정렬"
            value={`${search.sort}:${search.dir}`}
            onChange={(event) => {
              const [sort, dir] = event.target.value.split(':') as [MemberSort, 'asc' | 'desc'];
              go({ sort, dir });
            }}
          >
            {MEMBER_SORTS.flatMap((sort) =>
              (['desc', 'asc'] as const).map((dir) => (
                <option key={`${sort}:${dir}`} value={`${sort}:${dir}`}>
                  {MEMBER_SORT_LABELS[sort]} {sortDirectionLabel(sort, dir)}
                </option>
              )),
            )}
          </SelectField>
        </div>
      </AdminSection>

      <AdminSection title="회원 목록">
        <PagedTable
          label="회원 목록"
          columns={columns}
          data={members.data}
          isLoading={members.isLoading}
          isError={members.isError}
          emptyText={search.q ? '검색 결과가 없습니다.' : '회원이 없습니다.'}
          rowId={(row) => row.loginId}
          csv={{ label: '회원목록', columns: csvColumns }}
          sorting={{
            state: [{ id: COLUMN_OF[search.sort], desc: search.dir === 'desc' }],
            onChange: (next) => {
              const first = next[0];
              const sort = first ? SORTABLE[first.id] : undefined;
              if (!first || !sort)
                return go({ sort: search.sort, dir: search.dir === 'desc' ? 'asc' : 'desc' });
              go({ sort, dir: first.desc ? 'desc' : 'asc' });
            },
          }}
          page={search.page}
          hrefFor={(page) => `?${membersSearchParams({ ...search, page })}`}
          countText={(total) => `총 ${total}명`}
          pageLabel="회원 목록 페이지"
        />
      </AdminSection>
    </AdminPage>
  );
}

function sortDirectionLabel(sort: MemberSort, dir: 'asc' | 'desc'): string {
  if (sort === 'joined') return dir === 'desc' ? '최신순' : '오래된순';
  if (sort === 'point') return dir === 'desc' ? '많은순' : '적은순';
  return dir === 'asc' ? '오름차순' : '내림차순';
}
