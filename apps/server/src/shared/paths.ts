import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server runs both from source (tests, dev) and bundled into dist/main.js, at different depths;
 * walking up to the package root finds the migrations and the web build either way.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@smm/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @smm/server package root');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsDir = join(serverRoot, 'drizzle');
export const defaultWebDist = resolve(serverRoot, '../web/dist');
