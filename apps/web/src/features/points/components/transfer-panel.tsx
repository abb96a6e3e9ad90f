import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { formatWon } from '@smm/domain';
import { Button } from '@/components/ui/button';
import type { ChargeRequestResponse } from '../api/request-charge';
import { TossTransferButton } from './toss-transfer-button';
import { TransferDetails } from './transfer-details';
import { WithdrawChargeButton } from './withdraw-charge-button';

/**
 * What to transfer, where, under which name and by when: replaces the form after a request. When the
 * server raised the amount by a few won (another member waits for a transfer of the same name and
 * amount, setting ENABLE_CHARGE_DISTINCT_AMOUNT), the change is spelled out before anything else: a
 * transfer of the amount the member typed would not be credited to them. The account number and the
 * amount have copy buttons on every device (TransferDetails); a phone may also get 토스로 송금하기
 * (TossTransferButton).
 */
export function TransferPanel({
  charge,
  credited = false,
  onAgain,
  onWithdrawn,
}: {
  charge: ChargeRequestResponse;
  /** A deposit has credited this charge: nothing is asked any more (docs/product.md#point-charge-page). */
  credited?: boolean;
  onAgain: () => void;
  /** The member withdrew this charge here (충전 신청 취소): the page stops asking for the transfer. */
  onWithdrawn: (chargeId: number) => void;
}) {
  const raised = charge.extraWon > 0;
  // The time left counts from the server's own two times (request and deadline), from when it answered.
  const [receivedAt] = useState(() => Date.now());
  const secondsLeft = Math.floor((Date.parse(charge.expiresAt) - Date.parse(charge.createdAt)) / 1000);
  if (credited) {
    return (
      <div className="transfer-panel transfer-credited" role="status" aria-labelledby="transfer-title">
        <p className="transfer-lead" id="transfer-title">
          <CheckCircle2 size={20} aria-hidden /> 입금이 확인되어 충전이 완료되었습니다.
        </p>
        <dl className="transfer-list">
          <div>
            <dt>충전된 포인트</dt>
            <dd className="transfer-strong">{formatWon(charge.point)}</dd>
          </div>
          <div>
            <dt>입금자명</dt>
            <dd>{charge.depositorName}</dd>
          </div>
        </dl>
        <div className="transfer-actions">
          <Button variant="outline" onClick={onAgain}>
            새로 충전 신청하기
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="transfer-panel" role="status" aria-labelledby="transfer-title">
      <p className="transfer-lead" id="transfer-title">
        {charge.message}
      </p>
      {raised && (
        <p className="transfer-raised">
          <span className="transfer-raised-from">
            신청 금액 {formatWon(charge.payable - charge.extraWon)}
          </span>
          <span aria-hidden> → </span>
          <strong className="transfer-raised-to">입금하실 금액 {formatWon(charge.payable)}</strong>
          <span className="transfer-raised-extra">(+{charge.extraWon}원)</span>
        </p>
      )}
      <TransferDetails
        charge={charge}
        secondsLeft={secondsLeft}
        receivedAt={receivedAt}
        extraWon={charge.extraWon}
      />
      <TossTransferButton charge={charge} />
      <p className="transfer-note">
        입금이 확인되면 잔액이 자동으로 바뀝니다. 이 화면을 닫아도 충전은 그대로 진행됩니다.
      </p>
      <div className="transfer-actions">
        <Button variant="ghost" onClick={onAgain}>
          다른 금액으로 새로 신청하기
        </Button>
        <WithdrawChargeButton charge={charge} onWithdrawn={onWithdrawn} />
      </div>
    </div>
  );
}
