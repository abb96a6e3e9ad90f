import type { MemberActionRequest } from '@smm/domain/contract';
import { postMemberAction, useMemberActionMutation } from './member-action';

/** POST /admin/api/members/:loginId/restore {memo} */
export const restoreMember = (loginId: string, body: MemberActionRequest) =>
  postMemberAction(loginId, 'restore', body);

export const useRestoreMember = (loginId: string) =>
  useMemberActionMutation(loginId, 'restore', restoreMember);
