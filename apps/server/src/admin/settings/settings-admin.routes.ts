import {
  adminSettingsResponse,
  settingPathParams,
  settingUpdateRequest,
  settingUpdateResponse,
  settingsConfigStatusResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { AdminDeps } from '../admin-deps';
import { SettingsAdminService } from './settings-admin.service';

/** The console's settings screen: the form's read model, and one write a call through the settings service. */
export function settingsAdminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const { services } = deps;
  const view = new SettingsAdminService(services.settings, deps.missingServerVariables);
  return async (app) => {
    const operator = { auth: 'operator' } as const;
    app.get(
      '/admin/api/settings',
      { config: operator, schema: { response: { 200: adminSettingsResponse } } },
      () => view.list(),
    );
    app.get(
      '/admin/api/settings/config-status',
      { config: operator, schema: { response: { 200: settingsConfigStatusResponse } } },
      () => view.configStatus(),
    );
    app.put(
      '/admin/api/settings/:key',
      {
        config: operator,
        schema: {
          params: settingPathParams,
          body: settingUpdateRequest,
          response: { 200: settingUpdateResponse },
        },
      },
      (request) => services.settings.update(accountOf(request).id, request.params.key, request.body.value),
    );
  };
}
