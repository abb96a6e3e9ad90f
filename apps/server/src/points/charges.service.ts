import {
  ambiguousChargeMessage,
  availablePaymentKinds,
  CHARGE_MESSAGES,
  CHARGE_WITHDRAW_MESSAGES,
  ChargeStatus,
  chargeExpiresAt,
  distinctAmountExtraWon,
  distinctAmountMessage,
  DISTINCT_AMOUNT_MAX_EXTRA_WON,
  HISTORY_PAGE_SIZE,
  normalizeDepositorName,
  payableAmountWon,
  type PaymentKind,
  receiptDetailsOf,
  suggestFreeChargePoint,
  tooManyPendingChargesMessage,
  validateChargeRequest,
} from '@smm/domain';
import type {
  ChargeRequest,
  ChargeRequestResponse,
  PointHistoryQuery,
  PointHistoryResponse,
  WithdrawChargeResponse,
} from '@smm/domain/contract';
import { isUniqueViolation, type Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { presentPointHistoryItem } from './charges.presenter';
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
    const paymentKinds = availablePaymentKinds(
      site.get('ENABLE_PAYMENT_TYPE'),
      site.flag('ENABLE_PAYMENT_FEE'),
    );
    const message = validateChargeRequest(
      { name: body.name, point: body.point, feeType: body.feeType as PaymentKind, feeValue: body.feeValue },
      { paymentKinds, maxWon: this.limits.maxWon },
    );
    if (message) throw appError('CHARGE_INVALID', message);
    const feeType = body.feeType as PaymentKind;
    const depositorName = body.name.trim();
    const depositorKey = normalizeDepositorName(depositorName);
    const payable = payableAmountWon(body.point, feeType);
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
        const extra = this.extraWonFor(accountId, body.point, payable, feeType, waiting, distinctAmounts);
        return chargesRepository.insertPending(tx, {
          accountId,
          depositorName,
          depositorKey,
          point: body.point + extra,
          payable: payable + extra,
          feeType,
          feeValue: receiptDetailsOf(feeType, body.feeValue) as Record<string, string> | null,
          expiresAt: chargeExpiresAt(now),
          createdAt: now,
        });
      });
      const extraWon = charge.payable - payable;
      return {
        id: charge.id,
        message: extraWon > 0 ? distinctAmountMessage(extraWon, charge.payable) : CHARGE_MESSAGES.SUCCESS,
        point: charge.point,
        payable: charge.payable,
        depositorName: charge.depositorName,
        feeType,
        bankName: site.get('BANKING_NAME'),
        accountNumber: site.get('BANKING_ACCOUNT_NUMBER'),
        accountHolder: site.get('BANKING_DISPLAY_TEXT'),
        createdAt: charge.createdAt.toISOString(),
        expiresAt: charge.expiresAt.toISOString(),
        extraWon,
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.clash(depositorKey, body.point, feeType);
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
    feeType: PaymentKind,
    waiting: PendingUnderName[],
    distinctAmounts: boolean,
  ): number {
    const holder = waiting.find((w) => w.payable === payable);
    if (!holder) return 0;
    const raisedBefore = waiting.some(
      (w) =>
        w.accountId === accountId &&
        w.feeType === feeType &&
        w.point - point >= 1 &&
        w.point - point <= DISTINCT_AMOUNT_MAX_EXTRA_WON &&
        w.payable === payable + (w.point - point),
    );
    const taken = new Set(waiting.map((w) => w.payable));
    const extra =
      distinctAmounts && holder.accountId !== accountId && !raisedBefore
        ? distinctAmountExtraWon(payable, taken, this.limits.maxWon - point)
        : null;
    if (extra === null) {
      const suggestion = suggestFreeChargePoint(point, feeType, taken, this.limits.maxWon);
      throw appError('CHARGE_CONFLICT', ambiguousChargeMessage(suggestion));
    }
    return extra;
  }

  /** The 409 of a (depositor, payable) another pending charge took, with a free amount suggested. */
  private async clash(depositorKey: string, point: number, feeType: PaymentKind) {
    const taken = await chargesRepository.pendingPayablesOf(this.db, depositorKey);
    const suggestion = suggestFreeChargePoint(point, feeType, taken, this.limits.maxWon);
    return appError('CHARGE_CONFLICT', ambiguousChargeMessage(suggestion));
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

  async history(accountId: number, query: PointHistoryQuery): Promise<PointHistoryResponse> {
    const offset = (query.page - 1) * HISTORY_PAGE_SIZE;
    const { rows, total } = await chargesRepository.pageOf(this.db, accountId, HISTORY_PAGE_SIZE, offset);
    return {
      items: rows.map(presentPointHistoryItem),
      page: query.page,
      pageSize: HISTORY_PAGE_SIZE,
      total,
    };
  }
}
