import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyModules, loadPaths, memberRoutes, routeTable } from '../scripts/size-routes.mjs';

/**
 * `npm run size` (scripts/size.mjs) weighs each member route's first load and fails when console code is
 * in one. It can only do so for routes it sees: the router takes its paths from the paths object
 * (`path={paths.order}`), so a reading that knew only `path="/order"` would see no route and pass.
 */
const web = join(import.meta.dirname, '../apps/web/src');
const routesSource = readFileSync(join(web, 'app/app-routes.tsx'), 'utf8');

describe('the route table npm run size weighs', () => {
  it('sees every member page of the router, with its lazy screen, and not the console', async () => {
    const paths = await loadPaths(join(web, 'lib/paths.ts'));
    const routes = memberRoutes(routeTable(routesSource, paths));
    const byPath = new Map(routes.map((route) => [route.path, route.component]));
    expect(byPath.get('/')).toBe('LandingPage');
    expect(byPath.get('/order')).toBe('OrderRoute');
    expect(byPath.get('/point')).toBe('PointRoute');
    expect(byPath.get('/qna')).toBe('FaqRoute');
    expect(byPath.get('/register/kakao')).toBe('SocialRegisterRoute');
    expect(byPath.get('/login')).toBe('LoginRoute');
    expect(routes.length).toBeGreaterThanOrEqual(18);
    expect(routes.some((route) => route.path.startsWith('/admin') || route.component === 'AdminApp')).toBe(
      false,
    );
    const lazy = lazyModules(routesSource);
    expect(lazy.get('OrderRoute')).toBe('features/order/routes/order');
    expect(lazy.get('AdminApp')).toBe('app/admin-app');
  });

  it('reads a path written as a string or as an expression over paths, and fails on one it cannot read', () => {
    const paths = { home: '/', area: { root: '/area' }, page: (name: string) => `/page/${name}` };
    const source = [
      '<Route path="/plain" element={<Plain />} />',
      '<Route path={paths.home} element={<Home />} />',
      '<Route path={paths.page(\'a\')} element={<Page name="a" />} />',
      '<Route path={`${paths.area.root}/*`} element={<Area />} />',
    ].join('\n');
    expect(routeTable(source, paths)).toEqual([
      { path: '/plain', component: 'Plain' },
      { path: '/', component: 'Home' },
      { path: '/page/a', component: 'Page' },
      { path: '/area/*', component: 'Area' },
    ]);
    expect(() => routeTable('<Route path={paths.missing} element={<X />} />', paths)).toThrow(/not a string/);
  });
});
