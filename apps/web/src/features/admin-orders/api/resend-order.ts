import type { OrderActionRequest, OrderActionResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/resend {memo} — the next tick sends an order its provider never accepted. */
export const resendOrder = (id: number, body: OrderActionRequest) =>
  api.post<OrderActionResponse>(`/admin/api/orders/${id}/resend`, body);

export const useResendOrder = () => useOrderActionMutation('resend', resendOrder);
