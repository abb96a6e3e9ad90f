import { Clock } from 'lucide-react';
import { formatWon, RECEIPT_KIND_LABELS } from '@smm/domain';
import type { ChargeTransferStatus } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { AccountRows, CopyAmountButton } from './transfer-details';
import { TimeLeft } from './time-left';

/**
 * The top of /point while charges wait for their transfer (docs/product.md#point-charge-page): found again
 * after a reload, without asking anew. The account (bank, number, holder) is one for every charge, so it
 * is shown once; then each charge: the exact amount to transfer with its copy button, the depositor
 * name, the points it credits when they differ (a tax invoice's VAT) and the time left.
 */
export function PendingCharges({
  charges,
  receivedAt,
  onShow,
}: {
  charges: ChargeTransferStatus[];
  /** When the answer arrived (the query's update time): the time left counts down from it. */
  receivedAt: number;
  /** 입금 안내 of one charge: its full instructions. */
  onShow: (chargeId: number) => void;
}) {
  const account = charges[0];
  if (!account) return null;
  return (
    <section className="pending-charges" aria-labelledby="pending-charges-title">
      <div className="pending-charges-head">
        <h2 className="point-section-title" id="pending-charges-title">
          입금 대기 중인 충전 {charges.length}건
        </h2>
        <p className="transfer-muted">
          아래 계좌로 입금자명과 금액을 정확히 맞춰 입금하면 자동으로 충전됩니다.
        </p>
      </div>
      <dl className="transfer-list pending-account">
        <AccountRows account={account} />
      </dl>
      <ul className="pending-list" aria-label="입금 대기 중인 충전 목록">
        {charges.map((charge) => (
          <li key={charge.id} className="pending-item" aria-label={`충전번호 ${charge.id}`}>
            <div className="pending-item-head">
              <span className="pending-item-id">충전번호 {charge.id}</span>
              <span className="pending-item-left">
                <Clock size={14} aria-hidden />
                <TimeLeft secondsLeft={charge.secondsLeft} receivedAt={receivedAt} />
              </span>
            </div>
            <dl className="pending-item-facts">
              <div>
                <dt>입금하실 금액</dt>
                <dd>
                  <span className="transfer-strong transfer-amount">{formatWon(charge.payable)}</span>
                  <CopyAmountButton payable={charge.payable} />
                </dd>
              </div>
              <div>
                <dt>입금자명</dt>
                <dd className="transfer-strong">{charge.depositorName}</dd>
              </div>
              {charge.payable !== charge.point && (
                <div>
                  <dt>충전될 포인트</dt>
                  <dd>
                    {formatWon(charge.point)}{' '}
                    <span className="transfer-muted">({RECEIPT_KIND_LABELS[charge.feeType]})</span>
                  </dd>
                </div>
              )}
            </dl>
            <Button variant="ghost" size="sm" className="pending-item-more" onClick={() => onShow(charge.id)}>
              입금 안내 전체 보기
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
