/**
 * Order and auto-order states with their fixed numbers and the Korean labels members see
 * (docs/product.md#orders, docs/product.md#auto-orders).
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

/** Provider (SMM API v2) status texts → ours (docs/ARCHITECTURE.md#upstream-providers). */
export function orderStatusFromProvider(text: string): OrderStatus | null {
  switch (text.trim().toLowerCase()) {
    case 'pending':
      return OrderStatus.PENDING;
    case 'processing':
      return OrderStatus.PROCESSING;
    case 'in progress':
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
