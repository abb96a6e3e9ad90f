import { AlertTriangle, Inbox } from 'lucide-react';
import {
  CHARGE_STATUS_LABELS,
  ChargeStatus,
  formatCount,
  formatDateTime,
  formatWon,
  HISTORY_PAGE_SIZE,
} from '@smm/domain';
import type { ChargeHistoryItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { lastPageOf, Pagination } from '@/components/ui/pagination';
import type { useChargeHistory } from '../api/get-charge-history';
import { useNarrowScreen } from '@/lib/screen-width';
import { WithdrawChargeButton } from './withdraw-charge-button';
import '@/components/ui/record-cards.css';

const TONES: Record<ChargeStatus, string> = {
  [ChargeStatus.PENDING]: 'wait',
  [ChargeStatus.SUCCESS]: 'done',
  [ChargeStatus.FAIL]: 'fail',
  [ChargeStatus.WITHDRAWN]: 'fail',
};

/**
 * The amount to transfer under the points when the two differ (a tax invoice adds VAT; the points are
 * what is credited): a member reading ₩20,000 alone would transfer too little.
 */
function PayableNote({ charge }: { charge: ChargeHistoryItem }) {
  if (charge.payable === charge.point) return null;
  return <span className="charge-payable">입금액 {formatWon(charge.payable)}</span>;
}

/** 입금 안내: a pending charge's transfer instructions, one press away (docs/product.md#point-charge-page). */
function ShowTransferButton({ charge, onShow }: { charge: ChargeHistoryItem; onShow: (id: number) => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onShow(charge.id)}
      aria-label={`충전번호 ${charge.id} 입금 안내`}
    >
      입금 안내
    </Button>
  );
}

/**
 * Charge history (docs/product.md#point-charge-page): number, requested, amount (and the amount to
 * transfer when it differs), status, decided; a pending charge offers 입금 안내 and 충전 신청 취소
 * beside its status.
 */
export function ChargeHistory({
  query,
  page,
  hrefFor,
  onWithdrawn,
  onShowTransfer,
}: {
  query: ReturnType<typeof useChargeHistory>;
  page: number;
  hrefFor: (page: number) => string;
  onWithdrawn?: (chargeId: number) => void;
  onShowTransfer: (chargeId: number) => void;
}) {
  const narrow = useNarrowScreen();
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
      {narrow ? (
        <ChargeCards items={query.data.items} onWithdrawn={onWithdrawn} onShowTransfer={onShowTransfer} />
      ) : (
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
                  <td className="col-num">
                    <span className="charge-point">{formatWon(c.point)}</span>
                    <PayableNote charge={c} />
                  </td>
                  <td>
                    <div className="charge-status">
                      <span className={`charge-badge charge-${TONES[c.status]}`}>
                        {CHARGE_STATUS_LABELS[c.status]}
                      </span>
                      {c.status === ChargeStatus.PENDING && (
                        <>
                          <ShowTransferButton charge={c} onShow={onShowTransfer} />
                          <WithdrawChargeButton charge={c} onWithdrawn={onWithdrawn} />
                        </>
                      )}
                    </div>
                  </td>
                  <td>{c.responseAt ? formatDateTime(c.responseAt) : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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

/** On a phone each charge is a card: status and amount first, its 입금 안내 and 충전 신청 취소 across the bottom. */
function ChargeCards({
  items,
  onWithdrawn,
  onShowTransfer,
}: {
  items: ChargeHistoryItem[];
  onWithdrawn?: (chargeId: number) => void;
  onShowTransfer: (chargeId: number) => void;
}) {
  return (
    <ul className="record-cards" aria-label="충전내역 목록">
      {items.map((c) => (
        <li key={c.id} className="record-card">
          <div className="record-card-head">
            <span className={`charge-badge charge-${TONES[c.status]}`}>{CHARGE_STATUS_LABELS[c.status]}</span>
            <p className="record-card-amount">
              <span>충전금액</span>
              <strong>{formatWon(c.point)}</strong>
              <PayableNote charge={c} />
            </p>
          </div>
          <dl className="charge-item-facts">
            <div>
              <dt>충전번호</dt>
              <dd>{c.id}</dd>
            </div>
            <div>
              <dt>신청일시</dt>
              <dd>{formatDateTime(c.createdAt)}</dd>
            </div>
            <div>
              <dt>수락/거절일시</dt>
              <dd>{c.responseAt ? formatDateTime(c.responseAt) : '-'}</dd>
            </div>
          </dl>
          {c.status === ChargeStatus.PENDING && (
            <div className="charge-item-actions">
              <ShowTransferButton charge={c} onShow={onShowTransfer} />
              <WithdrawChargeButton charge={c} onWithdrawn={onWithdrawn} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
