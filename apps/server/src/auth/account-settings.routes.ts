import { ACCOUNT_MESSAGES } from '@smm/domain';
import { authApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountSettingsService } from './account-settings.service';
import { accountOf } from './guards';
import { route } from '../http/route';

/** The account page's calls (docs/product.md#member-api): each for the signed-in member only. */
export function accountSettingsRoutes(accountSettings: AccountSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, authApi.changePassword, { config: { auth: 'member' } }, async (request) => {
      await accountSettings.changePassword(accountOf(request), request.body);
      return { message: ACCOUNT_MESSAGES.PASSWORD_CHANGED };
    });

    route(app, authApi.issueReferralCode, { config: { auth: 'member' } }, (request) =>
      accountSettings.issueReferralCode(accountOf(request)),
    );

    route(app, authApi.deleteAccount, { config: { auth: 'member' } }, async (request) => {
      await accountSettings.deleteAccount(accountOf(request));
      return { message: ACCOUNT_MESSAGES.ACCOUNT_DELETED };
    });
  };
}
