import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ChevronRight, RefreshCw } from 'lucide-react';
import {
  AUTO_ORDER_STATUS_LABELS,
  AutoOrderStatus,
  CANCEL_REQUESTED_LABEL,
  DEPOSIT_STATUS_LABELS,
  REFILL_STATUS_LABELS,
  RefillStatus,
  ORDER_STATUS_LABELS,
  OrderStatus,
  formatCount,
  formatSeoulDateTime,
  formatWon,
  type OrderStatus as OrderStatusValue,
} from '@smm/domain';
import type { AdminDashboardResponse, DashboardProviderError } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { DataTable, type ColumnDef } from '@/features/admin/components/data-table';
import { WatchCard } from './watch/watch-card';
import { useDashboard } from './api/get-dashboard';
import { OrdersSignupsChart, SalesSpendChart } from './dashboard-charts';
import { formatProviderBalance } from './dashboard-format';
import './dashboard.css';

/** One figure: a label, the value, a line of detail; a card that leads somewhere is a link. */
function StatCard({
  label,
  value,
  detail,
  to,
  attention,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  to?: string;
  /** Something waits for the operator: the card is highlighted. */
  attention?: boolean;
}) {
  const body = (
    <>
      <span className="dash-card-label">
        {label}
        {to && <ChevronRight size={14} aria-hidden className="dash-card-arrow" />}
      </span>
      <span className="dash-card-value">{value}</span>
      {detail && <span className="dash-card-detail">{detail}</span>}
    </>
  );
  const className = ['dash-card', to ? 'dash-card-link' : '', attention ? 'dash-card-attention' : '']
    .filter(Boolean)
    .join(' ');
  return to ? (
    <Link className={className} to={to}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

function StatCards({ data }: { data: AdminDashboardResponse }) {
  const { sales, spend, pendingCharges, deposits, members, orders, refills, cancelRequested } = data;
  return (
    <div className="dash-cards">
      <StatCard
        label="오늘 매출"
        value={formatWon(sales.today.payable)}
        detail={`충전 ${formatCount(sales.today.count)}건 · ${formatWon(sales.today.point)} 적립`}
      />
      <StatCard
        label="이번 달 매출"
        value={formatWon(sales.month.payable)}
        detail={`충전 ${formatCount(sales.month.count)}건 · ${formatWon(sales.month.point)} 적립`}
      />
      <StatCard
        label="오늘 주문 금액"
        value={formatWon(spend.today.won)}
        detail={`주문 ${formatCount(spend.today.count)}건 (환불 제외)`}
      />
      <StatCard
        label="이번 달 주문 금액"
        value={formatWon(spend.month.won)}
        detail={`주문 ${formatCount(spend.month.count)}건 (환불 제외)`}
      />
      <StatCard
        label="충전 대기"
        value={`${formatCount(pendingCharges.count)}건`}
        detail={`입금 예정 ${formatWon(pendingCharges.payable)}`}
        to={paths.admin.charges}
        attention={pendingCharges.count > 0}
      />
      <StatCard
        label="미확인 입금·문자"
        value={`${formatCount(deposits.count)}건`}
        detail={(['UNMATCHED', 'LATE', 'UNPARSED', 'DUPLICATE'] as const)
          .map((status) => `${DEPOSIT_STATUS_LABELS[status]} ${formatCount(deposits.byStatus[status])}`)
          .join(' · ')}
        to={paths.admin.deposits}
        attention={deposits.count > 0}
      />
      <StatCard
        label="진행 중인 리필"
        value={`${formatCount(refills.open)}건`}
        detail={`${REFILL_STATUS_LABELS[RefillStatus.PENDING]} ${formatCount(refills.pending)} · ${REFILL_STATUS_LABELS[RefillStatus.INPROGRESS]} ${formatCount(refills.inProgress)}`}
        to={`${paths.admin.orders}?tab=refills&status=${RefillStatus.PENDING}`}
        attention={refills.pending > 0}
      />
      <StatCard
        label={`${CANCEL_REQUESTED_LABEL} 주문`}
        value={`${formatCount(cancelRequested.count)}건`}
        detail="공급사의 취소 확인 대기"
        to={`${paths.admin.orders}?cancel=1`}
        attention={cancelRequested.count > 0}
      />
      <StatCard
        label="신규 회원"
        value={`${formatCount(members.today)}명`}
        detail={`이번 달 ${formatCount(members.month)}명 · 전체 ${formatCount(members.total)}명`}
      />
      <StatCard
        label={`${AUTO_ORDER_STATUS_LABELS[AutoOrderStatus.ACTIVE]} 자동주문`}
        value={`${formatCount(orders.autoOrdersActive)}건`}
        detail={`오늘 들어온 주문 ${formatCount(orders.today)}건`}
      />
    </div>
  );
}

const STATUS_TONE: Record<OrderStatusValue, string> = {
  [OrderStatus.PENDING]: 'admin-chip',
  [OrderStatus.PROCESSING]: 'admin-chip',
  [OrderStatus.INPROGRESS]: 'admin-chip',
  [OrderStatus.COMPLETED]: 'admin-chip admin-chip-success',
  [OrderStatus.PARTIAL]: 'admin-chip admin-chip-danger',
  [OrderStatus.CANCELED]: 'admin-chip admin-chip-muted',
};

function OrderStatusChips({ byStatus }: { byStatus: AdminDashboardResponse['orders']['byStatus'] }) {
  return (
    <ul className="dash-status-list" aria-label="상태별 주문 수">
      {byStatus.map(({ status, count }) => {
        const known = status as OrderStatusValue;
        return (
          <li key={status}>
            <Link
              className={`dash-status ${STATUS_TONE[known] ?? 'admin-chip'}`}
              to={`${paths.admin.orders}?status=${status}`}
            >
              <span>{ORDER_STATUS_LABELS[known] ?? status}</span>
              <strong>{formatCount(count)}</strong>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function ProviderBalances({ providers }: { providers: AdminDashboardResponse['providers'] }) {
  if (providers.length === 0) return <AdminStatus kind="empty">사용 중인 공급사가 없습니다.</AdminStatus>;
  return (
    <ul className="dash-providers">
      {providers.map((provider) => (
        <li key={provider.id} className="dash-provider">
          <span className="dash-provider-name">{provider.name}</span>
          {provider.error === null && provider.balance !== null ? (
            <span className="dash-provider-balance admin-money">
              {formatProviderBalance(provider.balance, provider.currency ?? '')}
            </span>
          ) : (
            <span className="dash-provider-error" role="status">
              <AlertTriangle size={14} aria-hidden />
              <span>
                잔액을 확인하지 못했습니다
                {provider.error && <span className="dash-provider-reason">{provider.error}</span>}
              </span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

const errorColumns: ColumnDef<DashboardProviderError, never>[] = [
  {
    id: 'updatedAt',
    accessorFn: (row) => row.updatedAt as never,
    header: '시각',
    size: 140,
    cell: ({ row }) => formatSeoulDateTime(row.original.updatedAt),
  },
  { id: 'orderId', accessorFn: (row) => row.orderId as never, header: '주문번호', size: 90 },
  {
    id: 'member',
    accessorFn: (row) => row.memberLoginId as never,
    header: '회원',
    size: 120,
    cell: ({ row }) => (
      <Link to={paths.admin.member(row.original.memberLoginId)}>{row.original.memberLoginId}</Link>
    ),
  },
  { id: 'service', accessorFn: (row) => row.serviceText as never, header: '서비스', size: 200 },
  {
    id: 'error',
    accessorFn: (row) => row.error as never,
    header: '오류',
    size: 300,
    cell: ({ row }) => <span className="dash-error-text">{row.original.error}</span>,
  },
];

function Dashboard({ data }: { data: AdminDashboardResponse }) {
  return (
    <>
      <WatchCard />
      <StatCards data={data} />
      <div className="dash-grid">
        <AdminSection title="매출과 주문 금액 (최근 30일)">
          <SalesSpendChart days={data.series} />
        </AdminSection>
        <AdminSection title="주문과 가입 (최근 30일)">
          <OrdersSignupsChart days={data.series} />
        </AdminSection>
      </div>
      <div className="dash-grid">
        <AdminSection title="상태별 주문">
          <OrderStatusChips byStatus={data.orders.byStatus} />
        </AdminSection>
        <AdminSection title="공급사 잔액">
          <ProviderBalances providers={data.providers} />
        </AdminSection>
      </div>
      <AdminSection
        title="최근 공급사 오류"
        actions={
          <Link className="dash-more" to={`${paths.admin.orders}?error=1`}>
            오류 주문 모두 보기
          </Link>
        }
      >
        <DataTable
          label="최근 공급사 오류"
          columns={errorColumns}
          rows={data.recentProviderErrors}
          rowId={(row) => String(row.orderId)}
          emptyText="최근 공급사 오류가 없습니다."
        />
      </AdminSection>
    </>
  );
}

export function DashboardScreen() {
  const query = useDashboard();
  const { data, isError, isFetching, dataUpdatedAt } = query;
  return (
    <AdminPage
      title="대시보드"
      description={
        data
          ? `${formatSeoulDateTime(dataUpdatedAt)} 기준 · 한국 시간 · 1분마다 새로 고칩니다`
          : '오늘과 이번 달의 매출, 주문, 충전 대기와 공급사 상태'
      }
      actions={
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()} disabled={isFetching}>
          <RefreshCw size={14} aria-hidden className={isFetching ? 'dash-spin' : undefined} />
          {isFetching ? '불러오는 중' : '새로 고침'}
        </Button>
      }
    >
      {data ? (
        <>
          {isError && (
            <p className="dash-stale" role="alert">
              최신 정보를 불러오지 못해 마지막으로 받은 내용을 보여드리고 있습니다.
            </p>
          )}
          <Dashboard data={data} />
        </>
      ) : isError ? (
        <AdminSection>
          <AdminStatus kind="error">대시보드를 불러오지 못했습니다. 잠시 후 다시 시도해주세요.</AdminStatus>
          <div className="dash-retry">
            <Button size="sm" onClick={() => void query.refetch()}>
              다시 시도
            </Button>
          </div>
        </AdminSection>
      ) : (
        <>
          <div className="dash-cards" aria-hidden>
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="dash-card dash-card-skeleton" />
            ))}
          </div>
          <AdminStatus kind="loading">대시보드를 불러오는 중…</AdminStatus>
        </>
      )}
    </AdminPage>
  );
}
