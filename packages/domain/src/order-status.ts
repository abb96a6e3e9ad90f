/**
 * Order and auto-order states with their fixed numbers and their Korean labels
 * (docs/product.md#orders, docs/product.md#auto-orders). The labels are the only ones: members, the
 * console and its dashboard all name a state with the same word (docs/product.md#operator-console), so an
 * operator reading a member's screen or talking to a member uses the member's word.
 */
export const OrderStatus = {
  PENDING: 0,
  INPROGRESS: 1,
  COMPLETED: 2,
  PARTIAL: 3,
  PROCESSING: 4,
  CANCELED: 5,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus);

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  0: '주문접수',
  1: '가동중',
  2: '주문완료',
  3: '주문실패',
  4: '주문대기',
  5: '주문취소 및 전액 환불',
};

/** States an order can still leave: its provider status is refreshed until it reaches another. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [
  OrderStatus.PENDING,
  OrderStatus.INPROGRESS,
  OrderStatus.PROCESSING,
];

export const AutoOrderStatus = {
  ACTIVE: 0,
  COMPLETED: 1,
  /** Spelt so on the wire (docs/product.md#auto-orders). */
  CANCLED: 2,
  PARTIAL: 3,
} as const;
export type AutoOrderStatus = (typeof AutoOrderStatus)[keyof typeof AutoOrderStatus];
export const AUTO_ORDER_STATUSES = Object.values(AutoOrderStatus);

export const AUTO_ORDER_STATUS_LABELS: Record<AutoOrderStatus, string> = {
  0: '활성',
  1: '완료',
  2: '취소',
  3: '완료',
};

/**
 * Numeric status codes some panels send in place of the text (docs/ARCHITECTURE.md#upstream-providers):
 * 0 Pending, 1 In progress, 2 Completed, 3 Partial, 4 Processing, 5 Canceled. Read only from a number
 * or a text of digits alone; any other code is unknown.
 */
const PROVIDER_STATUS_CODES: Record<string, OrderStatus> = {
  '0': OrderStatus.PENDING,
  '1': OrderStatus.INPROGRESS,
  '2': OrderStatus.COMPLETED,
  '3': OrderStatus.PARTIAL,
  '4': OrderStatus.PROCESSING,
  '5': OrderStatus.CANCELED,
};

/**
 * Provider (SMM API v2) statuses → ours (docs/ARCHITECTURE.md#upstream-providers): the text in any
 * case, with spaces, `_` or `-` between words or none (`In progress`, `IN_PROGRESS`, `inprogress`), or
 * a numeric code (PROVIDER_STATUS_CODES); null for anything else.
 */
export function orderStatusFromProvider(status: string | number): OrderStatus | null {
  const text = String(status).trim();
  if (/^\d+$/.test(text)) return PROVIDER_STATUS_CODES[String(Number(text))] ?? null;
  switch (text.toLowerCase().replace(/[\s_-]+/g, '')) {
    case 'pending':
      return OrderStatus.PENDING;
    case 'processing':
      return OrderStatus.PROCESSING;
    case 'inprogress':
      return OrderStatus.INPROGRESS;
    case 'completed':
      return OrderStatus.COMPLETED;
    case 'partial':
      return OrderStatus.PARTIAL;
    case 'canceled':
    case 'cancelled':
      return OrderStatus.CANCELED;
    default:
      return null;
  }
}

/** History pages (docs/product.md#order-histories): 10 rows a page. */
export const HISTORY_PAGE_SIZE = 10;
