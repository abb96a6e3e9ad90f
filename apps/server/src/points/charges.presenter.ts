import { ChargeStatus, type ReceiptKind } from '@smm/domain';
import type {
  AdminChargeItem,
  AdminDepositItem,
  ChargeTransferStatus,
  ChargeHistoryItem,
} from '@smm/domain/contract';
import type { ChargeRow, ChargeWithNames } from './charges.repository';
import type { DepositRow } from './deposits.repository';

export const presentChargeHistoryItem = (row: ChargeRow): ChargeHistoryItem => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  point: row.point,
  payable: row.payable,
  feeType: row.receiptKind as ReceiptKind,
  status: row.status as ChargeStatus,
  responseAt: row.responseAt?.toISOString() ?? null,
});

/** The account a charge is transferred to (site settings BANKING_*). */
export interface BankAccount {
  bankName: string;
  accountNumber: string;
  accountHolder: string;
}

/**
 * A charge's transfer instructions. The time left is counted from the charge's own `expires_at` (the
 * lapse the background tick applies, docs/ARCHITECTURE.md#charges-and-deposits) at the server's `now`,
 * rounded down; 0 once past or when the charge no longer waits for a transfer.
 */
export const presentChargeTransfer = (
  row: ChargeRow,
  account: BankAccount,
  now: Date,
): ChargeTransferStatus => ({
  id: row.id,
  point: row.point,
  payable: row.payable,
  depositorName: row.depositorName,
  feeType: row.receiptKind as ReceiptKind,
  ...account,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  status: row.status as ChargeStatus,
  secondsLeft:
    row.status === ChargeStatus.PENDING
      ? Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000))
      : 0,
});

export const presentAdminCharge = ({
  charge,
  memberLoginId,
  decidedByLoginId,
}: ChargeWithNames): AdminChargeItem => ({
  id: charge.id,
  memberLoginId,
  depositorName: charge.depositorName,
  point: charge.point,
  payable: charge.payable,
  feeType: charge.receiptKind as ReceiptKind,
  feeValue: charge.feeValue ?? null,
  status: charge.status as ChargeStatus,
  createdAt: charge.createdAt.toISOString(),
  expiresAt: charge.expiresAt.toISOString(),
  responseAt: charge.responseAt?.toISOString() ?? null,
  depositId: charge.depositId,
  decidedBy: decidedByLoginId,
  receiptIssuedAt: charge.receiptIssuedAt?.toISOString() ?? null,
});

export const presentAdminDeposit = (row: DepositRow): AdminDepositItem => ({
  id: row.id,
  source: row.source,
  reference: row.reference,
  depositorName: row.depositorName,
  amount: row.amount,
  depositedAt: row.depositedAt?.toISOString() ?? null,
  rawText: row.rawText,
  bank: row.bank,
  accountTail: row.accountTail,
  status: row.status,
  chargeId: row.chargeId,
  duplicateOf: row.duplicateOf,
  createdAt: row.createdAt.toISOString(),
});
