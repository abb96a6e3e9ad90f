import { adminApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../auth/guards';
import type { ConsoleServices } from '../console-services';
import { route } from '../../http/route';

/** The console's settings screen: the form's read model, and one write a call through the settings service. */
export function settingsAdminRoutes({ settings, view }: ConsoleServices['settings']): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = { auth: 'operator' } as const;
    route(app, adminApi.settings, { config: operator }, () => view.list());
    route(app, adminApi.settingsConfigStatus, { config: operator }, () => view.configStatus());
    route(app, adminApi.updateSetting, { config: operator }, (request) =>
      settings.update(accountOf(request).id, request.params.key, request.body.value),
    );
  };
}
