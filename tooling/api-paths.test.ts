import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as endpoints from '../packages/domain/src/contract/endpoints/index';

// A call's method and path are written once, in the contract's endpoints (@smm/domain/endpoints): web
// code and web tests name the endpoint (call(endpoint, input), mockApi's on(endpoint)), never its path,
// so renaming a path is one edit that both sides follow. This scan holds the web to that.
const root = join(import.meta.dirname, '..');
const webSrc = join(root, 'apps/web/src');

const API_PREFIXES = ['/service/', '/admin/api/', '/api/', '/hooks/'];

interface Declared {
  method: string;
  path: string;
}

const declared: Declared[] = Object.values(endpoints as Record<string, unknown>)
  .filter((area): area is Record<string, Declared> => typeof area === 'object' && area !== null)
  .flatMap((area) => Object.values(area));

/** An endpoint's path as a pattern: `:name` stands for one segment (or a `${…}` in a template). */
const patterns = declared.map(
  ({ path }) =>
    new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/?]+')}(\\?|$)`),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file without its comments (a comment may name an endpoint to explain it). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** String literals (quotes or a template's text) that are an API path. */
export function apiPathLiterals(text: string): string[] {
  const literals = [...withoutComments(text).matchAll(/(['"`])(\/[^'"`\s]*)\1?/g)].map((m) => m[2] ?? '');
  return literals.filter(
    (literal) =>
      API_PREFIXES.some((prefix) => literal.startsWith(prefix)) ||
      patterns.some((pattern) => pattern.test(literal.replace(/\$\{[^}]*\}/g, 'x'))),
  );
}

describe('API paths on the web', () => {
  it('are declared once per method and path in the contract', () => {
    const keys = declared.map(({ method, path }) => `${method} ${path}`);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('finds a path written out, so the scan below can fail', () => {
    expect(apiPathLiterals("api.get<X>('/service/orders')")).toEqual(['/service/orders']);
    expect(apiPathLiterals('fetch(`/admin/api/members/${id}/ledger`)')).toHaveLength(1);
    expect(apiPathLiterals("mockApi({ 'GET /auth/profile': x })")).toEqual([]);
    expect(apiPathLiterals("const key = '/auth/profile';")).toEqual(['/auth/profile']);
    expect(apiPathLiterals("navigate('/auth/naver'); // GET /service/notices")).toEqual([]);
  });

  it('are never written out in web code or web tests: they name the endpoint', () => {
    const found = sourceFiles(webSrc).flatMap((file) =>
      apiPathLiterals(readFileSync(file, 'utf8')).map((literal) => `${relative(root, file)}: ${literal}`),
    );
    const methodKeys = sourceFiles(webSrc).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`](GET|POST|PUT|PATCH|DELETE) \//g)].map(
        (m) => `${relative(root, file)}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
    expect(methodKeys).toEqual([]);
  });
});
