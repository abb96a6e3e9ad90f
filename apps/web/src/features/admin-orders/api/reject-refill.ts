import type { RefillActionResponse, RefillRejectRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useRefillActionMutation } from './refill-action-mutation';

/** POST /admin/api/refills/:id/reject {memo} — 거절, the memo kept as the reason the member reads. */
export const rejectRefill = (id: number, body: RefillRejectRequest) =>
  api.post<RefillActionResponse>(`/admin/api/refills/${id}/reject`, body);

export const useRejectRefill = () => useRefillActionMutation('reject', rejectRefill);
