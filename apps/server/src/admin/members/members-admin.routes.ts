import {
  adminMemberDetailResponse,
  adminMembersQuery,
  adminMembersResponse,
  memberActionRequest,
  memberActionResponse,
  memberPathParams,
  type AdminMemberProfile,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentMember } from '../../accounts/member-administration';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';

/**
 * The console's members screens' calls. Operators only: every route declares `config: { auth: 'operator' }`.
 * Reads go to the console's read model (MembersAdminService); the actions are accounts/'s
 * MemberAdministration, answering with the read model's profile.
 */
export function membersAdminRoutes(deps: ConsoleServices['members']): FastifyPluginAsyncZod {
  const { members, administration } = deps;
  const profile: PresentMember<AdminMemberProfile> = (ex, account) => members.profileOf(ex, account);
  return async (app) => {
    const operator = { auth: 'operator' } as const;
    const action = {
      config: operator,
      schema: {
        params: memberPathParams,
        body: memberActionRequest,
        response: { 200: memberActionResponse },
      },
    };

    app.get(
      '/admin/api/members',
      {
        config: operator,
        schema: { querystring: adminMembersQuery, response: { 200: adminMembersResponse } },
      },
      (request) => members.list(request.query),
    );
    app.get(
      '/admin/api/members/:loginId',
      {
        config: operator,
        schema: { params: memberPathParams, response: { 200: adminMemberDetailResponse } },
      },
      (request) => members.detail(request.params.loginId),
    );
    app.post('/admin/api/members/:loginId/suspend', action, (request) =>
      administration.suspend(accountOf(request).id, request.params.loginId, request.body.memo, profile),
    );
    app.post('/admin/api/members/:loginId/restore', action, (request) =>
      administration.restore(accountOf(request).id, request.params.loginId, request.body.memo, profile),
    );
    app.post('/admin/api/members/:loginId/api-key/reset', action, (request) =>
      administration.resetApiKey(accountOf(request).id, request.params.loginId, request.body.memo, profile),
    );
  };
}
