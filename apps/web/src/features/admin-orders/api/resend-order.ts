import type { OrderActionRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/resend {memo} — the next tick sends an order its provider never accepted. */
export const resendOrder = (id: number, body: OrderActionRequest) =>
  call(adminOrdersApi.resendOrder, { params: { id }, body });

export const useResendOrder = () => useOrderActionMutation('resend', resendOrder);
