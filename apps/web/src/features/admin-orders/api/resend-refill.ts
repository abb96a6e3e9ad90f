import type { RefillResendRequest } from '@smm/domain/contract';
import { adminOrdersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { useRefillActionMutation } from './refill-action-mutation';

/** POST /admin/api/refills/:id/resend {memo} — back to 대기, sent again on the next tick. */
export const resendRefill = (id: number, body: RefillResendRequest) =>
  call(adminOrdersApi.resendRefill, { params: { id }, body });

export const useResendRefill = () => useRefillActionMutation('resend', resendRefill);
