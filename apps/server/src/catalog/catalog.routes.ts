import type { FastifyInstance } from 'fastify';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService) {
  return async (app: FastifyInstance) => {
    app.get('/service/platforms', () => catalog.listPlatforms());
    // 'categorys' is the path SPEC.md §7 fixes.
    app.get('/service/categorys', () => catalog.listCategories());
    app.get('/service/services', () => catalog.listServices());
  };
}
