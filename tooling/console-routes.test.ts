import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleRouteFiles, consoleRoutesThatConstruct, constructedServices } from './console-routes';

const root = join(import.meta.dirname, '..');

describe('console route files', () => {
  it('build no service: the composition root hands each its own', () => {
    // The walk found the console's route files at all (an empty list would pass anything).
    expect(consoleRouteFiles(root).length).toBeGreaterThan(5);
    expect(consoleRoutesThatConstruct(root)).toEqual({});
  });

  it('are caught building a service of the project, a read model or a domain operation alike', () => {
    const probe = [
      "import { AuditAdminService } from './audit-admin.service';",
      "import * as points from '../../points/receipts';",
      'export function probeRoutes(db: never) {',
      '  const audit = new AuditAdminService(db);',
      '  const receipts = new points.ReceiptsService(db, db);',
      '  return [audit, receipts];',
      '}',
    ].join('\n');
    expect(constructedServices('probe.routes.ts', probe)).toEqual([
      '4: new AuditAdminService',
      '5: new points.ReceiptsService',
    ]);
    const local = 'class Cache {}\nexport const make = () => new Cache();\n';
    expect(constructedServices('probe.routes.ts', local)).toEqual(['2: new Cache']);
  });

  it('may still make plain values: built-ins and third-party classes are not services', () => {
    const plain = [
      "import { z } from 'zod';",
      'export const seen = new Map<string, number>();',
      'export const when = new Date(0);',
      'export const schema = z.object({});',
    ].join('\n');
    expect(constructedServices('probe.routes.ts', plain)).toEqual([]);
  });
});
