import type { OrderActionRequest, OrderCancelResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/force-refund {memo} — 강제 환불: cancelled and refunded now, marked forced. */
export const forceRefundOrder = (id: number, body: OrderActionRequest) =>
  api.post<OrderCancelResponse>(`/admin/api/orders/${id}/force-refund`, body);

export const useForceRefundOrder = () => useOrderActionMutation('force-refund', forceRefundOrder);
