import { type AdminMemberProfile } from '@smm/domain/contract';
import { adminMembersApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentMember } from '../../accounts/member-administration';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';
import { operatorAction } from '../operator-action';

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

    route(app, adminMembersApi.members, { config: operator }, (request) => members.list(request.query));
    route(app, adminMembersApi.member, { config: operator }, (request) =>
      members.detail(request.params.loginId),
    );
    operatorAction(app, adminMembersApi.suspend, (by, { loginId }, { memo }) =>
      administration.suspend(by, loginId, memo, profile),
    );
    operatorAction(app, adminMembersApi.restore, (by, { loginId }, { memo }) =>
      administration.restore(by, loginId, memo, profile),
    );
    operatorAction(app, adminMembersApi.resetApiKey, (by, { loginId }, { memo }) =>
      administration.resetApiKey(by, loginId, memo, profile),
    );
  };
}
