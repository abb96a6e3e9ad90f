import type { OrderActionRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/force-refund {memo} — 강제 환불: cancelled and refunded now, marked forced. */
export const forceRefundOrder = (id: number, body: OrderActionRequest) =>
  call(adminOrdersApi.forceRefundOrder, { params: { id }, body });

export const useForceRefundOrder = () => useOrderActionMutation('force-refund', forceRefundOrder);
