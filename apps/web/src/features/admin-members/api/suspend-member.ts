import type { MemberActionRequest } from '@smm/domain/contract';
import { postMemberAction, useMemberActionMutation } from './member-action';

/** POST /admin/api/members/:loginId/suspend {memo} — the memo is required (the audit log keeps it). */
export const suspendMember = (loginId: string, body: MemberActionRequest) =>
  postMemberAction(loginId, 'suspend', body);

export const useSuspendMember = (loginId: string) =>
  useMemberActionMutation(loginId, 'suspend', suspendMember);
