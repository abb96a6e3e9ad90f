import {
  adminMemberDetailResponse,
  adminMembersQuery,
  adminMembersResponse,
  memberActionRequest,
  memberActionResponse,
  memberPathParams,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { AdminDeps } from '../admin-deps';
import { MembersAdminService } from './members-admin.service';

/** The console's members screens' calls. Operators only: every route declares `config: { auth: 'operator' }`. */
export function membersAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const members = new MembersAdminService(deps.db, deps.services.clock);
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
      members.suspend(accountOf(request).id, request.params.loginId, request.body.memo),
    );
    app.post('/admin/api/members/:loginId/restore', action, (request) =>
      members.restore(accountOf(request).id, request.params.loginId, request.body.memo),
    );
    app.post('/admin/api/members/:loginId/api-key/reset', action, (request) =>
      members.resetApiKey(accountOf(request).id, request.params.loginId, request.body.memo),
    );
  };
}
