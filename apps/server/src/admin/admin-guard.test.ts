import { describe, expect, it } from 'vitest';
import { bearer, createMember, tokenFor } from '../test/factories';
import { useTestApp } from '../test/test-app';

const t = useTestApp();

/** The operator API as registered: a route added later is enumerated here without touching this file. */
function operatorRoutes() {
  return t.app.routeTable.filter((route) => route.url.startsWith('/admin/api') && route.method !== 'HEAD');
}

/** A concrete URL for a route pattern: every `:param` gets a well-formed value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, (param) =>
    /id$/i.test(param) && param !== ':loginId' ? '1' : 'member1',
  );
}

describe('operator API guard (enumerated from the route table)', () => {
  it('has routes, and every /admin/api route declares the operator guard', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => route.auth !== 'operator')).toEqual([]);
  });

  it('answers 401 without a token and 403 to a member on every operator route, before reading the body', async () => {
    const member = await createMember(t.app);
    const memberToken = await tokenFor(t.app, member);
    const failures: string[] = [];
    for (const route of operatorRoutes()) {
      const url = concrete(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await t.app.inject({ method, url, payload });
      const asMember = await t.app.inject({ method, url, payload, headers: bearer(memberToken) });
      if (anonymous.statusCode !== 401)
        failures.push(`${method} ${url} without a token: ${anonymous.statusCode}`);
      if (asMember.statusCode !== 403) failures.push(`${method} ${url} as a member: ${asMember.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets an operator through the guard', async () => {
    const operator = await createMember(t.app, { role: 'admin' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/api/settings',
      headers: bearer(await tokenFor(t.app, operator)),
    });
    expect(response.statusCode).toBe(200);
  });
});
