import type { AutoOrderCancelResponse, OrderActionRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/auto-orders/:id/cancel {memo} — stopped; the runs not placed are refunded. */
export const cancelAutoOrder = (id: number, body: OrderActionRequest) =>
  api.post<AutoOrderCancelResponse>(`/admin/api/auto-orders/${id}/cancel`, body);

export const useCancelAutoOrder = () => useOrderActionMutation('auto-cancel', cancelAutoOrder);
