import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminDeps } from './admin-deps';
import { auditAdminRoutes } from './audit/audit-admin.routes';
import { catalogAdminRoutes } from './catalog/catalog-admin.routes';
import { catalogueSyncAdminRoutes } from './catalog/catalogue-sync-admin.routes';
import { providerHealthAdminRoutes } from './catalog/provider-health-admin.routes';
import { contentAdminRoutes } from './content/content-admin.routes';
import { dashboardAdminRoutes } from './dashboard/dashboard-admin.routes';
import { membersAdminRoutes } from './members/members-admin.routes';
import { notificationsAdminRoutes } from './notifications/notifications-admin.routes';
import { ordersAdminRoutes } from './orders/orders-admin.routes';
import { pointsAdminRoutes } from './points/points-admin.routes';
import { settingsAdminRoutes } from './settings/settings-admin.routes';
import { watchAdminRoutes } from './watch/watch-admin.routes';

/**
 * The operator API under /admin/api, one plugin per console area. Every route in it is declared
 * `auth: 'operator'` (admin-guard.test.ts enumerates the route table to hold every one to that).
 */
export async function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await routes.register(settingsAdminRoutes(deps));
  await routes.register(dashboardAdminRoutes(deps));
  await routes.register(pointsAdminRoutes(deps));
  await routes.register(catalogAdminRoutes(deps));
  await routes.register(catalogueSyncAdminRoutes(deps));
  await routes.register(providerHealthAdminRoutes(deps));
  await routes.register(ordersAdminRoutes(deps));
  await routes.register(membersAdminRoutes(deps));
  await routes.register(contentAdminRoutes(deps));
  await routes.register(auditAdminRoutes(deps));
  await routes.register(watchAdminRoutes(deps));
  await routes.register(notificationsAdminRoutes(deps));
}
