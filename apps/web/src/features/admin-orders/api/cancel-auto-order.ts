import type { OrderActionRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/auto-orders/:id/cancel {memo} — stopped; the runs not placed are refunded. */
export const cancelAutoOrder = (id: number, body: OrderActionRequest) =>
  call(adminOrdersApi.cancelAutoOrder, { params: { id }, body });

export const useCancelAutoOrder = () => useOrderActionMutation('auto-cancel', cancelAutoOrder);
