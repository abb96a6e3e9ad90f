import type { OrderPartialRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useOrderActionMutation } from './order-action-mutation';

/** POST /admin/api/orders/:id/partial {remains, memo} — PARTIAL, the remains' price refunded. */
export const markOrderPartial = (id: number, body: OrderPartialRequest) =>
  call(adminOrdersApi.markOrderPartial, { params: { id }, body });

export const useMarkOrderPartial = () => useOrderActionMutation('partial', markOrderPartial);
