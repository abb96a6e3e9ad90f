import type { FastifyRequest } from 'fastify';

/**
 * What the log may say about a request and an error. Two leaks are closed here, for every log line:
 *
 * - Query strings carry secrets (`/reset-password?token=…`, `/auth/naver?code=…`): a request is logged
 *   with its path only, and `?…` when there was a query.
 * - Database errors carry their parameters (a password hash, an e-mail …): Drizzle's DrizzleQueryError
 *   has `.params` and repeats them in its message ("Failed query: … params: …"), and the driver error
 *   in its `cause` has `.params`/`.query` (PGlite) or `.detail` ("Key (email)=(…) already exists", pg).
 *   Errors are logged with those fields dropped and the params cut from messages and stacks, through
 *   the whole cause chain. The SQL text itself stays: it holds placeholders, not values.
 */

/** Fields that hold values sent to the database, or that echo them. */
const DROPPED_FIELDS = new Set([
  'params',
  'parameters',
  'query',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
]);
const MAX_CAUSES = 5;

export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : `${url.slice(0, index)}?…`;
}

/** Fastify's own request serializer, with the query cut from the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** A DrizzleQueryError's message is `Failed query: <sql>\nparams: <values>`: keep the SQL, drop values. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

function serializeOne(error: Error, depth: number): SerializedError {
  const original = String(error.message);
  const { query } = error as { query?: unknown };
  // DrizzleQueryError: rebuild the message from its SQL, and cut the original out of the stack exactly,
  // whatever the params contain; anything else shaped like it loses a trailing "params: …" line.
  const message =
    typeof query === 'string' && original.startsWith('Failed query: ')
      ? `Failed query: ${query}`
      : withoutParams(original);
  const stack =
    typeof error.stack === 'string' ? withoutParams(error.stack.split(original).join(message)) : '';
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name ?? 'Error',
    message,
    stack,
  };
  for (const [field, value] of Object.entries(error)) {
    if (DROPPED_FIELDS.has(field) || field === 'cause' || field in serialized) continue;
    if (isErrorLike(value)) continue;
    serialized[field] = value;
  }
  const { cause } = error as { cause?: unknown };
  if (isErrorLike(cause) && depth < MAX_CAUSES) serialized.cause = serializeOne(cause, depth + 1);
  return serialized;
}

/** pino's `err` serializer without the values a query was run with. */
export function serializeError(error: Error): SerializedError {
  if (isErrorLike(error)) return serializeOne(error, 0);
  return { type: typeof error, message: withoutParams(String(error)), stack: '' };
}

export const logSerializers = { req: serializeRequest, err: serializeError };
