import type { RefillRejectRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useRefillActionMutation } from './refill-action-mutation';

/** POST /admin/api/refills/:id/reject {memo} — 거절, the memo kept as the reason the member reads. */
export const rejectRefill = (id: number, body: RefillRejectRequest) =>
  call(adminOrdersApi.rejectRefill, { params: { id }, body });

export const useRejectRefill = () => useRefillActionMutation('reject', rejectRefill);
