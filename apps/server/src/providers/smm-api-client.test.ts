import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderError, RAW_ANSWER_CHARS } from './provider-api';
import { providerOrderInput } from '../orders/fulfilment/send-to-provider.workflow';
import { isOutOfFunds } from '@smm/domain';
import { JsonDepthGuard, MAX_JSON_DEPTH } from './provider-answer-body';
import { DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS } from './retry-after';
import { MAX_ANSWER_BYTES, SmmApiClient } from './smm-api-client';

/**
 * The client's parsing and failure handling against a scripted upstream (a plain node:http server
 * answering whatever the test says), for answers the simulated provider never gives. The client
 * against the simulator itself is in simulated-provider.test.ts.
 */
const KEY = 'sk-live-5f1e2d3c4b5a';

type Script = (request: { body: string; headers: IncomingMessage['headers'] }, res: ServerResponse) => void;
let script: Script;
let received: { method: string; body: string; headers: IncomingMessage['headers'] }[];
let server: Server;
let url: string;

const json =
  (value: unknown, status = 200): Script =>
  (_request, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', body, headers: req.headers });
      script({ body, headers: req.headers }, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  script = json({ error: 'no script' });
});

// The scripted upstream is on loopback; provider-network.test.ts has the calls that refuse it.
const client = (timeoutMs = 2000, apiUrl = url) =>
  new SmmApiClient({ apiUrl, apiKey: KEY, timeoutMs, allowPrivateAddresses: true });
const add = (api = client()) => api.add({ service: '7', link: 'https://insta.com/p/1?a=b&c', quantity: 150 });

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).message).not.toContain(KEY);
  return error as ProviderError;
}

describe('SmmApiClient: the request', () => {
  it('POSTs key, action and the order fields form-encoded, and reads the order id', async () => {
    script = json({ order: 23501 });
    expect(await add()).toEqual({ providerOrderId: '23501' });
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(received[0]!.body))).toEqual({
      key: KEY,
      action: 'add',
      service: '7',
      link: 'https://insta.com/p/1?a=b&c',
      quantity: '150',
    });
  });

  it("sends each service type's fields: quantity, comments (and no quantity), or neither for a package", async () => {
    script = json({ order: 1 });
    const link = 'https://insta.com/p/2';
    // What the order worker sends for each type (orders/fulfilment/send-to-provider.workflow.ts),
    // through the real client.
    const order = (serviceType: string, amount: number, comments: string | null) =>
      client().add(providerOrderInput({ link, amount, serviceType, comments }, '9'));
    await order('default', 150, null);
    await order('custom_comments', 2, '멋져요 👍\n좋아요 & 최고');
    await order('package', 100, null);
    expect(received.map((r) => Object.fromEntries(new URLSearchParams(r.body)))).toEqual([
      { key: KEY, action: 'add', service: '9', link, quantity: '150' },
      { key: KEY, action: 'add', service: '9', link, comments: '멋져요 👍\n좋아요 & 최고' },
      { key: KEY, action: 'add', service: '9', link },
    ]);
  });

  it('asks for several statuses in one call and cancels with orders=', async () => {
    script = json({});
    await client().statuses(['1', '2', '3']);
    script = json([]);
    await client().cancel(['4', '5']);
    script = json({ balance: '1', currency: 'USD' });
    await client().balance();
    expect(received.map((r) => Object.fromEntries(new URLSearchParams(r.body)))).toEqual([
      { key: KEY, action: 'status', orders: '1,2,3' },
      { key: KEY, action: 'cancel', orders: '4,5' },
      { key: KEY, action: 'balance' },
    ]);
  });

  it('asks for one status with order= (a provider without multi-status) and reads its answer or refusal', async () => {
    script = json({
      charge: '0.5',
      start_count: '12',
      status: 'In progress',
      remains: '40',
      currency: 'USD',
    });
    expect(await client().status('77')).toEqual({
      status: 'In progress',
      startCount: 12,
      remains: 40,
      charge: '0.5',
    });
    // Its { error } is about this order (an id it does not know), not a failed call.
    script = json({ error: 'Incorrect order ID' });
    expect(await client().status('78')).toEqual({ error: 'Incorrect order ID' });
    script = json({ something: 'else' });
    expect((await providerError(client().status('79'))).outcome).toBe('unknown');
    expect(received.map((r) => Object.fromEntries(new URLSearchParams(r.body)))).toEqual(
      ['77', '78', '79'].map((order) => ({ key: KEY, action: 'status', order })),
    );
  });

  it('makes no call for an empty list', async () => {
    expect((await client().statuses([])).size).toBe(0);
    expect((await client().cancel([])).size).toBe(0);
    expect(received).toHaveLength(0);
  });
});

describe('SmmApiClient: answers', () => {
  it('reads numbers sent as strings, per-order errors and orders missing from the answer', async () => {
    script = json({
      '1': { charge: '0.27819', start_count: '3572', status: 'Partial', remains: '157', currency: 'USD' },
      '2': { error: 'Incorrect order ID' },
      '3': { charge: 1, start_count: 10, status: 'Completed', remains: 0, currency: 'USD' },
      '4': { status: 'Pending', start_count: '', remains: null },
      '5': { status: 'In progress', start_count: '0', remains: '-12' },
    });
    const answers = await client().statuses(['1', '2', '3', '4', '5', '6']);
    expect(Object.fromEntries(answers)).toEqual({
      '1': { status: 'Partial', startCount: 3572, remains: 157, charge: '0.27819' },
      '2': { error: 'Incorrect order ID' },
      '3': { status: 'Completed', startCount: 10, remains: 0, charge: '1' },
      '4': { status: 'Pending', startCount: null, remains: null, charge: null },
      '5': { status: 'In progress', startCount: 0, remains: 0, charge: null },
      '6': { error: 'not in the answer' },
    });
  });

  it('reads cancel results and the balance', async () => {
    script = json([
      { order: 4, cancel: 1 },
      { order: '5', cancel: { error: 'Incorrect order ID' } },
    ]);
    expect(Object.fromEntries(await client().cancel(['4', '5', '6']))).toEqual({
      '4': true,
      '5': { error: 'Incorrect order ID' },
      '6': { error: 'not in the answer' },
    });
    script = json({ balance: 100.84292, currency: 'USD' });
    expect(await client().balance()).toEqual({ balance: '100.84292', currency: 'USD' });
    script = json({ order: '23502' });
    expect(await add()).toEqual({ providerOrderId: '23502' });
  });

  it("reads each service's refill and cancel as providers send them (absent or unreadable: false)", async () => {
    const entry = (service: number, flags: object) => ({ service, rate: '1', min: 1, max: 2, ...flags });
    script = json([
      entry(1, { refill: true, cancel: false }),
      entry(2, { refill: '1', cancel: '0' }),
      entry(3, { refill: 'true', cancel: ' TRUE ' }),
      entry(4, { refill: 'false', cancel: 1 }),
      entry(5, { refill: 0, cancel: null }),
      entry(6, {}),
      entry(7, { refill: 'maybe', cancel: { yes: true } }),
    ]);
    const flags = (await client().services()).map(({ service, refill, cancel }) => [service, refill, cancel]);
    expect(flags).toEqual([
      ['1', true, false],
      ['2', true, false],
      ['3', true, true],
      ['4', false, true],
      ['5', false, false],
      ['6', false, false],
      ['7', false, false],
    ]);
  });

  it('reads a services list: ids and rates kept as text, malformed entries left out', async () => {
    script = json([
      {
        service: 1,
        name: 'Followers',
        type: 'Default',
        category: 'Instagram',
        rate: '0.90',
        min: '50',
        max: 10000,
      },
      { service: '2a', name: '  Likes\n[HQ] ', rate: 12.5, min: 10, max: '5000' },
      { service: 3, name: 'No rate', min: 1, max: 2 },
      { service: 4, name: 'Bad rate', rate: '1e3', min: 1, max: 2 },
      { service: 5, name: 'Negative', rate: -1, min: 1, max: 2 },
      'not an object',
    ]);
    expect(await client().services()).toEqual([
      {
        service: '1',
        name: 'Followers',
        type: 'Default',
        category: 'Instagram',
        rate: '0.90',
        min: 50,
        max: 10000,
        refill: false,
        cancel: false,
      },
      {
        service: '2a',
        name: 'Likes [HQ]',
        type: '',
        category: '',
        rate: '12.5',
        min: 10,
        max: 5000,
        refill: false,
        cancel: false,
      },
    ]);
    expect(received[0]!.body).toBe(`key=${KEY}&action=services`);
    script = json({ services: [] });
    expect((await providerError(client().services())).message).toBe('services: unexpected answer');
    script = json({ error: 'Invalid API key' });
    expect((await providerError(client().services())).message).toBe('services: refused: Invalid API key');
  });

  it('takes an add answered with { error } as a refusal (not retryable)', async () => {
    script = json({ error: 'Incorrect service ID' });
    const error = await providerError(add());
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('add: refused: Incorrect service ID');
  });

  it.each([
    ['status', () => client().statuses(['1'])],
    ['cancel', () => client().cancel(['1'])],
    ['balance', () => client().balance()],
  ] as const)('takes a %s answered with { error } as a retryable failure', async (_action, call) => {
    script = json({ error: 'Service temporarily unavailable' });
    expect((await providerError(call())).retryable).toBe(true);
  });

  it.each([
    ['add', { order: null }],
    ['add', {}],
    ['add', { order: -3 }],
    ['add', { order: 1.5 }],
    ['add', { order: '' }],
    ['add', { order: '<script>' }],
    ['add', [{ order: 1 }]],
    ['add', 'ok'],
    ['add', 23501],
    ['add', null],
    ['status', []],
    ['status', 'Completed'],
    ['status', { '1': 'Completed' }],
    ['status', { '1': { status: true, start_count: 1, remains: 1 } }],
    ['status', { '1': { status: -1, start_count: 1, remains: 1 } }],
    ['status', { '1': { status: 'Completed', start_count: 1, remains: 'many' } }],
    ['status', { '1': { status: '', start_count: 1, remains: 1 } }],
    ['status', { '1': { error: 7 } }],
    ['cancel', {}],
    ['cancel', [{ order: 1, cancel: 'maybe' }]],
    ['cancel', [{ order: 1, cancel: 0 }]],
    ['cancel', [{ cancel: 1 }]],
    ['balance', { balance: 'lots', currency: 'USD' }],
    ['balance', { balance: '1.00' }],
    ['balance', []],
  ] as const)('takes %s answered %j as a retryable ProviderError', async (action, answer) => {
    script = json(answer);
    const call =
      action === 'add'
        ? add()
        : action === 'status'
          ? client().statuses(['1'])
          : action === 'cancel'
            ? client().cancel(['1'])
            : client().balance();
    const error = await providerError(call);
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(`${action}: unexpected answer`);
  });

  it.each([
    ['HTTP 404 with a JSON error', json({ error: 'Not found' }, 404), 'add: HTTP 404: Not found'],
    ['HTTP 503', json({ order: 1 }, 503), 'add: HTTP 503'],
    [
      'an HTML page',
      ((_r, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>ok</html>')) as Script,
      'add: the answer is not JSON',
    ],
    ['an empty body', ((_r, res) => res.end()) as Script, 'add: empty answer'],
    [
      'a redirect',
      ((_r, res) => res.writeHead(307, { location: 'http://127.0.0.1:9/steal' }).end()) as Script,
      'add: connection failed',
    ],
    ['a dropped connection', ((_r, res) => res.socket?.destroy()) as Script, 'add: connection failed'],
  ] as const)('takes %s as a retryable ProviderError', async (_what, answer, message) => {
    script = answer;
    const error = await providerError(add());
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(message);
  });

  it('takes a refused connection as a retryable ProviderError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await providerError(add(client(2000, `http://127.0.0.1:${port}/api/v2`)));
    expect(error).toMatchObject({ retryable: true, message: 'add: connection failed' });
    // Never reached the provider: safe to send again.
    expect(error.mayHaveBeenProcessed).toBe(false);
  });

  it('takes a port fetch never connects to (22, 25, …) as a failure nothing was sent for', async () => {
    for (const port of [22, 25, 6000]) {
      const error = await providerError(add(client(2000, `http://127.0.0.1:${port}/api/v2`)));
      expect(error).toMatchObject({ retryable: true, message: 'add: connection failed' });
      // Never reached anyone: safe to send again.
      expect(error.mayHaveBeenProcessed).toBe(false);
    }
  });

  it('takes a connection dropped after the request as possibly processed (the order may exist)', async () => {
    script = (_r, res) => res.socket?.destroy();
    expect((await providerError(add())).mayHaveBeenProcessed).toBe(true);
  });
});

describe('SmmApiClient: time and secrets', () => {
  it('gives up after timeoutMs when no answer comes', async () => {
    script = () => {}; // never answers
    const started = performance.now();
    const error = await providerError(add(client(150)));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ retryable: true, message: 'add: no answer within 150 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1500);
  });

  it('gives up after timeoutMs when the body stops halfway', async () => {
    script = (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"order":');
    };
    const started = performance.now();
    const error = await providerError(add(client(150)));
    expect(error.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('never quotes the key, even when the provider echoes it', async () => {
    script = json({ error: `Invalid API key ${KEY} (key=${KEY})` });
    const refused = await providerError(add());
    expect(refused.message).toBe('add: refused: Invalid API key *** (key=***)');
    script = json({ '1': { error: `order 1 does not belong to ${KEY}` } });
    expect((await client().statuses(['1'])).get('1')).toEqual({ error: 'order 1 does not belong to ***' });
    script = json([{ order: 1, cancel: { error: KEY } }]);
    expect(JSON.stringify([...(await client().cancel(['1']))])).not.toContain(KEY);
  });
});

describe('SmmApiClient: the size of an answer', () => {
  /** An `add` answer of exactly `size` bytes, valid JSON: `{"order":1,"pad":"aaa…"}`. */
  const paddedAnswer = (size: number) => {
    const head = '{"order":1,"pad":"';
    return head + 'a'.repeat(size - head.length - 2) + '"}';
  };

  /**
   * Streams a valid `add` answer of `total` bytes (chunked, no Content-Length), as fast as the client
   * takes it, and tells how much of it went out before the connection closed.
   */
  function streamAnswer(total: number, status = 200) {
    const state = { sent: 0, closed: false, finished: false };
    script = (_request, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      const head = '{"order":1,"pad":"';
      res.write(head);
      state.sent = head.length;
      const piece = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (state.sent + 2 < total) {
          const next = piece.subarray(0, Math.min(piece.length, total - 2 - state.sent));
          state.sent += next.length;
          if (!res.write(next)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('"}');
        state.sent += 2;
        state.finished = true;
      };
      res.on('close', () => (state.closed = true));
      pump();
    };
    return state;
  }

  it('reads an answer of up to MAX_ANSWER_BYTES (5 MiB), with or without Content-Length', async () => {
    expect(MAX_ANSWER_BYTES).toBe(5 * 1024 * 1024);
    script = (_r, res) => res.writeHead(200).end(paddedAnswer(MAX_ANSWER_BYTES));
    expect(await add()).toEqual({ providerOrderId: '1' });
    script = (_r, res) => {
      res.writeHead(200);
      res.write(paddedAnswer(MAX_ANSWER_BYTES).slice(0, 1000));
      res.end(paddedAnswer(MAX_ANSWER_BYTES).slice(1000));
    };
    expect(await add()).toEqual({ providerOrderId: '1' });
  });

  it('stops reading a 50 MB answer past the cap and drops the connection (may have been processed)', async () => {
    const total = 50 * 1024 * 1024;
    const upstream = streamAnswer(total);
    const error = await providerError(add());
    expect(error).toMatchObject({
      message: 'add: the answer is larger than 5 MiB',
      retryable: true,
      // A 200 came back: the provider may have taken the order, so it is not sent again blindly.
      mayHaveBeenProcessed: true,
    });
    await vi.waitFor(() => expect(upstream.closed).toBe(true));
    expect(upstream.finished).toBe(false);
    // What went out is the cap plus what the sockets' buffers took before the connection was dropped
    // (about 8 MB here): memory stays bounded by the cap, not by what the provider sends.
    expect(upstream.sent).toBeLessThan(total / 2);
  });

  it('refuses an answer one byte over the cap', async () => {
    const upstream = streamAnswer(MAX_ANSWER_BYTES + 1);
    expect((await providerError(add())).message).toBe('add: the answer is larger than 5 MiB');
    await vi.waitFor(() => expect(upstream.closed).toBe(true));
  });

  it('refuses a Content-Length over the cap at once, without reading the body', async () => {
    script = (_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('{"order":1,"pad":"'); // and nothing more: a client that waited would time out
    };
    const started = performance.now();
    const error = await providerError(add(client(3000)));
    expect(error).toMatchObject({
      message: 'add: the answer is larger than 5 MiB',
      retryable: true,
      mayHaveBeenProcessed: true,
    });
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('reads no more than the start of an HTTP error', async () => {
    const upstream = streamAnswer(50 * 1024 * 1024, 500);
    const error = await providerError(add());
    expect(error).toMatchObject({ message: 'add: HTTP 500', outcome: 'unknown' });
    expect(error.rawAnswer).toMatch(/^\{"order":1,"pad":"a+$/);
    await vi.waitFor(() => expect(upstream.closed).toBe(true));
    expect(upstream.sent).toBeLessThan(25 * 1024 * 1024);
  });
});

describe('SmmApiClient: a refusal for want of funds', () => {
  it('is the provider out of funds (retried) in the wordings panels use, and nothing else', () => {
    for (const text of [
      'Not enough funds on balance',
      'not enough balance',
      'Insufficient funds',
      'Insufficient balance, please add funds',
      'No funds',
    ]) {
      expect(isOutOfFunds(text), text).toBe(true);
    }
    for (const text of [
      'Incorrect order ID',
      'Quantity less than minimal 100',
      'Link duplicate',
      'Incorrect service ID',
    ]) {
      expect(isOutOfFunds(text), text).toBe(false);
    }
  });

  it('makes an add refused that way retryable, with or without HTTP 400; any other refusal is final', async () => {
    script = json({ error: 'Not enough funds on balance' });
    expect((await providerError(add())).retryable).toBe(true);
    script = json({ error: 'Insufficient funds' }, 400);
    expect((await providerError(add())).retryable).toBe(true);
    script = json({ error: 'Incorrect service ID' }, 400);
    expect((await providerError(add())).retryable).toBe(false);
    script = json({ error: 'Incorrect service ID' });
    expect((await providerError(add())).retryable).toBe(false);
  });
});

describe('SmmApiClient: what an answer means (docs/ARCHITECTURE.md#upstream-providers)', () => {
  const page =
    (body: string, status = 200, type = 'text/html'): Script =>
    (_r, res) =>
      res.writeHead(status, { 'content-type': type }).end(body);
  const NOTICE =
    '<br />\n<b>Notice</b>:  Undefined index: runs in <b>/var/www/api/v2.php</b> on line <b>212</b><br />\n';

  it('reads the order id after a PHP notice (the last JSON object in the body), or before a warning', async () => {
    script = page(`${NOTICE}{"order": 777}`);
    expect(await add()).toEqual({ providerOrderId: '777' });
    script = page(`${NOTICE}{"order": {"id": 1}, "x": [1]} {"order": "778"}`);
    expect(await add()).toEqual({ providerOrderId: '778' });
    script = page('{"order":779}\n<br /><b>Warning</b>: session_start(): headers already sent');
    expect(await add()).toEqual({ providerOrderId: '779' });
    script = page(`${NOTICE}[{"order": 5, "cancel": 1}]`);
    expect(await client().cancel(['5'])).toEqual(new Map([['5', true]]));
  });

  it('takes a JSON { error } after a PHP notice, or with a 4xx, as a refusal', async () => {
    script = page(`${NOTICE}{"error": "Incorrect service ID"}`);
    expect(await providerError(add())).toMatchObject({
      outcome: 'refused',
      retryable: false,
      mayHaveBeenProcessed: false,
      message: 'add: refused: Incorrect service ID',
    });
  });

  it('takes a 429 as the provider asking us to slow down, whatever its body: refused, retryable, with its Retry-After', async () => {
    const limited =
      (headers: Record<string, string>, body: string, type: string): Script =>
      (_r, res) =>
        res.writeHead(429, { 'content-type': type, ...headers }).end(body);
    // A JSON { error } with delay-seconds.
    script = limited({ 'retry-after': '12' }, '{"error": "Too many requests"}', 'application/json');
    expect(await providerError(add())).toMatchObject({
      outcome: 'refused',
      retryable: true,
      mayHaveBeenProcessed: false,
      retryAfterMs: 12_000,
      message: 'add: HTTP 429: too many requests, retry after 12 s',
    });
    // A proxy's HTML page, no Retry-After: not "unknown" (an add would be held), the default pause.
    script = limited({}, '<html><body><h1>429 Too Many Requests</h1></body></html>', 'text/html');
    expect(await providerError(add())).toMatchObject({
      outcome: 'refused',
      retryable: true,
      retryAfterMs: DEFAULT_RETRY_AFTER_MS,
    });
    // The HTTP-date form, read against the answer's own Date: 90 s.
    const sent = new Date('2026-11-25T03:00:00Z');
    script = limited(
      {
        date: sent.toUTCString(),
        'retry-after': new Date(sent.getTime() + 90_000).toUTCString(),
      },
      'slow down',
      'text/plain',
    );
    expect(await providerError(client().statuses(['1', '2']))).toMatchObject({
      outcome: 'refused',
      retryAfterMs: 90_000,
    });
    // Capped at 5 minutes, never under a second.
    script = limited({ 'retry-after': '86400' }, '', 'text/plain');
    expect((await providerError(client().status('1'))).retryAfterMs).toBe(MAX_RETRY_AFTER_MS);
    script = limited({ 'retry-after': '0' }, '', 'text/plain');
    expect((await providerError(add())).retryAfterMs).toBe(1_000);
    script = limited({ 'retry-after': 'soon' }, '', 'text/plain');
    expect((await providerError(add())).retryAfterMs).toBe(DEFAULT_RETRY_AFTER_MS);
    // Any other failure carries no pause.
    script = json({ error: 'Incorrect service ID' }, 400);
    expect((await providerError(add())).retryAfterMs).toBeNull();
  });

  it.each([
    ['a PHP notice with no JSON after it', page(NOTICE), 'add: the answer is not JSON', 'Notice'],
    [
      'an HTML page with 200',
      page('<html><body>Sign in</body></html>'),
      'add: the answer is not JSON',
      'Sign in',
    ],
    ['an empty 200', page(''), 'add: empty answer', null],
    [
      'cut-off JSON',
      page('{"order": 12', 200, 'application/json'),
      'add: the answer is not JSON',
      '{"order": 12',
    ],
    ['HTTP 500 after the work', json({ order: 12 }, 500), 'add: HTTP 500', '{"order":12}'],
    ['HTTP 500 with a JSON error', json({ error: 'Internal error' }, 500), 'add: HTTP 500', 'Internal error'],
    ['HTTP 502 from a proxy', page('<html>502 Bad Gateway</html>', 502), 'add: HTTP 502', '502 Bad Gateway'],
    ['HTTP 404 with an HTML page', page('<html>Not Found</html>', 404), 'add: HTTP 404', 'Not Found'],
    ['JSON without an order id', json({ status: 'ok' }), 'add: unexpected answer', null],
  ] as const)(
    'takes %s as unknown: never resent nor refunded automatically',
    async (_what, answer, message, raw) => {
      script = answer;
      const error = await providerError(add());
      expect(error).toMatchObject({ outcome: 'unknown', mayHaveBeenProcessed: true, message });
      if (raw === null) expect(error.rawAnswer).toBeNull();
      else expect(error.rawAnswer).toContain(raw);
    },
  );

  it('takes a timeout after sending as unknown, a refused connection as not sent', async () => {
    script = () => {};
    expect(await providerError(add(client(150)))).toMatchObject({ outcome: 'unknown', rawAnswer: null });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await providerError(add(client(2000, `http://127.0.0.1:${port}/api/v2`)))).toMatchObject({
      outcome: 'not-sent',
      mayHaveBeenProcessed: false,
    });
  });

  it('keeps the raw answer short, free of control characters and without the key', async () => {
    script = page(`<html>\u0000key=${KEY} ${'x'.repeat(5000)}</html>`, 500);
    const error = await providerError(add());
    expect(error.rawAnswer).not.toContain(KEY);
    expect(error.rawAnswer).toContain('key=***');
    expect(error.rawAnswer).not.toContain('\u0000');
    expect(error.rawAnswer!.length).toBeLessThanOrEqual(RAW_ANSWER_CHARS);
  });
});

describe('SmmApiClient: how deep an answer nests', () => {
  it('refuses an answer nested deeper than MAX_JSON_DEPTH before reading it whole or parsing it', async () => {
    const deep = '['.repeat(2_400_000) + ']'.repeat(2_400_000);
    let closed = false;
    script = (_r, res) => {
      res.on('close', () => (closed = true));
      res.writeHead(200, { 'content-type': 'application/json' }).end(deep);
    };
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const error = await providerError(add());
      expect(error).toMatchObject({
        message: `add: the answer is nested deeper than ${MAX_JSON_DEPTH} levels`,
        outcome: 'unknown',
      });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    await vi.waitFor(() => expect(closed).toBe(true));
  });

  it('reads honest answers: nesting at the limit, and brackets inside strings', async () => {
    const atLimit = `{"order": 3, "x": ${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    script = (_r, res) => res.writeHead(200).end(atLimit);
    expect(await add()).toEqual({ providerOrderId: '3' });
    script = json({ order: 4, note: `${'[{'.repeat(100)} \\" ${'['.repeat(100)}` });
    expect(await add()).toEqual({ providerOrderId: '4' });
  });

  it('counts across chunk boundaries and string escapes', () => {
    const guard = new JsonDepthGuard(2);
    expect(guard.feed(Buffer.from('{"a\\'))).toBe(true);
    expect(guard.feed(Buffer.from('"[[[": ['))).toBe(true);
    expect(guard.feed(Buffer.from('['))).toBe(false);
  });
});
