import {
  adminChargeStateLabel,
  type ChargeStatus,
  formatBusinessNumber,
  formatPhoneNumber,
  formatSeoulDateTime,
  formatWon,
  RECEIPT_KIND_LABELS,
  ReceiptKind,
} from '@smm/domain';
import type { AdminChargeItem, AdminDepositWithMemo } from '@smm/domain/contract';

export const money = (won: number | null) => (
  <span className="admin-money">{won === null ? '-' : formatWon(won)}</span>
);

export const when = (iso: string | null) => (iso ? formatSeoulDateTime(iso) : '-');

/**
 * What a deposit says beside its numbers: a bank message as received; for one an operator entered, the
 * 등록 사유 they typed (its reference is an internal key, of no use to a reader); else the relay's
 * reference. Always as text (React escapes it): a message or a reason may hold anything.
 */
export function DepositNote({
  deposit,
  inCell = false,
}: {
  deposit: Pick<AdminDepositWithMemo, 'source' | 'rawText' | 'memo' | 'reference'>;
  inCell?: boolean;
}) {
  if (deposit.rawText) {
    return <pre className={inCell ? 'points-raw points-raw-cell' : 'points-raw'}>{deposit.rawText}</pre>;
  }
  if (deposit.source === 'operator') {
    const memo = deposit.memo?.trim() || '-';
    return (
      <span className="points-memo" title={memo}>
        <span className="points-muted">등록 사유</span> {memo}
      </span>
    );
  }
  return <span className="points-muted">{deposit.reference}</span>;
}

const CHIP_OF: Record<string, string> = {
  대기: 'admin-chip',
  수락: 'admin-chip admin-chip-success',
  거절: 'admin-chip admin-chip-danger',
  만료: 'admin-chip admin-chip-muted',
};

/** 대기 / 수락 / 거절 / 만료 (a FAIL nobody decided lapsed after 3 hours). */
export function ChargeStateChip({ charge }: { charge: Pick<AdminChargeItem, 'status' | 'decidedBy'> }) {
  const label = adminChargeStateLabel(charge.status as ChargeStatus, charge.decidedBy);
  return <span className={CHIP_OF[label]}>{label}</span>;
}

/** The receipt a charge asked for, with the one detail that identifies it (company or phone). */
export function ReceiptSummary({ charge }: { charge: Pick<AdminChargeItem, 'feeType' | 'feeValue'> }) {
  const label = RECEIPT_KIND_LABELS[charge.feeType];
  const details = charge.feeValue ?? {};
  if (charge.feeType === ReceiptKind.TAX_INVOICE) {
    return (
      <span className="points-stack">
        <span>{label}</span>
        <span className="points-muted">
          {details.company ?? ''}
          {details.businessNumber ? ` · ${formatBusinessNumber(details.businessNumber)}` : ''}
        </span>
      </span>
    );
  }
  if (charge.feeType === ReceiptKind.CASH_RECEIPT) {
    return (
      <span className="points-stack">
        <span>{label}</span>
        <span className="points-muted">{details.phone ? formatPhoneNumber(details.phone) : ''}</span>
      </span>
    );
  }
  return <span className="points-muted">{label}</span>;
}
