import type { OrderActionRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/refill {memo} — 리필 요청 for the member, under the member's rules. */
export const requestOrderRefill = (id: number, body: OrderActionRequest) =>
  call(adminOrdersApi.requestOrderRefill, { params: { id }, body });

export const useRequestOrderRefill = () => useOrderActionMutation('refill', requestOrderRefill);
