import { execFileSync } from 'node:child_process';

/**
 * A document that names a file the code no longer has, or a call the server no longer answers, sends
 * its reader looking for nothing. These helpers find the files, folders and endpoints the documents
 * (docs/*.md, README.md) name, and say which ones are not in the code or the contract.
 *
 * The rules, so a writer knows what is checked:
 * - A path is a backticked span (or a link target) of path characters with a `/` inside it that ends
 *   in `/` (a folder), or in a source file's extension, or whose first folder is a top folder of the
 *   repository or of a code root (`apps/…`, `orders/…`, `features/…`). Spans with anything else in
 *   them (`<id>`, `…`, `*`, a space) are examples, not paths. Not the repository's: a span that starts
 *   with `.` (a run's working folder), with a setting's name (`DATA_DIR/…`), or that passes through a
 *   `dist/` or `node_modules/` folder (built or installed, not tracked).
 * - A path is read from the repository root, then from each code root (CODE_ROOTS), then as the end of
 *   a tracked path (`placement/idempotency.ts` is apps/server/src/orders/placement/idempotency.ts). It
 *   fails when it is none of these, or when it is no full path and ends more than one tracked path.
 * - An endpoint is a backticked `METHOD /path` (`GET /service/settings`, `GET/POST /providers`,
 *   `POST /charges/:id/accept\|reject`), or a bare path under an API prefix (`/service/…`). `:x`, `{x}`
 *   and `<x>` are parameters, a query is left out, `|` (`\|` in a table) separates alternatives of the
 *   last segments, a path that starts with `…` is a suffix, a bare path that ends in `/` a prefix. It
 *   must be a contract endpoint, a server route outside the contract (SERVER_ROUTES), a page of the
 *   web app (bare paths only), or, as the console's table writes them, a contract endpoint under
 *   `/admin/api`.
 * - A v2 action is written `action=<name>` and must be one of the contract's V2_ACTIONS.
 */

/** Folders a short path may be written relative to, in the order they are tried. */
export const CODE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/domain/src',
  'apps/server',
  'apps/web',
  'packages/domain',
];

const SOURCE_EXTENSION = /\.(ts|tsx|mts|mjs|js|json|md|css|sql|sh|html|ya?ml)$/;
const PATH_SPAN = /^[\w@.-]+(?:\/[\w@.-]*)+$/;

/** What the checker knows of the code: tracked files and folders, and the calls the server answers. */
export interface CodeIndex {
  files: Set<string>;
  folders: Set<string>;
  /** `METHOD /path` with every parameter written `:`, e.g. `GET /service/point/:`. */
  routes: Set<string>;
  /** Pages of the web app, parameters written `:`. */
  pages: Set<string>;
  v2Actions: Set<string>;
}

/** The tracked files of the repository, and every folder on their paths. */
export function trackedFiles(root: string): { files: Set<string>; folders: Set<string> } {
  const files = new Set(
    execFileSync('git', ['ls-files', '-z'], { cwd: root }).toString('utf8').split('\0').filter(Boolean),
  );
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return { files, folders };
}

/** A route's key: its method and path, each parameter (`:id`, `{wId}`, `<id>`) reduced to `:`. */
export function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/:\w+|\{\w+\}|<\w+>/g, ':')}`;
}

export interface Reference {
  line: number;
  text: string;
}

/** Backticked spans and link targets of a document, with their lines (fenced code left out). */
function spans(text: string): Reference[] {
  const found: Reference[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(/`([^`\n]+)`/g)) found.push({ line: index + 1, text: m[1]! });
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(m[1]!)) found.push({ line: index + 1, text: m[1]! });
    }
  });
  return found;
}

/** Whether a span names a file or folder of the repository, under the rules above. */
export function isRepositoryPath(span: string, topFolders: ReadonlySet<string>): boolean {
  if (!PATH_SPAN.test(span) || span.startsWith('.') || span.startsWith('@')) return false;
  if (/^[A-Z][A-Z0-9_]*\//.test(span)) return false;
  const parts = span.split('/');
  if (parts.includes('dist') || parts.includes('node_modules')) return false;
  return span.endsWith('/') || SOURCE_EXTENSION.test(span) || topFolders.has(parts[0]!);
}

/** Why a path a document names leads nowhere, or null when it leads to one file or folder. */
export function pathProblem(span: string, docFolder: string, index: CodeIndex): string | null {
  const path = span.replace(/\/$/, '');
  const exists = (p: string) => index.files.has(p) || index.folders.has(p);
  const relativeToDoc = docFolder === '' ? path : `${docFolder}/${path}`;
  if (exists(path) || exists(relativeToDoc)) return null;
  const underRoots = CODE_ROOTS.map((root) => `${root}/${path}`).filter(exists);
  if (underRoots.length > 0) return null;
  const ends = [...index.files, ...index.folders].filter((p) => p.endsWith(`/${path}`));
  if (ends.length === 1) return null;
  if (ends.length === 0) return `names ${span}, which is not in the repository`;
  const shown = ends.slice(0, 3).join(', ') + (ends.length > 3 ? ', …' : '');
  return `names ${span}, which could be any of ${ends.length} paths (${shown}): write more of it`;
}

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
const ENDPOINT_SPAN = new RegExp(`^(${METHOD}(?:/${METHOD})*) ((?:/|…)\\S*)`);
const API_PREFIX = /^\/(service|auth|api|admin\/api|hooks|uploads|_fake)\//;

/** The paths a written path stands for: query dropped, `\|` alternatives of the last segments spread. */
export function spreadPath(written: string): string[] {
  const path = written.replace(/\?.*$/, '');
  const [first, ...others] = path.split(/\\?\|/);
  if (others.length === 0) return [first!];
  const stem = first!.slice(0, first!.lastIndexOf('/') + 1);
  return [first!, ...others.map((alternative) => stem + alternative)];
}

function answers(method: string, path: string, index: CodeIndex, bare: boolean): boolean {
  const methods = method === '*' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [method];
  const keys = [...index.routes];
  if (bare && path.endsWith('/')) {
    return keys.some((key) => key.slice(key.indexOf(' ') + 1).startsWith(path));
  }
  for (const m of methods) {
    if (path.startsWith('…')) {
      const suffix = routeKey(m, path.slice(1)).slice(m.length + 1);
      if (keys.some((key) => key.startsWith(`${m} `) && key.endsWith(suffix))) return true;
      continue;
    }
    if (index.routes.has(routeKey(m, path)) || index.routes.has(routeKey(m, `/admin/api${path}`)))
      return true;
  }
  return bare && index.pages.has(routeKey('', path).slice(1));
}

/** Each endpoint and v2 action a document's line names that the server does not answer. */
export function endpointProblems(span: string, index: CodeIndex): string[] {
  const problems: string[] = [];
  for (const m of span.matchAll(/\baction=(\w+)/g)) {
    if (!index.v2Actions.has(m[1]!))
      problems.push(`names the v2 action ${m[1]}, which the API does not have`);
  }
  const named = ENDPOINT_SPAN.exec(span);
  const bare = !named && API_PREFIX.test(span) && /^[^\s*…]+$/.test(span);
  if (!named && !bare) return problems;
  const methods = named ? named[1]!.split('/') : ['*'];
  const written = named ? named[2]! : span;
  for (const method of methods) {
    for (const path of spreadPath(written)) {
      if (!answers(method, path, index, bare)) {
        problems.push(`names ${named ? `${method} ` : ''}${path}, which no endpoint, route or page answers`);
      }
    }
  }
  return problems;
}

/** Every path, endpoint and v2 action a document names that leads nowhere, as `file:line: …`. */
export function brokenReferences(file: string, text: string, index: CodeIndex, topFolders: Set<string>) {
  const docFolder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const problems: string[] = [];
  for (const { line, text: span } of spans(text)) {
    const where = `${file}:${line}`;
    if (isRepositoryPath(span, topFolders)) {
      const problem = pathProblem(span, docFolder, index);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    for (const problem of endpointProblems(span, index)) problems.push(`${where}: ${problem}`);
  }
  return problems;
}

/**
 * The server's routes that are not contract endpoints, each with the file that registers it (the
 * test checks the path is written there, so the list cannot outlive a route): the SMM v2 protocol (one
 * path, an `action` field), the probes, the deposit webhooks, the uploaded images, and the fake
 * social-login provider the tests and the e2e run drive.
 */
export const SERVER_ROUTES: { method: string; path: string; file: string }[] = [
  { method: 'GET', path: '/api/v2', file: 'apps/server/src/public-api/smm-v2.routes.ts' },
  { method: 'POST', path: '/api/v2', file: 'apps/server/src/public-api/smm-v2.routes.ts' },
  { method: 'GET', path: '/api/v2/', file: 'apps/server/src/public-api/smm-v2.routes.ts' },
  { method: 'POST', path: '/api/v2/', file: 'apps/server/src/public-api/smm-v2.routes.ts' },
  { method: 'GET', path: '/healthz', file: 'apps/server/src/ops/ops.routes.ts' },
  { method: 'GET', path: '/readyz', file: 'apps/server/src/ops/ops.routes.ts' },
  { method: 'GET', path: '/metrics', file: 'apps/server/src/ops/ops.routes.ts' },
  { method: 'POST', path: '/hooks/deposit', file: 'apps/server/src/points/deposit-hooks.routes.ts' },
  { method: 'POST', path: '/hooks/bank-sms', file: 'apps/server/src/points/deposit-hooks.routes.ts' },
  { method: 'GET', path: '/uploads/:name', file: 'apps/server/src/content/file-storage.ts' },
  { method: 'POST', path: '/_fake/naver/users', file: 'apps/server/src/test/fake-social-provider.ts' },
  { method: 'POST', path: '/_fake/naver/sign-in', file: 'apps/server/src/test/fake-social-provider.ts' },
  { method: 'POST', path: '/_fake/kakao/users', file: 'apps/server/src/test/fake-social-provider.ts' },
  { method: 'POST', path: '/_fake/mode', file: 'apps/server/src/test/fake-social-provider.ts' },
  { method: 'POST', path: '/_fake/reset', file: 'apps/server/src/test/fake-social-provider.ts' },
  { method: 'GET', path: '/_fake/health', file: 'apps/server/src/test/fake-social-provider.ts' },
];
