import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { WATCH_KIND_TEXTS, formatSeoulDateTime, formatWon, watchCountText } from '@smm/domain';
import type { WatchGroup } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { useWatch } from './api/get-watch';
import { watchHref } from './watch-links';
import './watch.css';

/** One kind: its heading and count, what it holds, and each entry linking to the thing and its action. */
function WatchGroupSection({ group }: { group: WatchGroup }) {
  const text = WATCH_KIND_TEXTS[group.kind];
  const since = group.kind === 'CHARGE_LAPSING' ? '만료' : '부터';
  return (
    <AdminSection className="watch-group">
      <div className="watch-group-header">
        <h2 className="admin-section-title" id={`watch-${group.kind}`}>
          {text.title}
        </h2>
        <span className="watch-count" aria-label={`${watchCountText(group.count)}`}>
          {watchCountText(group.count)}
        </span>
      </div>
      <p className="watch-group-description">{text.description}</p>
      <ul className="admin-item-list" aria-labelledby={`watch-${group.kind}`}>
        {group.items.map((item) => (
          <li key={item.id} className="admin-item">
            <div className="admin-item-main">
              <Link className="watch-item-label" to={watchHref(item.target)}>
                {item.label}
              </Link>
              <span className="watch-item-detail">{item.detail}</span>
            </div>
            <div className="watch-item-meta">
              {item.won !== null && <span className="watch-item-won admin-money">{formatWon(item.won)}</span>}
              {item.since !== null && (
                <span className="watch-item-since">
                  {formatSeoulDateTime(item.since)} {since}
                </span>
              )}
              <Link className="watch-item-action" to={watchHref(item.target)}>
                {text.action}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {group.count > group.items.length && (
        <p className="watch-more">
          가장 오래된 {group.items.length}건만 보여드립니다 (모두 {watchCountText(group.count)}).
        </p>
      )}
    </AdminSection>
  );
}

/** 확인 필요: what waits for an operator's hand, grouped by kind (docs/product.md#operator-console). */
export function WatchScreen() {
  const query = useWatch();
  const { data, isError, isFetching, dataUpdatedAt } = query;
  const open = data?.groups.filter((group) => group.count > 0) ?? [];
  return (
    <AdminPage
      title="확인 필요"
      description={
        data
          ? `${formatSeoulDateTime(dataUpdatedAt)} 기준 · 30초마다 새로 고칩니다`
          : '멈춘 주문, 공급사, 입금과 충전 중 운영자가 살펴볼 것'
      }
      actions={
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()} disabled={isFetching}>
          <RefreshCw size={14} aria-hidden />
          {isFetching ? '불러오는 중' : '새로 고침'}
        </Button>
      }
    >
      {data ? (
        <>
          {isError && (
            <p className="watch-stale" role="alert">
              최신 정보를 불러오지 못해 마지막으로 받은 내용을 보여드리고 있습니다.
            </p>
          )}
          {open.length === 0 ? (
            <AdminSection>
              <AdminStatus kind="empty">확인할 일이 없습니다</AdminStatus>
            </AdminSection>
          ) : (
            open.map((group) => <WatchGroupSection key={group.kind} group={group} />)
          )}
        </>
      ) : isError ? (
        <AdminSection>
          <AdminStatus kind="error">
            확인 필요 목록을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.
          </AdminStatus>
        </AdminSection>
      ) : (
        <AdminStatus kind="loading">확인 필요 목록을 불러오는 중…</AdminStatus>
      )}
    </AdminPage>
  );
}
