import { rewardsApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../auth/guards';
import { route } from '../http/route';
import type { ReferralRewardsService } from './referral-rewards.service';

/** The account page's referral block (docs/product.md#referral-rewards-and-charge-bonuses): the member's own only. */
export function rewardsRoutes(rewards: ReferralRewardsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, rewardsApi.referral, { config: { auth: 'member' } }, (request) =>
      rewards.summary(accountOf(request).id),
    );
  };
}
