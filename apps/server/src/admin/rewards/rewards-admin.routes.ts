import { adminRewardsApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import type { ConsoleServices } from '../console-services';
import { operatorAction } from '../operator-action';

/**
 * The console's 추천인 적립 (docs/product.md#referral-rewards-and-charge-bonuses): every referrer's totals
 * and the latest rewards; withhold or release one with a memo (audit log). Operators only.
 */
export function rewardsAdminRoutes(deps: ConsoleServices['rewards']): FastifyPluginAsyncZod {
  const { rewards } = deps;
  return async (app) => {
    route(app, adminRewardsApi.rewards, { config: { auth: 'operator' } }, (request) =>
      rewards.list(request.query.referrer),
    );
    operatorAction(app, adminRewardsApi.withhold, (by, { id }, { memo }) => rewards.withhold(by, id, memo));
    operatorAction(app, adminRewardsApi.release, (by, { id }, { memo }) => rewards.release(by, id, memo));
  };
}
