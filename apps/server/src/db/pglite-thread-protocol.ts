/** The messages between the main thread and the embedded database's thread (pglite-thread.ts). */
export interface ThreadSetup {
  /** PGlite's data directory, or null for a database in memory (tests). */
  dataDir: string | null;
}

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      /** Type oids whose values stay text (see pglite-thread.ts). */
      rawTypes: number[] | undefined;
    }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'close' };

export type ThreadReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerialisedError };

export type ThreadStart = { ready: true } | { ready: false; error: SerialisedError };

/** An error's message and its own data fields (PostgreSQL's code, constraint, detail…). */
export interface SerialisedError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | null>;
}

export function serialiseError(error: unknown): SerialisedError {
  if (!(error instanceof Error))
    return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: SerialisedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again on this side of the thread boundary, with the same fields (`code` for SQLSTATE). */
export function reviveError(serialised: SerialisedError): Error {
  const error = new Error(serialised.message);
  error.name = serialised.name;
  Object.assign(error, serialised.fields);
  if (serialised.stack) error.stack = serialised.stack;
  return error;
}
