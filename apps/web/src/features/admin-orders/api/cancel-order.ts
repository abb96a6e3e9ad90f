import type { OrderActionRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/cancel {memo} — unsent: cancelled and refunded; at a provider: asked of it first. */
export const cancelOrder = (id: number, body: OrderActionRequest) =>
  call(adminOrdersApi.cancelOrder, { params: { id }, body });

export const useCancelOrder = () => useOrderActionMutation('cancel', cancelOrder);
