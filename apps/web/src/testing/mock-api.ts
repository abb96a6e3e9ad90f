import { vi } from 'vitest';
import type { SettingEntry } from '@smm/domain';
import { pathOf, type EndpointSpec } from '@smm/domain/endpoints';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string, '' or '?page=2&status=1'. */
  search: string;
  body: unknown;
  headers: Headers;
}

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function settingsOf(values: Record<string, string>): SettingEntry[] {
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

/**
 * The key of a mocked endpoint in `mockApi`'s routes: any call of it, or with `params`, only the call
 * with those path parameters (`[on(adminOrdersApi.cancelOrder, { id: 12 })]`).
 */
export function on(endpoint: EndpointSpec, params?: object): string {
  return `${endpoint.method} ${params ? pathOf(endpoint, params) : endpoint.path}`;
}

/**
 * Routes answering each endpoint with an empty list: for the reads of widgets a test does not look at
 * (the site's settings, the menu's catalog …), named so every call a test lets through is one it chose.
 */
export function emptyLists(...endpoints: EndpointSpec[]): Record<string, unknown[]> {
  return Object.fromEntries(endpoints.map((endpoint) => [on(endpoint), []]));
}

/** Calls no route of the running test answered: the test fails when it ends (see setup-tests). */
const unmocked: string[] = [];

/** The calls no mock answered since the last look, emptied. */
export function takeUnmockedCalls(): string[] {
  return unmocked.splice(0);
}

/** Whether a route key (`on(endpoint)`) names this call: the same method and path, `:name` matching a segment. */
function keyMatches(key: string, method: string, path: string): boolean {
  const space = key.indexOf(' ');
  if (key.slice(0, space) !== method) return false;
  const pattern = key.slice(space + 1);
  if (!pattern.includes(':')) return pattern === path;
  const segments = pattern.split('/');
  const actual = path.split('/');
  return (
    segments.length === actual.length &&
    segments.every((segment, i) => segment.startsWith(':') || segment === actual[i])
  );
}

/**
 * Stubs global fetch with real Response objects. `routes` maps an endpoint's key (`on(endpoint)`) to a
 * handler or a fixed response; a call with exact path parameters (`on(endpoint, params)`) wins over one
 * for any. A call no route answers is a 500 and fails the test: every call a screen makes is mocked.
 */
export function mockApi(routes: Record<string, Handler | Response | unknown>) {
  unmocked.length = 0;
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      search: url.search,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const exact = `${method} ${url.pathname}`;
    const key =
      exact in routes ? exact : Object.keys(routes).find((k) => keyMatches(k, method, url.pathname));
    const route = key === undefined ? undefined : routes[key];
    if (typeof route === 'function') {
      const result = await (route as Handler)(call);
      if (result) return result;
    } else if (route instanceof Response) {
      return route.clone();
    } else if (route !== undefined) {
      return json(route);
    }
    unmocked.push(exact);
    return json({ message: 'not mocked' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
