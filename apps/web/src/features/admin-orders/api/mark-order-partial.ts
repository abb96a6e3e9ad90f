import type { OrderActionResponse, OrderPartialRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/partial {remains, memo} — PARTIAL, the remains' price refunded. */
export const markOrderPartial = (id: number, body: OrderPartialRequest) =>
  api.post<OrderActionResponse>(`/admin/api/orders/${id}/partial`, body);

export const useMarkOrderPartial = () => useOrderActionMutation('partial', markOrderPartial);
