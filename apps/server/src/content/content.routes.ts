import type { FastifyInstance } from 'fastify';
import type { ContentService } from './content.service';

export function contentRoutes(content: ContentService) {
  return async (app: FastifyInstance) => {
    app.get('/service/register-where', () => content.listRegisterWheres());
    app.get('/service/notices', () => content.listNotices());
    app.get('/service/qnas', () => content.listQnas());
    app.get('/service/popup', () => content.listPopups());
  };
}
