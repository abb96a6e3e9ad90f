import { vi } from 'vitest';
import type { SettingEntry } from '@smm/domain';

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
 * Stubs global fetch with real Response objects. `routes` maps "METHOD /path" to a handler or a fixed
 * response; anything unmatched answers an empty list for GETs so unrelated widgets stay quiet.
 */
export function mockApi(routes: Record<string, Handler | Response | unknown>) {
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
    const route = routes[`${method} ${url.pathname}`];
    if (typeof route === 'function') {
      const result = await (route as Handler)(call);
      if (result) return result;
    } else if (route instanceof Response) {
      return route.clone();
    } else if (route !== undefined) {
      return json(route);
    }
    return method === 'GET' ? json([]) : json({ message: 'not mocked' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
