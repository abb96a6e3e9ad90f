import {
  adminSettingsResponse,
  settingPathParams,
  settingUpdateRequest,
  settingUpdateResponse,
  settingsConfigStatusResponse,
} from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';

/** The console's settings screen: the form's read model, and one write a call through the settings service. */
export function settingsAdminRoutes({ settings, view }: ConsoleServices['settings']): FastifyPluginAsyncZod {
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
      (request) => settings.update(accountOf(request).id, request.params.key, request.body.value),
    );
  };
}
