import type { FastifyInstance } from 'fastify';
import type { SettingsService } from './settings.service';

export function settingsRoutes(settings: SettingsService) {
  return async (app: FastifyInstance) => {
    app.get('/service/settings', () => settings.listPublic());
  };
}
