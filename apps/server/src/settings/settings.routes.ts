import { siteApi } from '@smm/domain/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../http/send-cached';
import type { SettingsService } from './settings.service';
import { route } from '../http/route';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, siteApi.settings, {}, async (_, reply) => sendCachedJson(reply, await settings.publicJson()));
  };
}
