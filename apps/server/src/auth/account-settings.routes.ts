import { ACCOUNT_MESSAGES } from '@smm/domain';
import { changePasswordRequest, messageBody, referralCodeResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountSettingsService } from './account-settings.service';
import { accountOf } from './guards';

/** The account page's calls (docs/product.md#member-api): each for the signed-in member only. */
export function accountSettingsRoutes(accountSettings: AccountSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/change-password',
      { config: { auth: 'member' }, schema: { body: changePasswordRequest, response: { 200: messageBody } } },
      async (request) => {
        await accountSettings.changePassword(accountOf(request), request.body);
        return { message: ACCOUNT_MESSAGES.PASSWORD_CHANGED };
      },
    );

    app.post(
      '/auth/referral-code',
      { config: { auth: 'member' }, schema: { response: { 200: referralCodeResponse } } },
      (request) => accountSettings.issueReferralCode(accountOf(request)),
    );

    app.delete(
      '/auth/account',
      { config: { auth: 'member' }, schema: { response: { 200: messageBody } } },
      async (request) => {
        await accountSettings.deleteAccount(accountOf(request));
        return { message: ACCOUNT_MESSAGES.ACCOUNT_DELETED };
      },
    );
  };
}
