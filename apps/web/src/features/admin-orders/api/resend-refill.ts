import type { RefillActionResponse, RefillResendRequest } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { useRefillActionMutation } from './refill-action-mutation';

/** POST /admin/api/refills/:id/resend {memo} — back to 대기, sent again on the next tick. */
export const resendRefill = (id: number, body: RefillResendRequest) =>
  api.post<RefillActionResponse>(`/admin/api/refills/${id}/resend`, body);

export const useResendRefill = () => useRefillActionMutation('resend', resendRefill);
