import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberActionRequest, MemberActionResponse } from '@smm/domain/contract';
import { adminMembersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { getMemberQueryOptions } from './get-member';
import { MEMBERS_QUERY_KEY } from '@/features/admin/api/query-keys';

/** The three operator actions on a member, each its own endpoint (see suspend / restore / reset). */
export type MemberAction = 'suspend' | 'restore' | 'api-key/reset';

/** Shared by the three mutation hooks: the answer replaces the profile, and the list is refetched. */
export function useMemberActionMutation(
  loginId: string,
  action: MemberAction,
  post: (loginId: string, body: MemberActionRequest) => Promise<MemberActionResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'member-action', action, loginId],
    mutationFn: (body: MemberActionRequest) => post(loginId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getMemberQueryOptions(loginId).queryKey }),
        queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
      ]);
    },
  });
}

const memberActionEndpoint = {
  suspend: adminMembersApi.suspend,
  restore: adminMembersApi.restore,
  'api-key/reset': adminMembersApi.resetApiKey,
};

export const postMemberAction = (loginId: string, action: MemberAction, body: MemberActionRequest) =>
  call(memberActionEndpoint[action], { params: { loginId }, body });
