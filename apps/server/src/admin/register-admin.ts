import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleServices } from './console-services';
import { auditAdminRoutes } from './audit/audit-admin.routes';
import { catalogAdminRoutes } from './catalog/catalog-admin.routes';
import { catalogSyncAdminRoutes } from './catalog/catalog-sync-admin.routes';
import { providerHealthAdminRoutes } from './catalog/provider-health-admin.routes';
import { contentAdminRoutes } from './content/content-admin.routes';
import { dashboardAdminRoutes } from './dashboard/dashboard-admin.routes';
import { inquiriesAdminRoutes } from './inquiries/inquiries-admin.routes';
import { membersAdminRoutes } from './members/members-admin.routes';
import { pricingAdminRoutes } from './pricing/pricing-admin.routes';
import { notificationsAdminRoutes } from './notifications/notifications-admin.routes';
import { ordersAdminRoutes } from './orders/orders-admin.routes';
import { pointsAdminRoutes } from './points/points-admin.routes';
import { rewardsAdminRoutes } from './rewards/rewards-admin.routes';
import { settingsAdminRoutes } from './settings/settings-admin.routes';
import { watchAdminRoutes } from './watch/watch-admin.routes';

/**
 * The operator API under /admin/api, one plugin per console area, each handed its area's services
 * (built by the composition root). Every route in it is declared `auth: 'operator'`
 * (admin-guard.test.ts enumerates the route table to hold every one to that).
 */
export async function registerAdminRoutes(app: FastifyInstance, services: ConsoleServices): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await routes.register(settingsAdminRoutes(services.settings));
  await routes.register(dashboardAdminRoutes(services.dashboard));
  await routes.register(pointsAdminRoutes(services.points));
  await routes.register(catalogAdminRoutes(services.catalog));
  await routes.register(catalogSyncAdminRoutes(services.catalogSync));
  await routes.register(providerHealthAdminRoutes(services.providerHealth));
  await routes.register(ordersAdminRoutes(services.orders));
  await routes.register(membersAdminRoutes(services.members));
  await routes.register(contentAdminRoutes(services.content));
  await routes.register(auditAdminRoutes(services.audit));
  await routes.register(watchAdminRoutes(services.watch));
  await routes.register(notificationsAdminRoutes(services.notifications));
  await routes.register(inquiriesAdminRoutes(services.inquiries));
  await routes.register(pricingAdminRoutes(services.pricing));
  await routes.register(rewardsAdminRoutes(services.rewards));
}
