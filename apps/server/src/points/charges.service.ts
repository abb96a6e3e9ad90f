import {
  ambiguousChargeMessage,
  availablePaymentKinds,
  CHARGE_MESSAGES,
  chargeExpiresAt,
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
} from '@smm/domain/contract';
import { isUniqueViolation, type Db } from '../db/database';
import { appError } from '../errors/app-error';
import type { SettingsService } from '../settings/settings.service';
import type { Clock } from '../shared/clock';
import { presentPointHistoryItem } from './charges.presenter';
import { chargesRepository } from './charges.repository';

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
   * SPEC.md §5 "Charge" and the receipt rules, then the charge in one transaction that holds the
   * member's row, so neither the pending-count limit nor the "one pending charge per (depositor,
   * payable)" rule can be raced past (the latter is also a unique index: the database has the last word).
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

    try {
      const charge = await this.db.transaction(async (tx) => {
        await chargesRepository.lockMember(tx, accountId);
        const pending = await chargesRepository.countPendingOf(tx, accountId);
        if (pending >= this.limits.maxPending) {
          throw appError('CHARGE_CONFLICT', tooManyPendingChargesMessage(this.limits.maxPending));
        }
        return chargesRepository.insertPending(tx, {
          accountId,
          depositorName,
          depositorKey,
          point: body.point,
          payable,
          feeType,
          feeValue: receiptDetailsOf(feeType, body.feeValue) as Record<string, string> | null,
          expiresAt: chargeExpiresAt(now),
          createdAt: now,
        });
      });
      return {
        id: charge.id,
        message: CHARGE_MESSAGES.SUCCESS,
        point: charge.point,
        payable: charge.payable,
        depositorName: charge.depositorName,
        feeType,
        bankName: site.get('BANKING_NAME'),
        accountNumber: site.get('BANKING_ACCOUNT_NUMBER'),
        accountHolder: site.get('BANKING_DISPLAY_TEXT'),
        createdAt: charge.createdAt.toISOString(),
        expiresAt: charge.expiresAt.toISOString(),
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = await chargesRepository.pendingPayablesOf(this.db, depositorKey);
      const suggestion = suggestFreeChargePoint(body.point, feeType, taken, this.limits.maxWon);
      throw appError('CHARGE_CONFLICT', ambiguousChargeMessage(suggestion));
    }
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
