import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { type AdminOrderSort, formatCount } from '@smm/domain';
import { lastPageOf, Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import { DataTable } from '@/features/admin/components/data-table';
import { useAdminAutoOrders } from './api/get-admin-auto-orders';
import { useAdminOrders } from './api/get-admin-orders';
import { useOrderServices } from './api/get-order-services';
import { useProviders } from '@/features/admin/api/get-providers';
import { OrderActionDialog, type OrderAction, type OrderActionInput } from './order-action-dialog';
import { ORDER_COLUMNS_HIDE_FIRST, orderColumns, orderCsvColumns } from './order-columns';
import { AUTO_ORDER_COLUMNS_HIDE_FIRST, autoOrderColumns, autoOrderCsvColumns } from './auto-order-columns';
import {
  DEFAULT_ORDERS_SEARCH,
  ORDER_PAGE_SIZES,
  ordersSearchParams,
  readOrdersSearch,
  type OrdersSearch,
  type OrdersTab,
} from './orders-search';
import { RefillsView } from './refills-view';
import { useOrderAction } from './use-order-action';
import { draftOf, OrdersFilters, type Draft } from './orders-filters';
import './orders.css';

const SORTABLE: Record<string, AdminOrderSort> = { id: 'id', createdAt: 'createdAt', cost: 'cost' };

/**
 * 주문: every member's orders and auto-orders, searched and paged by the server, with the operator's
 * actions (재전송, 취소·환불, 부분 완료; 자동주문 중지·환불). The whole search lives in the URL.
 */
export function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const search = readOrdersSearch(params);
  const searchKey = ordersSearchParams(search);
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [lastKey, setLastKey] = useState(searchKey);
  // Back / forward (or a link) to another search: the form shows what is listed.
  if (lastKey !== searchKey) {
    setLastKey(searchKey);
    setDraft(draftOf(search));
  }
  const [action, setAction] = useState<OrderAction | null>(null);
  // The server's refusal of the open dialog's confirm, shown in the dialog (a toast sits under it).
  const [actionError, setActionError] = useState<string | null>(null);

  const orders = useAdminOrders(search, search.tab === 'orders');
  const autoOrders = useAdminAutoOrders(search, search.tab === 'auto');
  const services = useOrderServices();
  const providers = useProviders();
  const orderAction = useOrderAction();
  const pending = orderAction.pending;

  const go = (next: Partial<OrdersSearch>) =>
    // Any change of what is listed starts again from page 1.
    setParams(new URLSearchParams(ordersSearchParams({ ...search, page: 1, ...next })));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      toast.error('기간의 시작일이 종료일보다 늦습니다.');
      return;
    }
    go({
      member: draft.member.trim(),
      memberPrefix: draft.memberPrefix,
      serviceId: draft.serviceId ? Number(draft.serviceId) : null,
      status: draft.status === '' ? null : Number(draft.status),
      providerId: draft.providerId ? Number(draft.providerId) : null,
      link: draft.link.trim(),
      from: draft.from,
      to: draft.to,
      errorsOnly: draft.errorsOnly,
      cancelRequested: draft.cancelRequested,
      marginLoss: draft.marginLoss,
    });
  };

  const switchTab = (tab: OrdersTab) => {
    if (tab !== search.tab)
      go({
        tab,
        status: null,
        providerId: null,
        errorsOnly: false,
        cancelRequested: false,
        marginLoss: false,
        q: '',
        sort: 'id',
        order: 'desc',
      });
  };

  const refetchOrders = orders.refetch;
  const refetchAutoOrders = autoOrders.refetch;
  // Opening an action asks the server for the list again, so the dialog speaks of the order as it is
  // now (a worker may have sent it to its provider since the page was loaded); see `shown` below.
  const openAction = useCallback(
    (next: OrderAction) => {
      setAction(next);
      setActionError(null);
      void (next.kind === 'auto-cancel' ? refetchAutoOrders() : refetchOrders());
    },
    [refetchOrders, refetchAutoOrders],
  );
  const columns = useMemo(() => orderColumns(openAction), [openAction]);
  const autoColumns = useMemo(() => autoOrderColumns(openAction), [openAction]);
  // The dialog shows the newest row the list holds for the order it was opened on.
  const shown: OrderAction | null = useMemo(() => {
    if (!action) return null;
    if (action.kind === 'auto-cancel') {
      const fresh = autoOrders.data?.items.find((row) => row.id === action.autoOrder.id);
      return fresh ? { ...action, autoOrder: fresh } : action;
    }
    const fresh = orders.data?.items.find((row) => row.id === action.order.id);
    return fresh ? { ...action, order: fresh } : action;
  }, [action, orders.data, autoOrders.data]);

  const confirm = async (input: OrderActionInput) => {
    if (!action) return;
    setActionError(null);
    try {
      await orderAction.run(action, input);
      setAction(null);
    } catch (error) {
      const message = errorMessage(error, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.');
      setActionError(message);
      toast.error(message);
    }
  };

  const isAuto = search.tab === 'auto';
  const data = isAuto ? autoOrders.data : search.tab === 'orders' ? orders.data : undefined;
  const lastPage = data ? lastPageOf(data.total, data.pageSize) : 1;
  const filtered =
    search.member ||
    search.serviceId !== null ||
    search.status !== null ||
    search.link ||
    search.from ||
    search.to;
  const sorting = {
    state: [{ id: search.sort, desc: search.order === 'desc' }],
    onChange: (next: { id: string; desc: boolean }[]) => {
      const first = next[0];
      const sort = first ? SORTABLE[first.id] : undefined;
      if (!first || !sort) return go({ order: search.order === 'desc' ? 'asc' : 'desc' });
      go({ sort, order: first.desc ? 'desc' : 'asc' });
    },
  };
  return (
    <AdminPage
      title="주문"
      description="모든 회원의 주문과 자동주문, 리필 요청을 찾아 공급사 재전송, 취소·환불, 부분 완료, 리필 재전송·거절을 처리합니다."
    >
      <div className="orders-tabs" role="tablist" aria-label="주문 종류">
        {(
          [
            ['orders', '주문'],
            ['auto', '자동주문'],
            ['refills', '리필 요청'],
          ] as const
        ).map(([tab, label]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={search.tab === tab}
            className="orders-tab"
            onClick={() => switchTab(tab)}
          >
            {label}
          </button>
        ))}
      </div>

      {search.tab === 'refills' ? (
        <RefillsView search={search} go={go} />
      ) : (
        <>
          <AdminSection>
            <OrdersFilters
              search={search}
              draft={draft}
              setDraft={setDraft}
              services={services.data}
              providers={providers.data}
              onSubmit={apply}
              onReset={() =>
                setParams(
                  new URLSearchParams(ordersSearchParams({ ...DEFAULT_ORDERS_SEARCH, tab: search.tab })),
                )
              }
            />
          </AdminSection>

          <AdminSection
            title={isAuto ? '자동주문 목록' : '주문 목록'}
            actions={
              <div className="orders-summary">
                {data && <p aria-live="polite">총 {formatCount(data.total)}건</p>}
                <label className="orders-page-size">
                  <span>표시</span>
                  <select
                    className="admin-input"
                    value={search.pageSize}
                    onChange={(event) => go({ pageSize: Number(event.target.value) })}
                  >
                    {ORDER_PAGE_SIZES.map((size) => (
                      <option key={size} value={size}>
                        {size}개씩
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            }
          >
            {isAuto ? (
              <DataTable
                label="자동주문 목록"
                columns={autoColumns}
                rows={autoOrders.data?.items}
                isLoading={autoOrders.isLoading}
                isError={autoOrders.isError}
                emptyText={filtered ? '조건에 맞는 자동주문이 없습니다.' : '자동주문이 없습니다.'}
                rowId={(row) => String(row.id)}
                csv={{ label: '자동주문목록', columns: autoOrderCsvColumns }}
                sorting={sorting}
                columnChooser={{
                  storageKey: 'smm.admin.auto-orders.columns',
                  hideFirst: AUTO_ORDER_COLUMNS_HIDE_FIRST,
                }}
              />
            ) : (
              <DataTable
                label="주문 목록"
                columns={columns}
                rows={orders.data?.items}
                isLoading={orders.isLoading}
                isError={orders.isError}
                emptyText={
                  filtered || search.errorsOnly || search.cancelRequested || search.marginLoss
                    ? '조건에 맞는 주문이 없습니다.'
                    : '주문이 없습니다.'
                }
                rowId={(row) => String(row.id)}
                csv={{ label: '주문목록', columns: orderCsvColumns }}
                sorting={sorting}
                columnChooser={{
                  storageKey: 'smm.admin.orders.columns',
                  hideFirst: ORDER_COLUMNS_HIDE_FIRST,
                }}
              />
            )}
            <div className="orders-pagination">
              <Pagination
                page={search.page}
                lastPage={lastPage}
                hrefFor={(page) => `?${ordersSearchParams({ ...search, page })}`}
                label={isAuto ? '자동주문 목록 페이지' : '주문 목록 페이지'}
              />
            </div>
          </AdminSection>
        </>
      )}

      {action && shown && (
        <OrderActionDialog
          key={
            action.kind === 'auto-cancel'
              ? `auto-${action.autoOrder.id}`
              : `${action.kind}-${action.order.id}`
          }
          action={shown}
          pending={pending}
          error={actionError}
          onConfirm={(input) => void confirm(input)}
          onCancel={() => setAction(null)}
        />
      )}
    </AdminPage>
  );
}
