import { ReceiptKind } from '@smm/domain';
import type {
  BankSmsHookRequest,
  ChargeRequest,
  ChargeRequestResponse,
  DepositHookRequest,
  DepositHookResponse,
} from '@smm/domain/contract';
import type { FastifyInstance } from 'fastify';
import type { TestMember } from './factories';

/** A valid tax-invoice detail set (220-81-62517 passes the business-number checksum). */
export const TEST_INVOICE = {
  company: '(주)테스트상사',
  businessNumber: '220-81-62517',
  leader: '김대표',
  phone: '02-123-4567',
  jobType: '서비스업',
  jobType2: '광고대행',
  address: '서울특별시 강남구 테헤란로 1',
  email: 'tax@example.com',
};

/** The cash-receipt detail a CASH_RECEIPT charge gets unless the test gives its own. */
export const TEST_CASH_RECEIPT = { phone: '01012345678' };

/**
 * A member's charge request through the charge service (the rules, the pending row), not over HTTP:
 * for tests whose subject comes after the request (deposits, the worker, history). `feeType` is
 * ReceiptKind.NONE unless given; a CASH_RECEIPT or TAX_INVOICE request without `feeValue` gets valid details
 * (TEST_CASH_RECEIPT, TEST_INVOICE). A refused request throws the service's AppError.
 */
export function requestCharge(
  app: FastifyInstance,
  member: Pick<TestMember, 'accountId'>,
  charge: { name: string; point: number; feeType?: number; feeValue?: ChargeRequest['feeValue'] },
): Promise<ChargeRequestResponse> {
  const receiptKind = charge.feeType ?? ReceiptKind.NONE;
  const defaultValue =
    receiptKind === ReceiptKind.CASH_RECEIPT
      ? TEST_CASH_RECEIPT
      : receiptKind === ReceiptKind.TAX_INVOICE
        ? TEST_INVOICE
        : null;
  return app.services.charges.request(member.accountId, {
    name: charge.name,
    point: charge.point,
    feeType: receiptKind,
    feeValue: charge.feeValue === undefined ? defaultValue : charge.feeValue,
  });
}

let referenceCounter = 0;

/**
 * An incoming transfer reported through the deposit intake as the signed webhook reports it (stored,
 * then matched and credited), without the signature and HTTP: for tests whose subject is what the
 * deposit does, not the hook. `reference` is unique per call unless given (a replay passes the same);
 * `depositedAt` is the bank's time (ISO with offset), 2026-11-22 18:05 KST unless given.
 */
export function reportDeposit(
  app: FastifyInstance,
  deposit: { name: string; amount: number } & Partial<Omit<DepositHookRequest, 'name' | 'amount'>>,
): Promise<DepositHookResponse> {
  return app.services.deposits.receiveWebhook({
    depositedAt: '2026-11-22T18:05:00+09:00',
    reference: `test-deposit-${++referenceCounter}`,
    ...deposit,
  });
}

/**
 * A bank's deposit message reported through the deposit intake as the SMS relay reports it (parsed,
 * stored, matched; unreadable text kept UNPARSED), without the signature and HTTP. Without
 * `reference` the text itself identifies the message, as on the hook.
 */
export function reportBankSms(
  app: FastifyInstance,
  text: string,
  reference?: BankSmsHookRequest['reference'],
): Promise<DepositHookResponse> {
  return app.services.deposits.receiveBankSms(reference === undefined ? { text } : { text, reference });
}
