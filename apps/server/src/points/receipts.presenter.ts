import { receiptAmounts, type IssuableReceiptKind } from '@smm/domain';
import type { ReceiptItem } from '@smm/domain/contract';
import type { ChargeWithIssuer } from './charges.repository';

/** A credited charge that asked for a tax invoice or a cash receipt, as the 증빙 발행 screen lists it. */
export function presentReceipt({ charge, memberLoginId, issuedByLoginId }: ChargeWithIssuer): ReceiptItem {
  const kind = charge.receiptKind as IssuableReceiptKind;
  const amounts = receiptAmounts(kind, charge.point, charge.payable);
  return {
    chargeId: charge.id,
    kind,
    memberLoginId,
    depositorName: charge.depositorName,
    point: charge.point,
    supplyAmount: amounts.supply,
    vatAmount: amounts.vat,
    totalAmount: amounts.total,
    details: charge.feeValue ?? {},
    creditedAt: charge.responseAt?.toISOString() ?? null,
    issuedAt: charge.receiptIssuedAt?.toISOString() ?? null,
    issuedBy: issuedByLoginId,
  };
}
