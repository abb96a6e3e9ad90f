import { type AdminMemberProfile } from '@smm/domain/contract';
import { adminMembersApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentMember } from '../../accounts/member-administration';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

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
    const action = { config: operator };

    route(app, adminMembersApi.members, { config: operator }, (request) => members.list(request.query));
    route(app, adminMembersApi.member, { config: operator }, (request) =>
      members.detail(request.params.loginId),
    );
    route(app, adminMembersApi.suspend, action, (request) =>
      administration.suspend(accountOf(request).id, request.params.loginId, request.body.memo, profile),
    );
    route(app, adminMembersApi.restore, action, (request) =>
      administration.restore(accountOf(request).id, request.params.loginId, request.body.memo, profile),
    );
    route(app, adminMembersApi.resetApiKey, action, (request) =>
      administration.resetApiKey(accountOf(request).id, request.params.loginId, request.body.memo, profile),
    );
  };
}
