import type { OrderActionRequest, RefillActionResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/refill {memo} — 리필 요청 for the member, under the member's rules. */
export const requestOrderRefill = (id: number, body: OrderActionRequest) =>
  api.post<RefillActionResponse>(`/admin/api/orders/${id}/refill`, body);

export const useRequestOrderRefill = () => useOrderActionMutation('refill', requestOrderRefill);
