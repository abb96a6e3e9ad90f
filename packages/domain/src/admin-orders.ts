import { addSeoulDays, parseSeoulDate } from './admin-dashboard';
import { costOfUnitsWon, refundForRemainsWon } from './order-rules';
import { AutoOrderStatus, OPEN_ORDER_STATUSES, OrderStatus } from './order-status';
import { RefillStatus } from './refill-rules';

/**
 * The operator console's order actions: which action an order allows, what each refunds,
 * and the Korean messages, shared by the console's dialogs (what it explains before confirming) and the
 * server (what it checks under the row lock).
 */
export const ADMIN_ORDER_MESSAGES = {
  ORDER_NOT_FOUND: '주문을 찾을 수 없습니다.',
  AUTO_ORDER_NOT_FOUND: '자동주문을 찾을 수 없습니다.',
  IN_FLIGHT: '전송 중인 주문입니다. 잠시 후 다시 시도해주세요.',
  RESEND_AT_PROVIDER: '이미 공급사에 접수된 주문은 재전송할 수 없습니다.',
  RESEND_REFUNDED:
    '전송에 실패해 이미 취소·환불된 주문입니다. 다시 보내려면 새 주문이 필요합니다(재전송은 새로 결제하지 않습니다).',
  RESEND_FINAL: '이미 끝난 주문은 재전송할 수 없습니다.',
  RESEND_NO_PROVIDER: '상품에 연결된 공급사가 없거나 꺼져 있습니다. 상품의 공급사 설정을 먼저 확인해주세요.',
  CANCEL_FINAL: '이미 완료되었거나 부분 완료된 주문은 취소할 수 없습니다.',
  PARTIAL_NOT_ALLOWED: '취소된 주문은 부분 완료로 바꿀 수 없습니다.',
  PARTIAL_ALREADY:
    '이미 다른 미처리 수량으로 부분 완료된 주문입니다. 환불은 주문마다 한 번만 할 수 있습니다.',
  PARTIAL_REFUNDED: '이미 환불된 주문은 부분 완료로 바꿀 수 없습니다.',
  REMAINS_INVALID: '미처리 수량은 1 이상, 주문 수량보다 작은 정수로 입력해주세요.',
  AUTO_CANCEL_FINAL: '이미 끝난 자동주문은 취소할 수 없습니다.',
  DATE_INVALID: '기간은 yyyy-MM-dd 형식의 날짜로 입력해주세요.',
  DATE_ORDER: '기간의 시작일이 종료일보다 늦습니다.',
} as const;

/** Rows per page of the console's order lists: the default, and the most one request may ask for. */
export const ADMIN_ORDER_PAGE_SIZE = 20;
export const ADMIN_ORDER_PAGE_SIZE_MAX = 100;
export const ADMIN_ORDER_SORTS = ['id', 'createdAt', 'cost'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** What an operator action needs to know of an order. */
export interface AdminOrderFacts {
  status: number;
  amount: number;
  unitPriceMilli: number;
  cost: number;
  refunded: number;
  providerOrderId: string | null;
  remains: number | null;
  /** ISO time until which a worker holds the order (sending it or asking its status), or null. */
  leasedUntil: string | Date | null;
}

export const isOpenOrderStatus = (status: number) => OPEN_ORDER_STATUSES.includes(status as OrderStatus);

/** Whether a worker holds the order right now: an operator must wait for it. */
export function isOrderLeased(order: Pick<AdminOrderFacts, 'leasedUntil'>, now: Date): boolean {
  return order.leasedUntil !== null && new Date(order.leasedUntil).getTime() > now.getTime();
}

/**
 * Why "resend to provider" is refused, or null when it is allowed: only an open order its provider has
 * not accepted can be sent again. One the worker gave up on was already cancelled and refunded, so
 * sending it again would deliver without payment.
 */
export function resendRefusal(order: AdminOrderFacts, now: Date): string | null {
  const m = ADMIN_ORDER_MESSAGES;
  if (order.providerOrderId !== null) return m.RESEND_AT_PROVIDER;
  if (order.status === OrderStatus.CANCELED) return m.RESEND_REFUNDED;
  if (!isOpenOrderStatus(order.status)) return m.RESEND_FINAL;
  if (isOrderLeased(order, now)) return m.IN_FLIGHT;
  return null;
}

/** Why cancelling is refused, or null. Cancelling a cancelled order is allowed (it changes nothing). */
export function cancelRefusal(order: AdminOrderFacts, now: Date): string | null {
  if (order.status === OrderStatus.CANCELED) return null;
  if (!isOpenOrderStatus(order.status)) return ADMIN_ORDER_MESSAGES.CANCEL_FINAL;
  if (isOrderLeased(order, now)) return ADMIN_ORDER_MESSAGES.IN_FLIGHT;
  return null;
}

/** What cancelling an order gives back: everything not refunded yet. */
export function cancelRefundWon(order: Pick<AdminOrderFacts, 'cost' | 'refunded'>): number {
  return Math.max(0, order.cost - order.refunded);
}

/** The rule on the operator's "미처리 수량": a whole number of units, more than 0, less than the order. */
export function validatePartialRemains(remains: number, amount: number): string | null {
  if (!Number.isSafeInteger(remains) || remains <= 0 || remains >= amount) {
    return ADMIN_ORDER_MESSAGES.REMAINS_INVALID;
  }
  return null;
}

/**
 * Why marking an order partial with `remains` undelivered is refused, or null. Allowed on an open order
 * and on a COMPLETED one whose delivery the operator knows fell short; a PARTIAL one only with the same
 * remains (nothing to do): the ledger refunds an order once.
 */
export function partialRefusal(order: AdminOrderFacts, remains: number, now: Date): string | null {
  const m = ADMIN_ORDER_MESSAGES;
  const invalid = validatePartialRemains(remains, order.amount);
  if (invalid) return invalid;
  if (order.status === OrderStatus.PARTIAL) return order.remains === remains ? null : m.PARTIAL_ALREADY;
  if (order.status === OrderStatus.CANCELED) return m.PARTIAL_NOT_ALLOWED;
  if (order.refunded > 0) return m.PARTIAL_REFUNDED;
  if (isOpenOrderStatus(order.status) && isOrderLeased(order, now)) return m.IN_FLIGHT;
  return null;
}

/** Whether "부분 완료" can be offered at all (some remains from 1 to amount − 1 would be accepted). */
export function partialAllowed(order: AdminOrderFacts, now: Date): boolean {
  if (order.amount < 2) return false;
  if (order.status === OrderStatus.PARTIAL || order.status === OrderStatus.CANCELED) return false;
  return partialRefusal(order, 1, now) === null;
}

/** What marking an order partial gives back: the price of the undelivered units, within what is left. */
export function partialRefundWon(
  order: Pick<AdminOrderFacts, 'cost' | 'refunded' | 'unitPriceMilli' | 'amount'>,
  remains: number,
): number {
  const refund = refundForRemainsWon(order.cost, order.unitPriceMilli, order.amount, remains);
  return Math.max(0, Math.min(refund, order.cost - order.refunded));
}

/**
 * What stopping an auto-order gives back: its up-front total less the price of the runs already placed
 * (each placed run is an order of its own, refunded through that order if it falls short).
 */
export function autoOrderCancelRefundWon(autoOrder: {
  unitPriceMilli: number;
  amount: number;
  completed: number;
  cost: number;
}): number {
  const placed = costOfUnitsWon(
    autoOrder.unitPriceMilli,
    BigInt(autoOrder.amount) * BigInt(autoOrder.completed),
  );
  return Math.max(0, autoOrder.cost - placed);
}

/** Why stopping an auto-order is refused, or null (a cancelled one: allowed, it changes nothing). */
export function autoOrderCancelRefusal(autoOrder: { status: number }): string | null {
  if (autoOrder.status === AutoOrderStatus.ACTIVE || autoOrder.status === AutoOrderStatus.CANCLED)
    return null;
  return ADMIN_ORDER_MESSAGES.AUTO_CANCEL_FINAL;
}

// ─── Refills: the operator's 재전송 and 거절 (docs/product.md#refill-and-cancellation) ──────────────

export const ADMIN_REFILL_MESSAGES = {
  REFILL_NOT_FOUND: '리필 요청을 찾을 수 없습니다.',
  RESEND_NOT_ALLOWED: '거절되었거나 대기 중에 멈춘 리필만 재전송할 수 있습니다.',
  RESEND_AT_PROVIDER: '이미 공급사에 접수된 리필은 재전송할 수 없습니다.',
  RESEND_OPEN_EXISTS: '이 주문에 진행 중인 다른 리필 요청이 있습니다. 그 요청이 끝난 뒤 다시 시도해주세요.',
  IN_FLIGHT: '공급사에 보내는 중인 리필입니다. 잠시 후 다시 시도해주세요.',
  REJECT_MEMO_REQUIRED: '거절 사유를 입력해주세요.',
} as const;

/** What the operator's refill actions need to know of a refill. */
export interface AdminRefillFacts {
  status: number;
  providerRefillId: string | null;
  attempts: number;
  reason: string | null;
  nextCheckAt: string | Date | null;
  /** ISO time until which a worker holds the refill (sending it or asking its status), or null. */
  leasedUntil: string | Date | null;
}

export const isOpenRefillStatus = (status: number) =>
  status === RefillStatus.PENDING || status === RefillStatus.INPROGRESS;

/**
 * Why 재전송 is refused, or null: a REJECTED refill may be asked again, and a PENDING one its provider
 * never took (stuck in retries); never one a worker holds right now or one the provider has.
 */
export function refillResendRefusal(refill: AdminRefillFacts, now: Date): string | null {
  const m = ADMIN_REFILL_MESSAGES;
  if (refill.status === RefillStatus.REJECTED) return null;
  if (refill.status !== RefillStatus.PENDING) return m.RESEND_NOT_ALLOWED;
  if (refill.providerRefillId !== null) return m.RESEND_AT_PROVIDER;
  if (isOrderLeased(refill, now)) return m.IN_FLIGHT;
  return null;
}

/** A PENDING refill already due, with nothing failed: 재전송 has nothing to change. */
export function refillResendReached(refill: AdminRefillFacts, now: Date): boolean {
  return (
    refill.status === RefillStatus.PENDING &&
    refill.attempts === 0 &&
    refill.reason === null &&
    refill.nextCheckAt !== null &&
    new Date(refill.nextCheckAt).getTime() <= now.getTime()
  );
}

/** Why 거절 is refused, or null (a finished refill: allowed, it changes nothing). */
export function refillRejectRefusal(refill: AdminRefillFacts, now: Date): string | null {
  if (!isOpenRefillStatus(refill.status)) return null;
  if (isOrderLeased(refill, now)) return ADMIN_REFILL_MESSAGES.IN_FLIGHT;
  return null;
}

// ─── Dates: the filter's days are Korean calendar days whatever the machine's zone ──────────────────

/** [from's 00:00 KST, the day after to's 00:00 KST): both days whole; null when either is not a date. */
export function seoulDayRange(from?: string, to?: string): { start?: Date; end?: Date } | null {
  const start = from ? parseSeoulDate(from) : undefined;
  const last = to ? parseSeoulDate(to) : undefined;
  if (start === null || last === null) return null;
  return { ...(start ? { start } : {}), ...(last ? { end: addSeoulDays(last, 1) } : {}) };
}
