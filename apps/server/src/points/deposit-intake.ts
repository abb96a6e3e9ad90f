import { createHash, randomUUID } from 'node:crypto';
import {
  accountTailOf,
  DEPOSIT_ACCOUNT_MESSAGE,
  depositorKeysMayBeOne,
  DEPOSITOR_NAME_INVISIBLE_MESSAGE,
  hasInvisibleNameCharacter,
  isDepositAccount,
  normalizeDepositorName,
  OPERATOR_DEPOSIT_MESSAGES,
  parseBankDepositSms,
  type ParsedBankSms,
  validateOperatorDeposit,
} from '@smm/domain';
import type {
  BankSmsHookRequest,
  DepositHookRequest,
  DepositHookResponse,
  DepositStatus,
  OperatorDepositRequest,
  OperatorDepositResponse,
} from '@smm/domain/contract';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { presentAdminDeposit } from './charges.presenter';
import { creditCharge } from './credit-charge';
import { chargesRepository } from './charges.repository';
import { depositsRepository, type DepositRow, type NewDeposit } from './deposits.repository';

/** A stored deposit still RECEIVED this long after arriving was cut off mid-way: match it again. */
const STALE_RECEIVED_MS = 30_000;
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/**
 * How far apart the bank's times of two reports of one transfer may be. A bank message prints the
 * minute only (and no year), a message without a time carries its arrival, and the relay's and the
 * bank's clocks differ a little: a few minutes either way. Ten, because a transfer credited twice is
 * lost money while a genuine second transfer held as DUPLICATE costs an operator one click (attach).
 */
export const SAME_TRANSFER_WINDOW_MS = 10 * 60_000;
/**
 * How long before its arrival the transfer of a bank push that prints no time may have happened: a
 * relay offline overnight delivers it the next morning. A push later than the window after a credit of
 * that amount under a name it may be is held for this long (timesMayMeet): a repeat transfer of the
 * same amount and name within a day then costs an operator one click, a late push credited twice
 * would be lost money.
 */
export const TIMELESS_LOOKBACK_MS = 24 * 60 * 60_000;

/**
 * Incoming transfers, from the signed webhook, a forwarded bank message or an operator. Each is stored
 * first, in its own statement, so a deposit is never lost even if matching fails; then matched in one
 * transaction with the charge it pays for and the ledger credit. A replay of the same (source,
 * reference) is recognised by the stored row and changes nothing; another report of a transfer already
 * reported (another channel, the message worded differently, another reference) is held as DUPLICATE
 * (docs/ARCHITECTURE.md "Charges and deposits").
 */
export class DepositIntake {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async receiveWebhook(body: DepositHookRequest): Promise<DepositHookResponse> {
    const name = body.name.trim();
    // Refused, not stripped: the member's charge form refuses these characters too, so a name holding
    // them could only match by accident, and stripping would credit a name nobody saw (400, nothing kept).
    if (hasInvisibleNameCharacter(body.name)) throw appError('BAD_REQUEST', DEPOSITOR_NAME_INVISIBLE_MESSAGE);
    // A malformed account is refused, not ignored: a relay sending something else there would
    // otherwise tell reports of one transfer apart by it.
    if (body.account !== undefined && !isDepositAccount(body.account)) {
      throw appError('BAD_REQUEST', DEPOSIT_ACCOUNT_MESSAGE);
    }
    return this.receive({
      source: 'webhook',
      reference: body.reference,
      depositorName: name,
      depositorKey: normalizeDepositorName(name),
      amount: body.amount,
      depositedAt: new Date(body.depositedAt),
      rawText: null,
      bank: body.bank ?? null,
      accountTail: body.account === undefined ? null : accountTailOf(body.account),
      status: 'RECEIVED',
    });
  }

  /** An unreadable message is kept (UNPARSED) for an operator, never dropped. */
  receiveBankSms(body: BankSmsHookRequest): Promise<DepositHookResponse> {
    const parsed = parseBankDepositSms(body.text);
    const reference = body.reference ?? `sha256:${createHash('sha256').update(body.text).digest('hex')}`;
    const common = { source: 'bank-sms' as const, reference, rawText: body.text };
    if (!parsed) {
      return this.receive({
        ...common,
        depositorName: null,
        depositorKey: null,
        amount: null,
        depositedAt: null,
        bank: null,
        accountTail: null,
        status: 'UNPARSED',
      });
    }
    return this.receive({
      ...common,
      depositorName: parsed.depositorName,
      depositorKey: normalizeDepositorName(parsed.depositorName),
      amount: parsed.amount,
      depositedAt: printedTimeOf(parsed, this.clock.now()),
      bank: parsed.bank,
      accountTail: parsed.accountTail,
      status: 'RECEIVED',
    });
  }

  /**
   * A deposit an operator enters by hand (seen in the bank's own app). Stores the deposit and its audit
   * entry in one transaction, then matches it like a relay's (match: the pending charge with its name
   * and amount is credited, else it is held as UNMATCHED or LATE). The Idempotency-Key is the deposit's
   * reference, so the same form sent twice, or raced, stores one deposit.
   */
  async receiveFromOperator(
    operatorId: number,
    body: OperatorDepositRequest,
    idempotencyKey?: string,
  ): Promise<OperatorDepositResponse> {
    const now = this.clock.now();
    const message = validateOperatorDeposit(body, now);
    if (message) throw appError('BAD_REQUEST', message);
    const name = body.depositorName.trim();
    const reference = `${operatorId}:${idempotencyKey ?? randomUUID()}`;
    const { deposit, created } = await this.db.transaction(async (tx) => {
      const stored = await depositsRepository.insertOnce(tx, {
        source: 'operator',
        reference,
        depositorName: name,
        depositorKey: normalizeDepositorName(name),
        amount: body.amount,
        depositedAt: body.depositedAt ? new Date(body.depositedAt) : now,
        rawText: null,
        bank: null,
        accountTail: null,
        status: 'RECEIVED',
        createdAt: now,
      });
      if (stored.created) {
        await auditLogRepository.record(tx, {
          operatorId,
          action: 'deposit.create',
          targetType: 'deposit',
          targetId: stored.deposit.id,
          before: null,
          after: presentAdminDeposit(stored.deposit),
          memo: body.memo.trim(),
        });
      }
      return stored;
    });
    if (!created) {
      if (deposit.depositorName !== name || deposit.amount !== body.amount) {
        throw appError('BAD_REQUEST', OPERATOR_DEPOSIT_MESSAGES.KEY_REUSED);
      }
      const current = await depositsRepository.findById(this.db, deposit.id);
      return { deposit: presentAdminDeposit(current ?? deposit), duplicate: true };
    }
    const settled = await this.match(deposit.id);
    return { deposit: presentAdminDeposit(settled), duplicate: false };
  }

  private async receive(row: NewDeposit): Promise<DepositHookResponse> {
    const { deposit, created } = await depositsRepository.insertOnce(this.db, {
      ...row,
      createdAt: this.clock.now(),
    });
    const settled = created && deposit.status === 'RECEIVED' ? await this.match(deposit.id) : deposit;
    return {
      depositId: settled.id,
      status: settled.status,
      duplicate: !created,
      chargeId: settled.status === 'MATCHED' ? settled.chargeId : null,
    };
  }

  /**
   * First, is this transfer already reported (sameTransferAs)? Then this report is DUPLICATE
   * (duplicate_of: the earlier one) and never credited automatically, whether the earlier one carries
   * the same name or one that may be the same sender's text read another way. Otherwise credits the
   * oldest PENDING charge with its (name, amount); there is at most one, by construction.
   * No pending charge: LATE when one with that name and amount lapsed (the member paid after the
   * deadline: an operator decides), else UNMATCHED. A charge its member withdrew is never pending again
   * and never matched (docs/product.md#refill-and-cancellation): a transfer for it is UNMATCHED, and a
   * withdrawal racing this match waits for, or is waited for by, the charge's row lock. A deposit no
   * longer RECEIVED was settled by someone else meanwhile and is returned as it is. Reports of one
   * amount are matched one at a time across processes (lockTransfer), whatever their names, so two
   * racing reports of one transfer credit once even when they read the name differently.
   */
  async match(depositId: number): Promise<DepositRow> {
    return this.db.transaction(async (tx) => {
      const stored = await depositsRepository.findById(tx, depositId);
      if (!stored) throw new Error(`deposit ${depositId} not found`);
      if (stored.status !== 'RECEIVED') return stored;
      // The amount never changes once stored, so it may choose the lock before the row is locked.
      if (stored.amount !== null) await depositsRepository.lockTransfer(tx, stored.amount);
      const deposit = await depositsRepository.lockById(tx, depositId);
      if (!deposit) throw new Error(`deposit ${depositId} not found`);
      if (deposit.status !== 'RECEIVED') return deposit;
      const now = this.clock.now();
      const settle = (status: DepositStatus, chargeId: number | null, duplicateOf: number | null = null) =>
        depositsRepository.setOutcome(tx, deposit.id, { status, chargeId, resolvedAt: now, duplicateOf });
      if (deposit.depositorKey === null || deposit.amount === null) return settle('UNPARSED', null);

      const earlier = await sameTransferAs(tx, deposit);
      if (earlier !== undefined) return settle('DUPLICATE', null, earlier);

      const charge = await chargesRepository.lockPendingMatch(tx, deposit.depositorKey, deposit.amount);
      if (charge) {
        await creditCharge(tx, charge, { depositId: deposit.id, decidedBy: null, now });
        return settle('MATCHED', charge.id);
      }
      const lapsed = await chargesRepository.latestExpiredMatch(tx, deposit.depositorKey, deposit.amount);
      return lapsed === undefined ? settle('UNMATCHED', null) : settle('LATE', lapsed);
    });
  }

  /** The background loop's share: deposits left RECEIVED by a process that stopped mid-way. */
  async matchStale(limit: number): Promise<number> {
    const storedBefore = new Date(this.clock.now().getTime() - STALE_RECEIVED_MS);
    const ids = await this.db.transaction((tx) => depositsRepository.claimUnmatched(tx, storedBefore, limit));
    for (const id of ids) await this.match(id);
    return ids.length;
  }
}

/**
 * The earlier report of the same bank transfer as `deposit`, if there is one: the original's id (a
 * report itself held as a duplicate answers with its original). Same transfer means the same amount,
 * no different known bank, no disagreeing known account tail (depositsRepository.reportsNear), times
 * that may meet (timesMayMeet) and names that may be one sender's text (depositorKeysMayBeOne). The
 * name is not required to be equal: the sender writes it, and channels may read it differently, so a
 * report under a name the earlier one contains, or that contains it, is held too. One with the very
 * same key is preferred as the original; then the oldest.
 */
async function sameTransferAs(tx: Tx, deposit: DepositRow): Promise<number | undefined> {
  const key = deposit.depositorKey;
  if (key === null) return undefined;
  const near = await depositsRepository.reportsNear(tx, deposit, TIMELESS_LOOKBACK_MS);
  const reports = near.filter(
    (other) =>
      other.depositorKey !== null &&
      depositorKeysMayBeOne(key, other.depositorKey) &&
      timesMayMeet(deposit, other),
  );
  const earlier = reports.find((other) => other.depositorKey === key) ?? reports[0];
  return earlier === undefined ? undefined : (earlier.duplicateOf ?? earlier.id);
}

/**
 * Whether the times of a new report and an earlier one allow one transfer. Two reports with times:
 * within SAME_TRANSFER_WINDOW_MS of each other. A bank push that prints no time carries its arrival,
 * and the transfer happened before it: up to TIMELESS_LOOKBACK_MS before, when a relay held it back.
 * So a push and a timed report up to that long before its arrival, or within the window after it, may
 * be one transfer — beyond the window only when the earlier of the two credited a charge (MATCHED: a
 * credit the new one would repeat), so old reports still held for an operator do not hold every later
 * push. Two timeless reports: within the window of each other's arrival.
 */
function timesMayMeet(report: DepositRow, earlier: DepositRow): boolean {
  if (report.depositedAt === null || earlier.depositedAt === null) return false;
  const gap = report.depositedAt.getTime() - earlier.depositedAt.getTime();
  if (Math.abs(gap) <= SAME_TRANSFER_WINDOW_MS) return true;
  const reportTimeless = isTimelessBankReport(report);
  if (reportTimeless === isTimelessBankReport(earlier) || earlier.status !== 'MATCHED') return false;
  // How long after the timed report's transfer the push arrived.
  const pushAfter = reportTimeless ? gap : -gap;
  return pushAfter > 0 && pushAfter <= TIMELESS_LOOKBACK_MS;
}

/** A bank message whose text prints no time: its deposited_at is when it arrived. */
function isTimelessBankReport(deposit: DepositRow): boolean {
  if (deposit.source !== 'bank-sms' || deposit.rawText === null) return false;
  const parsed = parseBankDepositSms(deposit.rawText);
  return parsed !== null && parsed.printedAt === null;
}

/**
 * Bank messages print the time as MM/DD HH:mm in Korean time without a year: the latest such moment
 * not after the message arrived (a message from 12/31 read on 1/1 belongs to last year).
 */
function printedTimeOf(parsed: ParsedBankSms, received: Date): Date {
  const at = parsed.printedAt;
  if (!at) return received;
  const receivedKst = new Date(received.getTime() + KST_OFFSET_MS);
  // A day of slack: the relay's clock and the bank's may disagree by a little.
  const latest = received.getTime() + 24 * 60 * 60 * 1000;
  // Back to four years, so 02/29 lands on the last leap year instead of rolling over into March.
  for (let year = receivedKst.getUTCFullYear(); year >= receivedKst.getUTCFullYear() - 4; year -= 1) {
    const kst = new Date(Date.UTC(year, at.month - 1, at.day, at.hour, at.minute));
    const real = kst.getUTCMonth() === at.month - 1 && kst.getUTCDate() === at.day;
    if (real && kst.getTime() - KST_OFFSET_MS <= latest) return new Date(kst.getTime() - KST_OFFSET_MS);
  }
  return received;
}
