import { ERROR_CATALOG, type ErrorCode } from '@smm/domain';

export { ERROR_CATALOG, type ErrorCode };

/**
 * Services throw `appError(code)`; the error handler turns it into `{ message, code }`. The catalog
 * (code → status + Korean message) lives in @smm/domain so the web switches on the same codes.
 */
export class AppError extends Error {
  readonly status: number;
  /** For a 429: when the client may try again; the error handler sends it as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * Fields the answer carries beside `message` and `code`, as the route's contract declares them for
   * this status (a charge clash names the member's own pending charge: chargeConflictBody).
   */
  readonly extra: Readonly<Record<string, number | string>> | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options: { retryAfterSeconds?: number; extra?: Record<string, number | string> } = {},
  ) {
    super(message ?? ERROR_CATALOG[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOG[code].status;
    this.extra = options.extra;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

/** `message` overrides the catalog text when a rule has a more precise one (e.g. a sign-up rule). */
export function appError(code: ErrorCode, message?: string): AppError {
  return new AppError(code, message);
}

/** An error whose answer carries more than `{ message, code }` (declared in the route's contract). */
export function appErrorWith(
  code: ErrorCode,
  message: string,
  extra: Record<string, number | string>,
): AppError {
  return new AppError(code, message, { extra });
}

/** A 429 that says when the client may try again. */
export function rateLimited(code: ErrorCode, retryAfterSeconds: number): AppError {
  return new AppError(code, undefined, { retryAfterSeconds });
}
