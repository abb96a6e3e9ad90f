import type { OrderActionRequest, OrderCancelResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/cancel {memo} — unsent: cancelled and refunded; at a provider: asked of it first. */
export const cancelOrder = (id: number, body: OrderActionRequest) =>
  api.post<OrderCancelResponse>(`/admin/api/orders/${id}/cancel`, body);

export const useCancelOrder = () => useOrderActionMutation('cancel', cancelOrder);
