import { OrderStatus } from './order-status';
import { withParticle } from './korean-particles';

/**
 * Refill and cancellation by the member (docs/product.md#refill-and-cancellation): who may ask for a
 * refill of which order and when, who may cancel what, and the Korean words for each refusal. The
 * order screens show a button only where these say yes; the server asks the same functions again.
 */

/** A refill's own states (table order_refills). Refills move no money. */
export const RefillStatus = {
  /** Asked, not yet at the provider. */
  PENDING: 0,
  /** The provider has it. */
  INPROGRESS: 1,
  COMPLETED: 2,
  /** The provider refused it or answered with an error (its reason kept). */
  REJECTED: 3,
} as const;
export type RefillStatus = (typeof RefillStatus)[keyof typeof RefillStatus];
export const REFILL_STATUSES = Object.values(RefillStatus);
export const OPEN_REFILL_STATUSES: readonly RefillStatus[] = [RefillStatus.PENDING, RefillStatus.INPROGRESS];

export const REFILL_STATUS_LABELS: Record<RefillStatus, string> = {
  0: '대기',
  1: '진행중',
  2: '완료',
  3: '거절',
};

/** The trade's rule: one refill request per order a day. */
export const REFILL_REQUEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The longest refill window an operator may give a service. */
export const REFILL_DAYS_MAX = 365;
/** What an imported or synced service gets when its provider says `refill: true` (the trade's usual). */
export const DEFAULT_REFILL_DAYS = 30;

export const REFILL_MESSAGES = {
  NOT_REFILLABLE: '리필을 지원하지 않는 서비스입니다.',
  NOT_ELIGIBLE: '완료되었거나 부분 완료된 주문만 리필을 요청할 수 있습니다.',
  WINDOW_PASSED: (days: number) => `리필 가능 기간(완료 후 ${days}일)이 지났습니다.`,
  ALREADY_OPEN: '이미 진행 중인 리필 요청이 있습니다. 끝난 뒤 다시 요청해 주세요.',
  TOO_SOON: '리필은 주문 하나에 하루 한 번 요청할 수 있습니다. 내일 다시 요청해 주세요.',
  NO_PROVIDER: '이 주문은 리필을 보낼 공급사가 없습니다. 고객센터로 문의해 주세요.',
} as const;

export interface RefillEligibilityInput {
  orderStatus: number;
  /** When the order reached its final status (null: not final, or unknown). */
  finishedAt: Date | null;
  /** The service's refill window in days; 0 = no refill. */
  refillDays: number;
  /** An open (PENDING or INPROGRESS) refill of this order exists. */
  hasOpenRefill: boolean;
  /** The newest refill request of this order, whatever its state. */
  lastRequestedAt: Date | null;
  now: Date;
}

/** Why this order cannot be refilled now, in Korean; null when it can. Checked in this order. */
export function refillRefusal(input: RefillEligibilityInput): string | null {
  if (input.refillDays <= 0) return REFILL_MESSAGES.NOT_REFILLABLE;
  if (input.orderStatus !== OrderStatus.COMPLETED && input.orderStatus !== OrderStatus.PARTIAL) {
    return REFILL_MESSAGES.NOT_ELIGIBLE;
  }
  if (input.finishedAt === null) return REFILL_MESSAGES.NOT_ELIGIBLE;
  if (input.now.getTime() > refillWindowEndsAt(input.finishedAt, input.refillDays).getTime()) {
    return REFILL_MESSAGES.WINDOW_PASSED(input.refillDays);
  }
  if (input.hasOpenRefill) return REFILL_MESSAGES.ALREADY_OPEN;
  if (
    input.lastRequestedAt !== null &&
    input.now.getTime() - input.lastRequestedAt.getTime() < REFILL_REQUEST_INTERVAL_MS
  ) {
    return REFILL_MESSAGES.TOO_SOON;
  }
  return null;
}

/** The last moment a refill may be asked for: the finish time plus the window, to the millisecond. */
export function refillWindowEndsAt(finishedAt: Date, refillDays: number): Date {
  return new Date(finishedAt.getTime() + refillDays * 24 * 60 * 60 * 1000);
}

/** Provider refill status texts (`refill_status`) → ours; null for anything unknown (asked again later). */
export function refillStatusFromProvider(text: string): RefillStatus | null {
  switch (
    text
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '')
  ) {
    case 'pending':
      return RefillStatus.PENDING;
    case 'inprogress':
    case 'processing':
      return RefillStatus.INPROGRESS;
    case 'completed':
    case 'complete':
      return RefillStatus.COMPLETED;
    case 'rejected':
    case 'canceled':
    case 'cancelled':
    case 'error':
      return RefillStatus.REJECTED;
    default:
      return null;
  }
}

/** The trade's refill status texts (v2 `refill_status`, the REST API). */
export const REFILL_STATUS_V2: Record<RefillStatus, string> = {
  0: 'Pending',
  1: 'In progress',
  2: 'Completed',
  3: 'Rejected',
};

export const ORDER_CANCEL_MESSAGES = {
  NOT_CANCELLABLE: '취소할 수 없는 서비스입니다.',
  FINAL: '이미 끝난 주문은 취소할 수 없습니다.',
  ALREADY_REQUESTED: '이미 취소를 요청한 주문입니다. 공급사의 확인을 기다리고 있습니다.',
  IN_FLIGHT: '주문을 공급사에 보내는 중입니다. 잠시 후 다시 시도해 주세요.',
  HELD: '운영자 확인이 필요한 주문이라 취소할 수 없습니다. 고객센터로 문의해 주세요.',
  PROVIDER_REFUSED: '공급사가 취소를 받아들이지 않았습니다. 주문은 그대로 진행됩니다.',
  CANCELLED: (won: string) => `주문을 취소했습니다. ${withParticle(won, '이/가')} 환불되었습니다.`,
  REQUESTED: '공급사에 취소를 요청했습니다. 취소가 확인되면 남은 금액이 환불됩니다.',
  AUTO_NOT_ACTIVE: '진행 중인 자동 주문만 취소할 수 있습니다.',
} as const;

/** The order screens' word for an order whose provider was asked to cancel it. */
export const CANCEL_REQUESTED_LABEL = '취소 요청됨';

/** Why the member cannot cancel this order, in Korean; null when the button may show. */
export function orderCancelRefusal(input: {
  orderStatus: number;
  cancellable: boolean;
  cancelRequested: boolean;
}): string | null {
  if (!input.cancellable) return ORDER_CANCEL_MESSAGES.NOT_CANCELLABLE;
  if (
    input.orderStatus !== OrderStatus.PENDING &&
    input.orderStatus !== OrderStatus.INPROGRESS &&
    input.orderStatus !== OrderStatus.PROCESSING
  ) {
    return ORDER_CANCEL_MESSAGES.FINAL;
  }
  if (input.cancelRequested) return ORDER_CANCEL_MESSAGES.ALREADY_REQUESTED;
  return null;
}

export const CHARGE_WITHDRAW_MESSAGES = {
  NOT_PENDING: '입금 대기 중인 충전 신청만 취소할 수 있습니다.',
  WITHDRAWN: '충전 신청을 취소했습니다.',
} as const;

/** Two open orders of one service for one link (refused unless ALLOW_OVERLAPPING_ORDERS is on). */
export const ORDER_OVERLAP_MESSAGE =
  '같은 링크로 진행 중인 같은 서비스의 주문이 있습니다. 앞 주문이 끝난 뒤 다시 주문해 주세요.';
/** The trade's v2 wording of the same refusal. */
export const ORDER_OVERLAP_V2_ERROR =
  'You have active order with this link. Please wait until order being completed.';
