import { STORAGE_KEYS, isErrorCode, type ErrorCode } from '@smm/domain';
import {
  pathOf,
  type BodyOf,
  type EndpointSpec,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@smm/domain/endpoints';

/**
 * A non-2xx answer. `message` is the server's Korean message ('' when the body carried none); `code`
 * is one of the server's error catalog (@smm/domain ERROR_CATALOG), so callers can switch on it;
 * `body` is the parsed body, for the few answers that carry more (a social login's 404 holds a token).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, code?: ErrorCode, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own message when it sent one, else the caller's fallback (docs/product.md#error-answers). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

let unauthorizedHandler: ((error: ApiError) => void) | null = null;

/**
 * The session registers itself here: any 401, from any call, ends the session (docs/product.md#sessions). The
 * handler gets the error, so a session ended for a reason the member should read (an operator's
 * suspension, TOKEN_SUSPENDED) can say so.
 */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | null): void {
  unauthorizedHandler = handler;
}

export function getStoredToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.JWT);
}

export function storeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.JWT, token);
}

export function removeStoredToken(): void {
  localStorage.removeItem(STORAGE_KEYS.JWT);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key, say); Accept, Authorization and Content-Type are set here. */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = await readBody(response);

  if (!response.ok) {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' ? record.message : '';
    const code = isErrorCode(record.code) ? record.code : undefined;
    const error = new ApiError(response.status, message, code, body);
    if (response.status === 401) {
      removeStoredToken();
      unauthorizedHandler?.(error);
    }
    throw error;
  }
  return body as T;
}

type Query<E> = QueryOf<E> | URLSearchParams;

/**
 * A call's input, read off its endpoint: `params` when its path has any, `query` when it takes one
 * (optional when every key is), `body` when it takes one (a FormData for an upload).
 */
export type CallInput<E> = ([ParamsOf<E>] extends [object]
  ? E extends { readonly params: string }
    ? { params: ParamsOf<E> }
    : object
  : object) &
  ([QueryOf<E>] extends [never]
    ? object
    : object extends QueryOf<E>
      ? { query?: Query<E> }
      : { query: Query<E> }) &
  ([BodyOf<E>] extends [never]
    ? object
    : object extends BodyOf<E>
      ? { body?: BodyOf<E> }
      : { body: BodyOf<E> });

type CallOptions = Omit<RequestOptions, 'body'>;

/** The query string of a call: keys left undefined are left out; '' when nothing is left. */
function searchOf(query: object | undefined): string {
  if (!query) return '';
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query as Record<string, unknown>)
            .filter(([, value]) => value !== undefined)
            .map(([key, value]) => [key, String(value)]),
        );
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL a call goes to: its path with the parameters filled in, and its query. */
export function urlOf<const E extends EndpointSpec>(endpoint: E, input: CallInput<E>): string {
  const { params, query } = input as { params?: object; query?: object };
  return pathOf(endpoint, params) + searchOf(query);
}

/**
 * The one way the web app calls the server: an endpoint of the contract (@smm/domain/endpoints) and its
 * input, typed by it, answered with its response type. JSON in and out, bearer token attached, 401
 * handled once.
 */
export function call<const E extends EndpointSpec>(
  endpoint: E,
  ...[input, options]: object extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions]
): Promise<ResponseOf<E>> {
  const given = (input ?? {}) as CallInput<E>;
  const { body } = given as { body?: unknown };
  return request<ResponseOf<E>>(endpoint.method, urlOf(endpoint, given), { ...options, body });
}
