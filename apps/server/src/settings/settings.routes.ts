import { settingsResponse } from '@smm/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../http/send-cached';
import type { SettingsService } from './settings.service';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/service/settings', { schema: { response: { 200: settingsResponse } } }, async (_, reply) =>
      sendCachedJson(reply, await settings.publicJson()),
    );
  };
}
