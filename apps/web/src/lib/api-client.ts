import { STORAGE_KEYS, isErrorCode, type ErrorCode } from '@smm/domain';

/**
 * A non-2xx answer. `message` is the server's Korean message ('' when the body carried none); `code`
 * is one of the server's error catalogue (@smm/domain ERROR_CATALOGUE), so callers can switch on it;
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

/** The one HTTP client of the web app: JSON in and out, bearer token attached, 401 handled once. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** multipart/form-data (an image upload): the browser writes the boundary. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
};
