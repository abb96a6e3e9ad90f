import { useQuery } from '@tanstack/react-query';
import type { AdminMemberDetailResponse } from '@smm/domain/contract';
import { api, isApiError } from '@/lib/api-client';

export type { AdminMemberDetailResponse };

export const memberQueryKey = (loginId: string) => ['admin', 'member', loginId.toLowerCase()] as const;

export const getMember = (loginId: string) =>
  api.get<AdminMemberDetailResponse>(`/admin/api/members/${encodeURIComponent(loginId)}`);

/** A member's profile with their 20 newest orders and charges; a 404 is not retried. */
export const useMember = (loginId: string) =>
  useQuery({
    queryKey: memberQueryKey(loginId),
    queryFn: () => getMember(loginId),
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
  });
