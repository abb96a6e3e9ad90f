import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as endpoints from '../packages/domain/src/contract/endpoints/index';
import { V2_ACTIONS } from '../packages/domain/src/contract/public-api';
import { loadPaths } from '../scripts/size-routes.mjs';
import {
  brokenReferences,
  CODE_ROOTS,
  isRepositoryPath,
  routeKey,
  SERVER_ROUTES,
  spreadPath,
  trackedFiles,
  type CodeIndex,
} from './doc-references';

const root = join(import.meta.dirname, '..');

// Document names are put together here, so that this file cites nothing itself.
const md = (name: string) => `${name}.md`;
const doc = md('docs/x');

const declared = Object.values(endpoints as Record<string, unknown>)
  .filter(
    (area): area is Record<string, { method: string; path: string }> =>
      typeof area === 'object' && area !== null,
  )
  .flatMap((area) => Object.values(area));

/** Every page path of the web app's paths object; a path made by a function is given `:` parameters. */
function pagePaths(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function')
    return [String((value as (p: string) => string)('PARAM')).replace(/PARAM/g, ':')];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(pagePaths);
  return [];
}

const fakeIndex = (files: string[], routes: string[] = []): CodeIndex => {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return {
    files: new Set(files),
    folders,
    routes: new Set(routes),
    pages: new Set(['/order', '/register/:']),
    v2Actions: new Set(['add', 'status']),
  };
};

describe('isRepositoryPath', () => {
  const top = new Set(['apps', 'orders', 'features']);
  it('takes folders, source files and paths under a top folder; leaves examples and run output', () => {
    for (const span of ['orders/', 'apps/web', 'placement/idempotency.ts', 'features/admin', 'docs/x.md']) {
      expect(isRepositoryPath(span, top), span).toBe(true);
    }
    for (const span of [
      'multipart/form-data',
      'LISTEN/NOTIFY',
      'DATA_DIR/outbox/',
      '.tmp/bench.json',
      'apps/server/dist/main.js',
      'features/admin-<area>',
      '/service/orders',
      '@smm/domain/endpoints',
      'youtu.be/<id>',
    ]) {
      expect(isRepositoryPath(span, top), span).toBe(false);
    }
  });
});

describe('spreadPath', () => {
  it('drops the query and spreads alternatives of the last segments', () => {
    expect(spreadPath('/charges/:id/accept\\|reject')).toEqual([
      '/charges/:id/accept',
      '/charges/:id/reject',
    ]);
    expect(spreadPath('/members/:loginId/suspend\\|api-key/reset')).toEqual([
      '/members/:loginId/suspend',
      '/members/:loginId/api-key/reset',
    ]);
    expect(spreadPath('/members?q&status')).toEqual(['/members']);
  });
});

describe('brokenReferences', () => {
  const index = fakeIndex(
    [
      'apps/server/src/orders/placement/idempotency.ts',
      'apps/server/src/orders/placement/placement.repository.ts',
      'apps/web/src/features/order/components/form.tsx',
      'apps/web/src/features/points/components/form.tsx',
      `docs/${md('deploy')}`,
    ],
    [
      routeKey('GET', '/service/settings'),
      routeKey('POST', '/admin/api/charges/:id/accept'),
      routeKey('POST', '/admin/api/providers/:id/import'),
      routeKey('GET', '/api/status/:wId'),
    ],
  );
  const top = new Set(['apps', 'docs', 'orders', 'features']);

  it('accepts paths from the root, a code root or the end of one tracked path, and endpoints the code answers', () => {
    const text = [
      '`apps/server/src/orders/placement/idempotency.ts`, `orders/placement/`, `placement/idempotency.ts`,',
      `[deploy](${md('deploy')}), \`GET /service/settings\`, \`POST /charges/:id/accept\`, \`POST …/import\`,`,
      '`GET /api/status/{wId}`, `/service/settings`, `/register/naver`, `action=add`, `/service/`',
      '```',
      '`apps/nowhere.ts` in a fenced block is an example',
      '```',
    ].join('\n');
    expect(brokenReferences(doc, text, index, top)).toEqual([]);
  });

  it('lists every path, endpoint and action that leads nowhere, at once, with file and line', () => {
    const text = [
      'See `apps/server/src/orders/placment/idempotency.ts` and `components/form.tsx`.',
      '`POST /charges/:id/accept\\|refuse`, `GET /service/setting`, `/auth/nowhere`, `action=order`',
    ].join('\n');
    expect(brokenReferences(doc, text, index, top)).toEqual([
      `${doc}:1: names apps/server/src/orders/placment/idempotency.ts, which is not in the repository`,
      `${doc}:1: names components/form.tsx, which could be any of 2 paths (apps/web/src/features/order/components/form.tsx, apps/web/src/features/points/components/form.tsx): write more of it`,
      `${doc}:2: names POST /charges/:id/refuse, which no endpoint, route or page answers`,
      `${doc}:2: names GET /service/setting, which no endpoint, route or page answers`,
      `${doc}:2: names /auth/nowhere, which no endpoint, route or page answers`,
      `${doc}:2: names the v2 action order, which the API does not have`,
    ]);
  });
});

describe('the documents', () => {
  it('list server routes outside the contract only where the server registers them', () => {
    const missing = SERVER_ROUTES.filter(
      ({ path, file }) => !readFileSync(join(root, file), 'utf8').includes(path.replace(/\/:\w+$/, '')),
    );
    expect(missing).toEqual([]);
  });

  it('name only files, folders, endpoints and v2 actions the code has', async () => {
    const { files, folders } = trackedFiles(root);
    const pages = pagePaths(await loadPaths(join(root, 'apps/web/src/lib/paths.ts')));
    const index: CodeIndex = {
      files,
      folders,
      routes: new Set([...declared, ...SERVER_ROUTES].map(({ method, path }) => routeKey(method, path))),
      pages: new Set(pages.map((page) => routeKey('', page).slice(1))),
      v2Actions: new Set<string>(V2_ACTIONS),
    };
    const top = new Set(
      [...folders].flatMap((folder) => {
        const base = ['', ...CODE_ROOTS.map((r) => `${r}/`)].find(
          (prefix) => folder.startsWith(prefix) && !folder.slice(prefix.length).includes('/'),
        );
        return base === undefined ? [] : [folder.slice(base.length)];
      }),
    );
    const docs = [...files].filter((file) => file === md('README') || /^docs\/[^/]+\.md$/.test(file));
    expect(docs.length).toBeGreaterThanOrEqual(4);
    const problems = docs.flatMap((doc) =>
      brokenReferences(doc, readFileSync(join(root, doc), 'utf8'), index, top),
    );
    expect(problems, `documents name what the code does not have:\n${problems.join('\n')}`).toEqual([]);
  });
});
