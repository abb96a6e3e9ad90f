import type { MemberActionRequest } from '@smm/domain/contract';
import { postMemberAction, useMemberActionMutation } from './member-action';

/** POST /admin/api/members/:loginId/api-key/reset {memo} — the member must issue a new key. */
export const resetMemberApiKey = (loginId: string, body: MemberActionRequest) =>
  postMemberAction(loginId, 'api-key/reset', body);

export const useResetMemberApiKey = (loginId: string) =>
  useMemberActionMutation(loginId, 'api-key/reset', resetMemberApiKey);
