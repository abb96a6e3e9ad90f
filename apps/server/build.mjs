// Bundles the server (and the workspace domain package, which ships as TypeScript source) into
// dist/main.js. Third-party packages stay external: PGlite loads its WASM relative to itself.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@smm/'));

await build({
  // The embedded database's thread is its own entry (db/pglite-in-thread.ts starts it beside main.js).
  entryPoints: { main: 'src/main.ts', 'pglite-thread': 'src/db/pglite-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
