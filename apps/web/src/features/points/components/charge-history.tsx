import { AlertTriangle, Inbox } from 'lucide-react';
import {
  CHARGE_STATUS_LABELS,
  ChargeStatus,
  formatCount,
  formatDateTime,
  formatWon,
  HISTORY_PAGE_SIZE,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { lastPageOf, Pagination } from '@/components/ui/pagination';
import type { usePointHistory } from '../api/get-point-history';
import { WithdrawChargeButton } from './withdraw-charge-button';

const TONES: Record<ChargeStatus, string> = {
  [ChargeStatus.PENDING]: 'wait',
  [ChargeStatus.SUCCESS]: 'done',
  [ChargeStatus.FAIL]: 'fail',
  [ChargeStatus.WITHDRAWN]: 'fail',
};

/**
 * Charge history (docs/product.md#point-charge-page): number, requested, amount, status, decided; a
 * pending charge offers 충전 신청 취소 beside its status.
 */
export function ChargeHistory({
  query,
  page,
  hrefFor,
  onWithdrawn,
}: {
  query: ReturnType<typeof usePointHistory>;
  page: number;
  hrefFor: (page: number) => string;
  onWithdrawn?: (chargeId: number) => void;
}) {
  if (query.isError && !query.data) {
    return (
      <div className="charge-state" role="alert">
        <AlertTriangle size={28} aria-hidden />
        <p>충전내역을 불러오지 못했습니다</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          다시 시도
        </Button>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="charge-skeleton" aria-busy="true" aria-label="충전내역을 불러오는 중">
        {Array.from({ length: 3 }, (_, i) => (
          <span key={i} />
        ))}
      </div>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <div className="charge-state">
        <Inbox size={28} aria-hidden />
        <p>충전내역이 없습니다</p>
        <span>위에서 첫 충전을 신청해 보세요.</span>
      </div>
    );
  }
  return (
    <>
      <p className="charge-count">
        총 <strong>{formatCount(query.data.total)}</strong>건
      </p>
      <div className="charge-table-wrap" role="region" aria-label="충전내역 표" tabIndex={0}>
        <table className="charge-table">
          <thead>
            <tr>
              <th scope="col">충전번호</th>
              <th scope="col">신청일시</th>
              <th scope="col" className="col-num">
                충전금액
              </th>
              <th scope="col">충전상태</th>
              <th scope="col">수락/거절일시</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((c) => (
              <tr key={c.id}>
                <td>{c.id}</td>
                <td>{formatDateTime(c.createdAt)}</td>
                <td className="col-num">{formatWon(c.point)}</td>
                <td>
                  <div className="charge-status">
                    <span className={`charge-badge charge-${TONES[c.status]}`}>
                      {CHARGE_STATUS_LABELS[c.status]}
                    </span>
                    {c.status === ChargeStatus.PENDING && (
                      <WithdrawChargeButton charge={c} onWithdrawn={onWithdrawn} />
                    )}
                  </div>
                </td>
                <td>{c.responseAt ? formatDateTime(c.responseAt) : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        lastPage={lastPageOf(query.data.total, HISTORY_PAGE_SIZE)}
        hrefFor={hrefFor}
        neighbours={2}
        label="충전내역 페이지"
      />
    </>
  );
}
