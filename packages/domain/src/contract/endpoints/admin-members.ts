import { endpoint } from '../endpoint';

/** The console's members and the operator's actions on one. Operators only. */
export const adminMembersApi = {
  members: endpoint({
    method: 'GET',
    path: '/admin/api/members',
    query: 'adminMembersQuery',
    response: 'adminMembersResponse',
  }),
  member: endpoint({
    method: 'GET',
    path: '/admin/api/members/:loginId',
    params: 'memberPathParams',
    response: 'adminMemberDetailResponse',
  }),
  suspend: endpoint({
    method: 'POST',
    path: '/admin/api/members/:loginId/suspend',
    params: 'memberPathParams',
    body: 'memberActionRequest',
    response: 'memberActionResponse',
  }),
  restore: endpoint({
    method: 'POST',
    path: '/admin/api/members/:loginId/restore',
    params: 'memberPathParams',
    body: 'memberActionRequest',
    response: 'memberActionResponse',
  }),
  resetApiKey: endpoint({
    method: 'POST',
    path: '/admin/api/members/:loginId/api-key/reset',
    params: 'memberPathParams',
    body: 'memberActionRequest',
    response: 'memberActionResponse',
  }),
};
