import { parentPort, workerData } from 'node:worker_threads';
import { openEmbeddedPglite } from './pglite-durability';
import { PgliteStatements } from './pglite-statements';
import type { ThreadReply, ThreadRequest, ThreadSetup } from './pglite-thread-protocol';
import { serialiseError } from './pglite-thread-protocol';

/**
 * The worker thread that owns the embedded database (docs/ARCHITECTURE.md "The embedded database"):
 * PGlite's PostgreSQL runs here, on its own core, while the main thread reads requests and writes
 * answers. It answers each message in the order they came, one at a time, as PGlite's one
 * connection would.
 */
const setup = workerData as ThreadSetup;
const port = parentPort!;

const client = openEmbeddedPglite(setup.dataDir);
const statements = new PgliteStatements(client);

// Values of these types stay the text PostgreSQL sent: the parsers the caller asked for (Drizzle's
// keep dates, intervals and numeric arrays as text) cannot cross the thread boundary as functions.
const parsersOf = (rawTypes: number[] | undefined) =>
  rawTypes ? Object.fromEntries(rawTypes.map((oid) => [oid, (value: string) => value])) : undefined;

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.rawTypes ? { parsers: parsersOf(request.rawTypes) } : {}),
      };
      // With parameters: a named statement, planned once. Without (BEGIN, COMMIT, a migration's DDL):
      // PGlite's own path.
      return request.params && request.params.length > 0
        ? statements.query(request.sql, request.params, options)
        : client.query(request.sql, request.params, options);
    }
    case 'exec':
      return client.exec(request.sql);
    case 'close':
      await client.close();
      return null;
  }
}

let queue = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(async () => {
    let reply: ThreadReply;
    try {
      reply = { id: request.id, ok: true, result: await handle(request) };
    } catch (error) {
      reply = { id: request.id, ok: false, error: serialiseError(error) };
    }
    port.postMessage(reply);
    if (request.op === 'close') port.close();
  });
});

client.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error: unknown) => port.postMessage({ ready: false, error: serialiseError(error) }),
);
