import type { ChargeStatus, PaymentKind } from '@smm/domain';
import type { AdminChargeItem, AdminDepositItem, PointHistoryItem } from '@smm/domain/contract';
import type { ChargeRow, ChargeWithNames } from './charges.repository';
import type { DepositRow } from './deposits.repository';

export const presentPointHistoryItem = (row: ChargeRow): PointHistoryItem => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  point: row.point,
  payable: row.payable,
  feeType: row.feeType as PaymentKind,
  status: row.status as ChargeStatus,
  responseAt: row.responseAt?.toISOString() ?? null,
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
  feeType: charge.feeType as PaymentKind,
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
