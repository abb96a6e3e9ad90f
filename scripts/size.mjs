#!/usr/bin/env node
// npm run size [-- --build] [-- --json-only]
//
// What each route of the web app loads on a first visit, gzipped: the entry chunk and its static imports,
// plus the route's lazy screen chunk (app-routes.tsx: `lazyScreen(() => import('…'))`) and its static
// imports, JS and CSS, each file counted once. Fonts and images are left out (Pretendard's subsets load
// per glyph range the page uses). Sizes are gzip level 9 (node:zlib), 1 KB = 1,000 bytes (as Vite prints).
// Exits 1 when a budget is exceeded (`/` and `/order` ≤ 150 KB of JS each) or when any code of the operator
// console (src/features/admin and its areas, src/features/admin-*) is part of a member route's first load.
//
// Builds apps/web when apps/web/dist has no Vite manifest (or with --build); otherwise reads the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { lazyModules as lazyScreens, loadPaths, memberRoutes, routeTable } from './size-routes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'apps/web');
const distDir = join(webDir, 'dist');
const manifestPath = join(distDir, '.vite/manifest.json');
const routesPath = join(webDir, 'src/app/app-routes.tsx');
const pathsPath = join(webDir, 'src/lib/paths.ts');

const GZIP_LEVEL = 9;
const KB = 1000;
/** Budgets in KB of gzipped JS on a first visit: the landing and the order form, the pages opened most. */
const JS_BUDGETS_KB = { '/': 150, '/order': 150 };

const args = new Set(process.argv.slice(2));

if (args.has('--build') || !existsSync(manifestPath)) {
  console.error(
    existsSync(manifestPath) ? 'Rebuilding apps/web …' : 'No build with a manifest yet: building apps/web …',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@smm/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`${manifestPath} has no entry chunk`);

/** The JS and CSS files a chunk loads before it runs: itself, its static imports (transitively), their CSS. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

// Route table, read from app-routes.tsx with each `path={paths.…}` worked out from src/lib/paths.ts
// (scripts/size-routes.mjs). A route whose element is not a lazy screen lives in the entry.
const routesSource = readFileSync(routesPath, 'utf8');
const lazyModules = lazyScreens(routesSource);
const routes = memberRoutes(routeTable(routesSource, await loadPaths(pathsPath)));
if (routes.length === 0) throw new Error(`${routesPath} declares no member route the check can read`);

/** The manifest key of a module under apps/web/src (`features/order/routes/order` → src/…/order.tsx). */
function manifestKeyOf(modulePath) {
  for (const ext of ['.tsx', '.ts', '.jsx', '.js']) {
    const key = `src/${modulePath}${ext}`;
    if (manifest[key]) return key;
  }
  // A dynamic entry Rollup merged with modules it alone uses is keyed by its chunk name (`_admin-app-….js`).
  const name = modulePath.split('/').pop();
  const merged = Object.keys(manifest).find(
    (key) => manifest[key].isDynamicEntry && manifest[key].name === name,
  );
  if (merged) return merged;
  throw new Error(`the lazy module @/${modulePath} has no chunk in the manifest (is the build current?)`);
}

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: GZIP_LEVEL }).length);
  }
  return gzipped.get(file);
}

const seen = new Set();
const rows = [];
for (const { path, component } of routes) {
  if (seen.has(path)) continue;
  seen.add(path);
  const files = staticClosure(entryKey);
  const lazyModule = lazyModules.get(component);
  if (lazyModule) staticClosure(manifestKeyOf(lazyModule), files);
  const sum = (ext) => [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipSize(f), 0);
  const js = sum('.js');
  const css = sum('.css');
  const budget = JS_BUDGETS_KB[path];
  rows.push({
    path,
    screen: lazyModule ? component : `${component} (entry)`,
    files: files.size,
    jsBytes: js,
    cssBytes: css,
    jsBudgetKb: budget ?? null,
    withinBudget: budget === undefined ? null : js <= budget * KB,
  });
}

// The operator console (features/admin, its areas features/admin-*, app/admin-app) is for operators only: none of its code may be in what a member's
// page loads first. Its own first load (the entry, the console chunk and the dashboard) is shown apart.
const consoleRoot = lazyModules.get('AdminApp');
// A leak is a chunk built from the console's own modules in a member's first load. Chunks the console
// shares with member screens (a form field, pagination) are member code the console reuses, not leaks.
const consoleKeys = Object.keys(manifest).filter((key) =>
  /^src\/(features\/admin(-[a-z]+)?\/|app\/admin-app)/.test(manifest[key].src ?? key),
);
if (consoleRoot) consoleKeys.push(manifestKeyOf(consoleRoot));
const consoleFiles = new Set(consoleKeys.map((key) => manifest[key].file));
const leaks = [];
for (const { path, component } of routes) {
  const files = staticClosure(entryKey);
  const lazyModule = lazyModules.get(component);
  if (lazyModule) staticClosure(manifestKeyOf(lazyModule), files);
  for (const file of files) if (consoleFiles.has(file)) leaks.push(`${path}: ${file}`);
}
let consoleRow = null;
if (consoleRoot) {
  const files = staticClosure(entryKey);
  staticClosure(manifestKeyOf(consoleRoot), files);
  const dashboardKey = Object.keys(manifest).find((key) =>
    key.startsWith('src/features/admin-dashboard/dashboard-screen'),
  );
  if (dashboardKey) staticClosure(dashboardKey, files);
  const sum = (ext) => [...files].filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipSize(f), 0);
  consoleRow = {
    path: '/admin',
    screen: 'AdminApp + dashboard (operators)',
    files: files.size,
    jsBytes: sum('.js'),
    cssBytes: sum('.css'),
    jsBudgetKb: null,
    withinBudget: null,
  };
}

const kb = (bytes) => (bytes / KB).toFixed(1);
if (!args.has('--json-only')) {
  const header = ['route', 'screen', 'files', 'JS gzip KB', 'CSS gzip KB', 'JS+CSS KB', 'JS budget'];
  const table = [...rows, ...(consoleRow ? [consoleRow] : [])].map((r) => [
    `\`${r.path}\``,
    r.screen,
    String(r.files),
    kb(r.jsBytes),
    kb(r.cssBytes),
    kb(r.jsBytes + r.cssBytes),
    r.jsBudgetKb === null ? '' : `≤ ${r.jsBudgetKb} ${r.withinBudget ? 'ok' : 'EXCEEDED'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const numeric = new Set([2, 3, 4, 5]);
  const line = (cells) =>
    `| ${cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`,
  );
  for (const row of table) console.log(line(row));
  console.log('');
}

const exceeded = rows.filter((r) => r.withinBudget === false);
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString().slice(0, 10),
      gzipLevel: GZIP_LEVEL,
      unit: 'bytes (1 KB = 1000 bytes)',
      entry: manifest[entryKey].file,
      routes: rows,
      console: consoleRow,
      consoleCodeInMemberRoutes: leaks,
      ok: exceeded.length === 0 && leaks.length === 0,
    },
    null,
    2,
  ),
);

if (leaks.length > 0) {
  for (const leak of leaks) console.error(`operator console code in a member's first load: ${leak}`);
  process.exit(1);
}
if (exceeded.length > 0) {
  for (const r of exceeded) {
    console.error(
      `${r.path}: ${kb(r.jsBytes)} KB of gzipped JS on first load, over its budget of ${r.jsBudgetKb} KB`,
    );
  }
  process.exit(1);
}
