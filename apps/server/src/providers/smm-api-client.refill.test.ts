import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from './provider-api';
import { MAX_ANSWER_BYTES, SmmApiClient } from './smm-api-client';

/**
 * The client's `refill` and `refill_status` against a scripted upstream (a plain node:http server
 * answering what the test says): the trade's answer shapes and the same failure discipline as the
 * other calls. The simulated provider's refills are in simulated-provider.refill.test.ts.
 */
const KEY = 'sk-live-refill-0123';

type Script = (res: ServerResponse) => void;
let script: Script;
let received: Record<string, string>[];
let server: Server;
let url: string;

const json =
  (value: unknown, status = 200): Script =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };
const raw =
  (body: string, type = 'application/json'): Script =>
  (res) => {
    res.writeHead(200, { 'content-type': type }).end(body);
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      script(res);
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

const client = (timeoutMs = 2000) =>
  new SmmApiClient({ apiUrl: url, apiKey: KEY, timeoutMs, allowPrivateAddresses: true });

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).message).not.toContain(KEY);
  return error as ProviderError;
}

describe('SmmApiClient.refill', () => {
  it('asks for one refill with order= and reads {"refill":"1"} or {"refill":1}', async () => {
    script = json({ refill: '1' });
    expect(await client().refill(['23501'])).toEqual(new Map([['23501', { refillId: '1' }]]));
    expect(received[0]).toEqual({ key: KEY, action: 'refill', order: '23501' });
    script = json({ refill: 77 });
    expect(await client().refill(['23501'])).toEqual(new Map([['23501', { refillId: '77' }]]));
  });

  it('answers a refusal of one order as that order’s {error}, with the key blanked', async () => {
    script = json({ error: `Refill is not available for this order (key ${KEY})` });
    expect(await client().refill(['9'])).toEqual(
      new Map([['9', { error: 'Refill is not available for this order (key ***)' }]]),
    );
  });

  it('asks for several with orders= and reads each entry, numbers or strings, refills or errors', async () => {
    script = json([
      { order: 1, refill: 2 },
      { order: '2', refill: { error: 'Incorrect order ID' } },
      { order: 99, refill: 5 }, // not asked: ignored
    ]);
    const answers = await client().refill(['1', '2', '3']);
    expect(received[0]).toEqual({ key: KEY, action: 'refill', orders: '1,2,3' });
    expect(answers).toEqual(
      new Map<string, unknown>([
        ['1', { refillId: '2' }],
        ['2', { error: 'Incorrect order ID' }],
        ['3', { error: 'not in the answer' }],
      ]),
    );
  });

  it('takes a refusal of a whole several-order call as not retryable', async () => {
    script = json({ error: 'Invalid API key' });
    const error = await providerError(client().refill(['1', '2']));
    expect(error).toMatchObject({ retryable: false, mayHaveBeenProcessed: false });
    expect(error.message).toBe('refill: refused: Invalid API key');
  });

  it('takes a misshapen JSON answer, an HTTP 500 or HTML as possibly processed; a JSON refusal as surely not', async () => {
    script = json({ refilled: true });
    expect(await providerError(client().refill(['1']))).toMatchObject({
      retryable: true,
      mayHaveBeenProcessed: true,
    });
    script = raw('{"refill": 1');
    expect(await providerError(client().refill(['1']))).toMatchObject({ mayHaveBeenProcessed: true });
    // The provider's script may have stored the refill before it failed (docs/ARCHITECTURE.md#upstream-providers).
    script = json({ refill: 1 }, 500);
    expect(await providerError(client().refill(['1']))).toMatchObject({
      retryable: true,
      outcome: 'unknown',
      mayHaveBeenProcessed: true,
    });
    script = raw('<html>502</html>', 'text/html');
    expect(await providerError(client().refill(['1']))).toMatchObject({ outcome: 'unknown' });
    script = json({ error: 'Too many requests' }, 429);
    expect(await providerError(client().refill(['1', '2']))).toMatchObject({
      outcome: 'refused',
      mayHaveBeenProcessed: false,
    });
  });

  it('reads refill ids after a PHP notice', async () => {
    script = raw(
      '<br />\n<b>Notice</b>:  Undefined index: x in /api.php on line 9<br />\n{"refill": "55"}',
      'text/html',
    );
    expect(await client().refill(['1'])).toEqual(new Map([['1', { refillId: '55' }]]));
  });

  it('takes a provider that never answers as possibly processed (it may have the refill)', async () => {
    script = () => {}; // never answers
    const error = await providerError(client(200).refill(['1']));
    expect(error).toMatchObject({ retryable: true, mayHaveBeenProcessed: true });
    expect(error.message).toBe('refill: no answer within 200 ms');
  });

  it('drops an answer over the size cap', async () => {
    script = raw(`[${'{"order":1,"refill":2},'.repeat(MAX_ANSWER_BYTES / 20)}{"order":1,"refill":2}]`);
    expect((await providerError(client().refill(['1']))).message).toMatch(/larger than 5 MiB/);
  });

  it('asks nothing for no orders', async () => {
    expect(await client().refill([])).toEqual(new Map());
    expect(received).toHaveLength(0);
  });
});

describe('SmmApiClient.refillStatuses', () => {
  it('asks one with refill= and reads {"status":"Completed"}; its {error} is that refill’s', async () => {
    script = json({ status: 'Completed' });
    expect(await client().refillStatuses(['4'])).toEqual(new Map([['4', { status: 'Completed' }]]));
    expect(received[0]).toEqual({ key: KEY, action: 'refill_status', refill: '4' });
    script = json({ error: 'Incorrect refill ID' });
    expect(await client().refillStatuses(['4'])).toEqual(new Map([['4', { error: 'Incorrect refill ID' }]]));
  });

  it('asks several with refills= and reads each status or error', async () => {
    script = json([
      { refill: 1, status: 'Completed' },
      { refill: '2', status: { error: 'Refill not found' } },
    ]);
    const answers = await client().refillStatuses(['1', '2', '3']);
    expect(received[0]).toEqual({ key: KEY, action: 'refill_status', refills: '1,2,3' });
    expect(answers).toEqual(
      new Map<string, unknown>([
        ['1', { status: 'Completed' }],
        ['2', { error: 'Refill not found' }],
        ['3', { error: 'not in the answer' }],
      ]),
    );
  });

  it('takes a refused several-refill call or a misshapen answer as a retryable read failure', async () => {
    script = json({ error: 'Service temporarily unavailable' });
    expect(await providerError(client().refillStatuses(['1', '2']))).toMatchObject({
      retryable: true,
      outcome: 'refused',
    });
    // A read: not understood, asked again later.
    script = json({ status: 5 });
    expect(await providerError(client().refillStatuses(['1']))).toMatchObject({
      retryable: true,
      outcome: 'unknown',
    });
  });
});
