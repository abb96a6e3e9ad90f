import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { REFILL_STATUSES, REFILL_STATUS_LABELS, withParticle } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { AdminSection } from '@/features/admin/components/admin-page';
import { PagedTable } from '@/features/admin/components/paged-table';
import { useAdminRefills } from './api/get-admin-refills';
import { useRejectRefill } from './api/reject-refill';
import { useResendRefill } from './api/resend-refill';
import { RefillActionDialog, type RefillAction } from './refill-action-dialog';
import { refillColumns, refillCsvColumns } from './refill-columns';
import { ordersSearchParams, type OrdersSearch } from './orders-search';

/**
 * The orders screen's 리필 요청 tab (docs/product.md#refill-and-cancellation): every member's refills by
 * state, member or link, with the provider's answer, and the operator's 재전송 and 거절.
 */
export function RefillsView({
  search,
  go,
}: {
  search: OrdersSearch;
  /** A new search of this tab (page 1 unless given). */
  go: (next: Partial<OrdersSearch>) => void;
}) {
  const [status, setStatus] = useState(search.status === null ? '' : String(search.status));
  const [q, setQ] = useState(search.q);
  const [shown, setShown] = useState({ status: search.status, q: search.q });
  // Back / forward to another search: the form shows what is listed.
  if (shown.status !== search.status || shown.q !== search.q) {
    setShown({ status: search.status, q: search.q });
    setStatus(search.status === null ? '' : String(search.status));
    setQ(search.q);
  }
  const [action, setAction] = useState<RefillAction | null>(null);
  const refills = useAdminRefills(search);
  const resend = useResendRefill();
  const reject = useRejectRefill();
  const columns = useMemo(() => refillColumns(setAction), []);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    go({ status: status === '' ? null : Number(status), q: q.trim() });
  };

  const confirm = async (memo: string) => {
    if (!action) return;
    const { refill } = action;
    try {
      if (action.kind === 'resend') {
        const answer = await resend.mutateAsync({ id: refill.id, body: { memo } });
        toast.success(
          answer.changed
            ? `리필 #${withParticle(refill.id, '을/를')} 다음 처리 주기에 다시 보냅니다.`
            : '이미 전송을 기다리는 리필입니다.',
        );
      } else {
        const answer = await reject.mutateAsync({ id: refill.id, body: { memo } });
        toast.success(
          answer.changed
            ? `리필 #${withParticle(refill.id, '을/를')} 거절했습니다.`
            : '이미 끝난 리필입니다.',
        );
      }
      setAction(null);
    } catch (error) {
      toast.error(errorMessage(error, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    }
  };

  return (
    <>
      <AdminSection>
        <form
          className="orders-filters admin-filters"
          role="search"
          aria-label="리필 요청 검색"
          onSubmit={apply}
        >
          <SelectField label="리필 상태" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">전체 상태</option>
            {REFILL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REFILL_STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="회원 아이디 또는 링크"
            value={q}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => setQ(event.target.value)}
          />
          <div className="orders-filter-actions">
            <Button type="submit">검색</Button>
            <Button type="button" variant="ghost" onClick={() => go({ status: null, q: '' })}>
              초기화
            </Button>
          </div>
        </form>
      </AdminSection>
      <AdminSection title="리필 요청 목록">
        <PagedTable
          label="리필 요청 목록"
          columns={columns}
          data={refills.data}
          isLoading={refills.isLoading}
          isError={refills.isError}
          emptyText={
            search.status !== null || search.q ? '조건에 맞는 리필 요청이 없습니다.' : '리필 요청이 없습니다.'
          }
          rowId={(row) => String(row.id)}
          csv={{ label: '리필요청목록', columns: refillCsvColumns }}
          page={search.page}
          hrefFor={(page) => `?${ordersSearchParams({ ...search, page })}`}
          pageLabel="리필 요청 목록 페이지"
        />
      </AdminSection>
      {action && (
        <RefillActionDialog
          key={`${action.kind}-${action.refill.id}`}
          action={action}
          pending={resend.isPending || reject.isPending}
          onConfirm={(memo) => void confirm(memo)}
          onCancel={() => setAction(null)}
        />
      )}
    </>
  );
}
