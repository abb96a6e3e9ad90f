import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import {
  auditActionLabel,
  auditTargetLabel,
  auditTargetName,
  formatSeoulDateTime,
  parseSeoulDate,
  type CsvColumn,
  formatCount,
} from '@smm/domain';
import type { AuditLogItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { lastPageOf, Pagination } from '@/components/ui/pagination';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import { DataTable, type ColumnDef } from '@/features/admin/components/data-table';
import { useAuditFilters } from './api/get-audit-filters';
import { auditSearchParams, useAuditLog, type AuditSearch } from './api/get-audit-log';
import { AuditChanges } from './audit-changes';
import { auditChangeLine, auditChanges, auditEntryKind } from './audit-diff';
import './audit.css';

const EMPTY: AuditSearch = { action: '', operator: '', targetType: '', q: '', from: '', to: '', page: 1 };

const text = (params: URLSearchParams, key: string, max: number) =>
  (params.get(key) ?? '').trim().slice(0, max);
const date = (params: URLSearchParams, key: string) => {
  const value = text(params, key, 10);
  return parseSeoulDate(value) ? value : '';
};

/** The screen's state lives in the URL (?action=&operator=&targetType=&q=&from=&to=&page=): reload and links keep it. */
export function readAuditSearch(params: URLSearchParams): AuditSearch {
  const page = Number(params.get('page'));
  return {
    action: text(params, 'action', 60),
    operator: text(params, 'operator', 60),
    targetType: text(params, 'targetType', 60),
    q: text(params, 'q', 100),
    from: date(params, 'from'),
    to: date(params, 'to'),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** Choices from the log, plus the current value when the log no longer holds it (a shared link). */
const withCurrent = (choices: readonly string[] | undefined, current: string) =>
  current && !(choices ?? []).includes(current) ? [...(choices ?? []), current] : [...(choices ?? [])];

const targetOf = (row: AuditLogItem) => ({ type: row.targetType, id: row.targetId });

/** One line per changed field, in the same words as the screen, for the CSV. */
const changesText = (row: AuditLogItem) => {
  const kind = auditEntryKind(row.before, row.after);
  const lines = auditChanges(row.before, row.after).map((c) => auditChangeLine(c, kind, targetOf(row)));
  const caption = { create: '새로 만듦', delete: '삭제함', change: null }[kind];
  return (caption ? [caption, ...lines] : lines).join('\n');
};

const csvColumns: CsvColumn<AuditLogItem>[] = [
  { header: '시각', value: (row) => formatSeoulDateTime(row.createdAt) },
  { header: '운영자', value: (row) => row.operatorLoginId },
  { header: '작업', value: (row) => auditActionLabel(row.action) },
  { header: '작업 코드', value: (row) => row.action },
  { header: '대상 종류', value: (row) => auditTargetLabel(row.targetType) },
  { header: '대상', value: (row) => auditTargetName(row.targetType, row.targetId) },
  { header: '대상 ID', value: (row) => row.targetId },
  { header: '메모', value: (row) => row.memo },
  { header: '변경 내용', value: changesText },
  { header: '변경 전', value: (row) => JSON.stringify(row.before ?? null) },
  { header: '변경 후', value: (row) => JSON.stringify(row.after ?? null) },
];

function TargetCell({ row }: { row: AuditLogItem }) {
  const label = auditTargetLabel(row.targetType);
  return (
    <span className="audit-target">
      <span className="audit-target-type">{label}</span>
      {row.targetType === 'member' ? (
        <Link to={paths.admin.member(row.targetId)}>{row.targetId}</Link>
      ) : (
        <span className="audit-target-id" title={row.targetId}>
          {auditTargetName(row.targetType, row.targetId)}
        </span>
      )}
    </span>
  );
}

const columns: ColumnDef<AuditLogItem, never>[] = [
  {
    id: 'createdAt',
    accessorFn: (row) => row.createdAt as never,
    header: '시각',
    size: 160,
    cell: ({ row }) => <span className="audit-time">{formatSeoulDateTime(row.original.createdAt)}</span>,
  },
  { id: 'operator', accessorFn: (row) => row.operatorLoginId as never, header: '운영자', size: 110 },
  {
    id: 'action',
    accessorFn: (row) => auditActionLabel(row.action) as never,
    header: '작업',
    size: 150,
    cell: ({ row }) => (
      <span className="admin-chip audit-action" title={row.original.action}>
        {auditActionLabel(row.original.action)}
      </span>
    ),
  },
  {
    id: 'target',
    accessorFn: (row) => `${row.targetType}:${row.targetId}` as never,
    header: '대상',
    size: 150,
    cell: ({ row }) => <TargetCell row={row.original} />,
  },
  {
    id: 'memo',
    header: '메모',
    size: 180,
    enableSorting: false,
    cell: ({ row }) => row.original.memo || <span className="audit-none">-</span>,
  },
  {
    id: 'changes',
    header: '변경 내용',
    size: 340,
    enableSorting: false,
    cell: ({ row }) => (
      <AuditChanges before={row.original.before} after={row.original.after} target={targetOf(row.original)} />
    ),
  },
];

/**
 * The filters. Drop-downs apply at once; the text and date fields apply with 검색 (or Enter). The form
 * is re-made whenever the URL changes (back, a link), so it always shows what the list is filtered by.
 */
function AuditFilters({ search, onApply }: { search: AuditSearch; onApply: (next: AuditSearch) => void }) {
  const [draft, setDraft] = useState(search);
  const choices = useAuditFilters().data;
  const set = (key: keyof AuditSearch) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (next: AuditSearch) => {
    if (next.from && next.to && next.from > next.to) {
      toast.error('기간의 시작일이 종료일보다 늦습니다. 다시 선택해주세요.');
      return;
    }
    onApply({ ...next, page: 1 });
  };
  const choose = (key: 'action' | 'operator' | 'targetType') => (value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    apply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const filtered = Object.entries(search).some(([key, value]) => key !== 'page' && value !== '');

  return (
    <form className="admin-filters audit-filters" onSubmit={submit} role="search" aria-label="감사 로그 검색">
      <SelectField label="작업" value={draft.action} onChange={(e) => choose('action')(e.target.value)}>
        <option value="">전체</option>
        {withCurrent(choices?.actions, draft.action).map((action) => (
          <option key={action} value={action}>
            {auditActionLabel(action)}
          </option>
        ))}
      </SelectField>
      <SelectField label="운영자" value={draft.operator} onChange={(e) => choose('operator')(e.target.value)}>
        <option value="">전체</option>
        {withCurrent(choices?.operators, draft.operator).map((operator) => (
          <option key={operator} value={operator}>
            {operator}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="대상 종류"
        value={draft.targetType}
        onChange={(e) => choose('targetType')(e.target.value)}
      >
        <option value="">전체</option>
        {withCurrent(choices?.targetTypes, draft.targetType).map((type) => (
          <option key={type} value={type}>
            {auditTargetLabel(type)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="대상 ID·메모 검색"
        type="search"
        value={draft.q}
        maxLength={100}
        placeholder="아이디, 메모 내용"
        onChange={(e) => set('q')(e.target.value)}
      />
      <TextField
        label="시작일"
        type="date"
        value={draft.from}
        onChange={(e) => set('from')(e.target.value)}
      />
      <TextField label="종료일" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
      <div className="audit-filter-actions">
        <Button type="submit" size="md">
          검색
        </Button>
        {filtered && (
          <Button type="button" size="md" variant="ghost" onClick={() => onApply(EMPTY)}>
            초기화
          </Button>
        )}
      </div>
    </form>
  );
}

export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const search = readAuditSearch(params);
  const { data, isLoading, isError, isFetching } = useAuditLog(search);
  const lastPage = data ? lastPageOf(data.total, data.pageSize) : 1;
  const hrefFor = (page: number) => {
    const query = auditSearchParams({ ...search, page }).toString();
    return query ? `?${query}` : '?';
  };

  return (
    <AdminPage
      title="감사 로그"
      description="운영자가 한 모든 작업: 누가, 언제, 무엇을, 무엇으로 바꿨는지 (한국 시간)"
    >
      <AdminSection>
        <AuditFilters
          key={params.toString()}
          search={search}
          onApply={(next) => setParams(auditSearchParams(next))}
        />
      </AdminSection>
      <AdminSection
        title="작업 기록"
        actions={
          data && (
            <span className="audit-total" aria-live="polite">
              총 {formatCount(data.total)}건{isFetching ? ' · 불러오는 중…' : ''}
            </span>
          )
        }
      >
        <DataTable
          label="감사 로그"
          columns={columns}
          rows={data?.items}
          isLoading={isLoading}
          isError={isError}
          emptyText="조건에 맞는 작업 기록이 없습니다."
          rowId={(row) => String(row.id)}
          csv={{ label: '감사로그', columns: csvColumns }}
        />
        <div className="audit-pagination">
          <Pagination page={search.page} lastPage={lastPage} hrefFor={hrefFor} label="감사 로그 페이지" />
        </div>
      </AdminSection>
    </AdminPage>
  );
}
