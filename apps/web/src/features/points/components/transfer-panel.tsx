import { CheckCircle2, Copy } from 'lucide-react';
import { formatDateTime, formatWon, PAYMENT_KIND_LABELS, withParticle } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import type { ChargeRequestResponse } from '../api/request-charge';
import { TossTransferButton } from './toss-transfer-button';
import { WithdrawChargeButton } from './withdraw-charge-button';

const copy = (text: string, what: string) => copyText(text, `${withParticle(what, '을/를')} 복사했습니다.`);

/**
 * What to transfer, where, under which name and by when: replaces the form after a request. When the
 * server raised the amount by a few won (another member waits for a transfer of the same name and
 * amount, setting ENABLE_CHARGE_DISTINCT_AMOUNT), the change is spelled out before anything else: a
 * transfer of the amount the member typed would not be credited to them. The account number and the
 * amount have copy buttons on every device; a phone may also get 토스로 송금하기 (TossTransferButton).
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
      <dl className="transfer-list">
        <div>
          <dt>입금 은행</dt>
          <dd>{charge.bankName}</dd>
        </div>
        <div>
          <dt>계좌번호</dt>
          <dd>
            <span className="transfer-strong">{charge.accountNumber}</span>
            <Button variant="outline" size="sm" onClick={() => void copy(charge.accountNumber, '계좌번호')}>
              <Copy size={14} aria-hidden /> 계좌번호 복사
            </Button>
          </dd>
        </div>
        <div>
          <dt>예금주</dt>
          <dd>{charge.accountHolder}</dd>
        </div>
        <div>
          <dt>입금하실 금액</dt>
          <dd>
            <span className="transfer-strong transfer-amount">{formatWon(charge.payable)}</span>
            {raised && <span className="transfer-extra-chip">{charge.extraWon}원 더함</span>}
            <Button variant="outline" size="sm" onClick={() => void copy(String(charge.payable), '입금액')}>
              <Copy size={14} aria-hidden /> 금액 복사
            </Button>
          </dd>
        </div>
        <div>
          <dt>입금자명</dt>
          <dd className="transfer-strong">{charge.depositorName}</dd>
        </div>
        <div>
          <dt>충전될 포인트</dt>
          <dd>
            {formatWon(charge.point)}{' '}
            <span className="transfer-muted">({PAYMENT_KIND_LABELS[charge.feeType]})</span>
          </dd>
        </div>
        <div>
          <dt>입금 기한</dt>
          <dd>
            <span className="transfer-nowrap">{formatDateTime(charge.expiresAt)}</span>까지
          </dd>
        </div>
      </dl>
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
