import {
  accountHolderName,
  ambiguousChargeMessage,
  availableReceiptKinds,
  CHARGE_MESSAGES,
  CHARGE_WITHDRAW_MESSAGES,
  ChargeStatus,
  chargeExpiresAt,
  distinctAmountExtraWon,
  distinctAmountMessage,
  DISTINCT_AMOUNT_MAX_EXTRA_WON,
  HISTORY_PAGE_SIZE,
  normalizeDepositorName,
  OWN_PENDING_CHARGE_MESSAGE,
  payableAmountWon,
  type ReceiptKind,
  receiptDetailsOf,
  type SiteSettings,
  suggestFreeChargePoint,
  tooManyPendingChargesMessage,
  validateChargeRequest,
} from '@smm/domain';
import type {
  ChargeConflictBody,
  ChargeRequest,
  ChargeRequestResponse,
  ChargeTransferStatus,
  PendingChargesResponse,
  ChargeHistoryQuery,
  ChargeHistoryResponse,
  WithdrawChargeResponse,
} from '@smm/domain/contract';
import { isUniqueViolation, type Db } from '../db/database';
import { appError, appErrorWith } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { presentChargeTransfer, presentChargeHistoryItem, type BankAccount } from './charges.presenter';
import { chargesRepository, type PendingUnderName } from './charges.repository';

export interface ChargeLimitsConfig {
  maxWon: number;
  maxPending: number;
}

/** A member's side of charges: asking for one (POST /service/point) and the history of their own. */
export class ChargesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly limits: ChargeLimitsConfig,
  ) {}

  /**
   * The charge rules (docs/product.md#charge-rules), then the charge in one transaction that holds the
   * member's row and the depositor name's lock, so neither the pending-count limit nor the "one pending
   * charge per (depositor, payable)" rule can be raced past (the latter is also a unique index: the
   * database has the last word). When another member's pending charge holds the (depositor, payable),
   * the request is refused (409, a free amount suggested), or with ENABLE_CHARGE_DISTINCT_AMOUNT on,
   * raised by the fewest won that tell it apart (docs/ARCHITECTURE.md "Charges and deposits").
   */
  async request(accountId: number, body: ChargeRequest): Promise<ChargeRequestResponse> {
    const site = await this.settings.current();
    const receiptKinds = availableReceiptKinds(
      site.get('ENABLE_PAYMENT_TYPE'),
      site.flag('ENABLE_PAYMENT_FEE'),
    );
    const message = validateChargeRequest(
      { name: body.name, point: body.point, feeType: body.feeType as ReceiptKind, feeValue: body.feeValue },
      { receiptKinds, maxWon: this.limits.maxWon },
    );
    if (message) throw appError('CHARGE_INVALID', message);
    const receiptKind = body.feeType as ReceiptKind;
    const depositorName = body.name.trim();
    const depositorKey = normalizeDepositorName(depositorName);
    const payable = payableAmountWon(body.point, receiptKind);
    const now = this.clock.now();
    const distinctAmounts = site.flag('ENABLE_CHARGE_DISTINCT_AMOUNT');

    try {
      const charge = await this.db.transaction(async (tx) => {
        await chargesRepository.lockMember(tx, accountId);
        const pending = await chargesRepository.countPendingOf(tx, accountId);
        if (pending >= this.limits.maxPending) {
          throw appError('CHARGE_CONFLICT', tooManyPendingChargesMessage(this.limits.maxPending));
        }
        await chargesRepository.lockDepositor(tx, depositorKey);
        const waiting = await chargesRepository.pendingUnder(tx, depositorKey);
        const extra = this.extraWonFor(accountId, body.point, payable, receiptKind, waiting, distinctAmounts);
        return chargesRepository.insertPending(tx, {
          accountId,
          depositorName,
          depositorKey,
          point: body.point + extra,
          payable: payable + extra,
          receiptKind,
          feeValue: receiptDetailsOf(receiptKind, body.feeValue) as Record<string, string> | null,
          expiresAt: chargeExpiresAt(now),
          createdAt: now,
        });
      });
      const extraWon = charge.payable - payable;
      const {
        status: _status,
        secondsLeft: _left,
        ...transfer
      } = presentChargeTransfer(charge, bankAccountOf(site), now);
      return {
        ...transfer,
        message: extraWon > 0 ? distinctAmountMessage(extraWon, charge.payable) : CHARGE_MESSAGES.SUCCESS,
        extraWon,
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.clash(accountId, depositorKey, body.point, payable, receiptKind);
    }
  }

  /**
   * The won to add to a request's amount: 0 when no pending charge holds its (depositor, payable). A
   * clash is refused (409) when the setting is off, when the holder is the member themself (asking
   * again for what they already wait for, as before the setting), or when the member already waits
   * for this very request raised earlier; otherwise the smallest extra that is free.
   */
  private extraWonFor(
    accountId: number,
    point: number,
    payable: number,
    receiptKind: ReceiptKind,
    waiting: PendingUnderName[],
    distinctAmounts: boolean,
  ): number {
    const holder = waiting.find((w) => w.payable === payable);
    if (!holder) return 0;
    if (holder.accountId === accountId) throw ownPendingClash(holder.id);
    const raisedBefore = waiting.find(
      (w) =>
        w.accountId === accountId &&
        w.receiptKind === receiptKind &&
        w.point - point >= 1 &&
        w.point - point <= DISTINCT_AMOUNT_MAX_EXTRA_WON &&
        w.payable === payable + (w.point - point),
    );
    if (distinctAmounts && raisedBefore) throw ownPendingClash(raisedBefore.id);
    const taken = new Set(waiting.map((w) => w.payable));
    const extra = distinctAmounts ? distinctAmountExtraWon(payable, taken, this.limits.maxWon - point) : null;
    if (extra === null) {
      const suggestion = suggestFreeChargePoint(point, receiptKind, taken, this.limits.maxWon);
      throw appError('CHARGE_CONFLICT', ambiguousChargeMessage(suggestion));
    }
    return extra;
  }

  /**
   * The 409 of a (depositor, payable) another pending charge took in a race the unique index settled:
   * the member's own charge is named, another member's gets a free amount suggested.
   */
  private async clash(
    accountId: number,
    depositorKey: string,
    point: number,
    payable: number,
    receiptKind: ReceiptKind,
  ) {
    const waiting = await chargesRepository.pendingUnder(this.db, depositorKey);
    const own = waiting.find((w) => w.payable === payable && w.accountId === accountId);
    if (own) return ownPendingClash(own.id);
    const taken = new Set(waiting.map((w) => w.payable));
    const suggestion = suggestFreeChargePoint(point, receiptKind, taken, this.limits.maxWon);
    return appError('CHARGE_CONFLICT', ambiguousChargeMessage(suggestion));
  }

  /**
   * GET /service/point/:id: one of the member's own charges with its transfer instructions and the
   * time left before it lapses (docs/product.md#point-charge-page). Another member's charge and an
   * unknown id are answered alike (404), so no charge is known to exist.
   */
  async transfer(accountId: number, chargeId: number): Promise<ChargeTransferStatus> {
    const charge = await chargesRepository.byId(this.db, chargeId);
    if (!charge || charge.accountId !== accountId) throw appError('CHARGE_NOT_FOUND');
    const site = await this.settings.current();
    return presentChargeTransfer(charge, bankAccountOf(site), this.clock.now());
  }

  /** GET /service/point-pending: every PENDING charge of the member with its instructions, newest first. */
  async pending(accountId: number): Promise<PendingChargesResponse> {
    const rows = await chargesRepository.pendingOf(this.db, accountId);
    if (rows.length === 0) return [];
    const account = bankAccountOf(await this.settings.current());
    const now = this.clock.now();
    return rows.map((row) => presentChargeTransfer(row, account, now));
  }

  /**
   * POST /service/point/:id/cancel: the member withdraws their own PENDING charge (충전 신청 취소,
   * docs/product.md#refill-and-cancellation). The charge row is locked in one transaction with the
   * change, as a deposit crediting it locks it (deposit-intake.ts): whichever locks first wins, never
   * both. A withdrawn charge is never credited afterwards: a deposit matches PENDING charges only.
   */
  async withdraw(accountId: number, chargeId: number): Promise<WithdrawChargeResponse> {
    return this.db.transaction(async (tx) => {
      const charge = await chargesRepository.lockById(tx, chargeId);
      if (!charge || charge.accountId !== accountId) throw appError('NOT_FOUND');
      if (charge.status !== ChargeStatus.PENDING) throw appError('CHARGE_WITHDRAW_REFUSED');
      await chargesRepository.setOutcome(tx, charge.id, {
        status: ChargeStatus.WITHDRAWN,
        responseAt: this.clock.now(),
      });
      return { id: charge.id, status: ChargeStatus.WITHDRAWN, message: CHARGE_WITHDRAW_MESSAGES.WITHDRAWN };
    });
  }

  async history(accountId: number, query: ChargeHistoryQuery): Promise<ChargeHistoryResponse> {
    const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
    const { rows, total } = await chargesRepository.pageOf(this.db, accountId, HISTORY_PAGE_SIZE, offset);
    return {
      items: rows.map(presentChargeHistoryItem),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
    };
  }
}

/** The panel's account, from the site settings; the holder without a label written into the setting. */
function bankAccountOf(site: SiteSettings): BankAccount {
  return {
    bankName: site.get('BANKING_NAME'),
    accountNumber: site.get('BANKING_ACCOUNT_NUMBER'),
    accountHolder: accountHolderName(site.get('BANKING_DISPLAY_TEXT')),
  };
}

/**
 * The member asks again for what their own pending charge already holds (same depositor key and
 * amount): refused, naming that charge, so the screen shows its instructions rather than suggesting
 * another amount (a second charge) (docs/product.md#charges-and-deposits).
 */
function ownPendingClash(chargeId: number) {
  const extra: Omit<ChargeConflictBody, 'message' | 'code'> = { pendingChargeId: chargeId };
  return appErrorWith('CHARGE_CONFLICT', OWN_PENDING_CHARGE_MESSAGE, extra as Record<string, number>);
}
