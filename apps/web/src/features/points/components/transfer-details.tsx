import { Copy } from 'lucide-react';
import { formatDateTime, formatWon, RECEIPT_KIND_LABELS, withParticle } from '@smm/domain';
import type { ChargeTransfer } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { TimeLeft } from './time-left';

export const copy = (text: string, what: string) =>
  copyText(text, `${withParticle(what, '을/를')} 복사했습니다.`);

/** 계좌번호 복사: the account number, with the copy button every device gets. */
export function AccountNumber({ accountNumber }: { accountNumber: string }) {
  return (
    <>
      <span className="transfer-strong">{accountNumber}</span>
      <Button variant="outline" size="sm" onClick={() => void copy(accountNumber, '계좌번호')}>
        <Copy size={14} aria-hidden /> 계좌번호 복사
      </Button>
    </>
  );
}

/**
 * The account every charge is paid into (bank, number with its copy button, holder), as rows of a
 * transfer list: the full instructions and the pending card at the top of /point both show it.
 */
export function AccountRows({
  account,
}: {
  account: Pick<ChargeTransfer, 'bankName' | 'accountNumber' | 'accountHolder'>;
}) {
  return (
    <>
      <div>
        <dt>입금 은행</dt>
        <dd>{account.bankName}</dd>
      </div>
      <div>
        <dt>계좌번호</dt>
        <dd>
          <AccountNumber accountNumber={account.accountNumber} />
        </dd>
      </div>
      <div>
        <dt>예금주</dt>
        <dd>{account.accountHolder}</dd>
      </div>
    </>
  );
}

/** 금액 복사: the exact won to transfer, digits only, as a banking app's amount field takes them. */
export function CopyAmountButton({ payable }: { payable: number }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void copy(String(payable), '입금액')}>
      <Copy size={14} aria-hidden /> 금액 복사
    </Button>
  );
}

/**
 * One charge's transfer instructions (docs/product.md#point-charge-page): bank, account number, holder,
 * the exact amount to transfer, the depositor name, the points it credits, the deadline and the time
 * left. The holder is printed as the server gives it, under its own label (the server drops a label
 * written into the setting). `extraWon` marks an amount the server raised by a few won.
 */
export function TransferDetails({
  charge,
  secondsLeft,
  receivedAt,
  extraWon = 0,
}: {
  charge: ChargeTransfer;
  /** Seconds to the deadline by the server's clock when the answer arrived at `receivedAt`. */
  secondsLeft: number;
  receivedAt: number;
  extraWon?: number;
}) {
  return (
    <dl className="transfer-list">
      <AccountRows account={charge} />
      <div>
        <dt>입금하실 금액</dt>
        <dd>
          <span className="transfer-strong transfer-amount">{formatWon(charge.payable)}</span>
          {extraWon > 0 && <span className="transfer-extra-chip">{extraWon}원 더함</span>}
          <CopyAmountButton payable={charge.payable} />
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
          <span className="transfer-muted">({RECEIPT_KIND_LABELS[charge.feeType]})</span>
        </dd>
      </div>
      <div>
        <dt>입금 기한</dt>
        <dd>
          <span className="transfer-nowrap">{formatDateTime(charge.expiresAt)}까지</span>
          <TimeLeft className="transfer-time-left" secondsLeft={secondsLeft} receivedAt={receivedAt} />
        </dd>
      </div>
    </dl>
  );
}
