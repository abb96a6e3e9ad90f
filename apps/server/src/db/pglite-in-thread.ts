import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import {
  reviveError,
  type ThreadReply,
  type ThreadRequest,
  type ThreadSetup,
  type ThreadStart,
} from './pglite-thread-protocol';

type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
};
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type RequestBody = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * The embedded database on a thread of its own (pglite-thread.ts), behind the few calls Drizzle makes
 * of a PGlite client (`query`, `exec`, `transaction`). PGlite's PostgreSQL is a WebAssembly program:
 * in the server's own thread each query's planning and execution stopped every request, so a 2-core
 * machine served the API from one core (docs/performance.md). Here the main thread parses, checks and
 * answers requests while the database thread runs SQL.
 *
 * One connection, as before, kept in order here: queries alone go to the thread as they come (it
 * answers them in order), a transaction holds the connection from BEGIN to COMMIT or ROLLBACK, and
 * what comes meanwhile waits for its end. Answers arrive as messages, each an event-loop callback of
 * its own, so a long queue never keeps the loop from accepting connections and reading requests.
 */
export class PGliteInThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;
  /** Started (or failed to: then every call fails at once). */
  private ready = false;
  /** A transaction holds the one connection. */
  private active = false;
  /** Calls waiting for the start or for a transaction's end, in arrival order. */
  private readonly held: (() => void)[] = [];
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | null) {
    // Built, the thread is dist/pglite-thread.js beside the bundle; from the sources (tests, tsx), the
    // TypeScript file run through tsx.
    const fromSources = import.meta.url.endsWith('.ts');
    const setup: ThreadSetup = { dataDir };
    this.worker = fromSources
      ? // Node 20 does not hand a thread's entry to loaders given in execArgv: load tsx (found from
        // here, not from the working directory), then the file.
        new Worker(
          `import(${JSON.stringify(tsxEsmApi())})` +
            `.then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`,
          { eval: true, workerData: setup },
        )
      : new Worker(new URL('./pglite-thread.js', import.meta.url), { workerData: setup });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onStart = (message: ThreadStart | ThreadReply) => {
        if (!('ready' in message)) return;
        this.worker.off('message', onStart);
        if (message.ready) resolve();
        else reject(reviveError(message.error));
      };
      this.worker.on('message', onStart);
      // A thread that fails to load or ends before it is ready: the opening fails with why.
      this.worker.once('error', reject);
      this.worker.once('exit', (code) =>
        reject(new Error(`the embedded database's thread ended (exit code ${code})`)),
      );
    });
    this.waitReady.then(
      () => {
        this.ready = true;
        this.drain();
      },
      (error: Error) => {
        this.failure ??= error;
        this.ready = true;
        this.drain();
      },
    );
    this.worker.on('message', (message: ThreadStart | ThreadReply) => {
      if ('ready' in message) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(reviveError(message.error));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) =>
      fail(new Error(`the embedded database's thread ended (exit code ${code})`)),
    );
  }

  private send<T>(body: RequestBody): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...body, id });
    });
  }

  /**
   * Runs `go` now when no transaction holds the connection and nothing waits before it, else in
   * arrival order once they are done. A query alone is posted at once, behind the ones already
   * posted (the thread answers in order), so the database thread has the next one ready while the
   * main thread reads answers; a transaction holds the connection from BEGIN to its end.
   */
  private admit(go: () => void): void {
    if (this.ready && !this.active && this.held.length === 0) go();
    else this.held.push(go);
  }

  private drain(): void {
    // A transaction's `go` sets `active` at once, so the ones after it wait for its end.
    while (this.ready && !this.active && this.held.length > 0) this.held.shift()!();
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return new Promise<Results<T>>((resolve, reject) => {
      const body = queryRequest(sql, params, options);
      this.admit(() => void this.send<Results<T>>(body).then(resolve, reject));
    });
  }

  exec(sql: string): Promise<Results[]> {
    return new Promise<Results[]>((resolve, reject) => {
      this.admit(() => void this.send<Results[]>({ op: 'exec', sql }).then(resolve, reject));
    });
  }

  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.admit(() => {
        this.active = true;
        this.inTransaction(run)
          .then(resolve, reject)
          .finally(() => {
            this.active = false;
            this.drain();
          });
      });
    });
  }

  /** BEGIN, the caller's queries (posted straight: the transaction holds the connection), COMMIT. */
  private async inTransaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    const query = <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
      this.send<Results<R>>(queryRequest(sql, params, options));
    await query('BEGIN');
    let closed = false;
    const tx = {
      query,
      exec: (sql: string) => this.send<Results[]>({ op: 'exec', sql }),
      rollback: async () => {
        await query('ROLLBACK');
        closed = true;
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await run(tx);
      if (!closed) await query('COMMIT');
      return result;
    } catch (error) {
      if (!closed) await query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }

  /** As Drizzle's PGlite client: only the calls above are used. */
  asClient(): PGlite {
    return this as unknown as PGlite;
  }
}

/** A query as the thread takes it (its id is added when it is sent). */
function queryRequest(
  sql: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): RequestBody {
  return {
    op: 'query',
    sql,
    params,
    rowMode: options?.rowMode,
    rawTypes: options?.parsers ? rawTypesOf(options.parsers) : undefined,
  };
}

/** tsx's ESM API, found from this file (the thread's working directory may hold no node_modules). */
function tsxEsmApi(): string {
  const tsx = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(tsx, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return pathToFileURL(join(dirname(tsx), manifest.exports['./esm/api'].import.default)).href;
}

/**
 * The type oids whose parser keeps the text as it came: the only parsers Drizzle passes. Any other
 * parser cannot run on the database's thread, and is refused rather than silently ignored.
 */
function rawTypesOf(parsers: QueryOptions['parsers'] & object): number[] {
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = '2026-01-02 03:04:05';
    if (parse(probe, Number(oid)) !== probe) {
      throw new Error(
        `PGliteInThread keeps a type's text or PGlite's own parser; type ${oid} asked for another`,
      );
    }
    return Number(oid);
  });
}
