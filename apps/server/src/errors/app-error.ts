import { ERROR_CATALOGUE, type ErrorCode } from '@smm/domain';

export { ERROR_CATALOGUE, type ErrorCode };

/**
 * Services throw `appError(code)`; the error handler turns it into `{ message, code }`. The catalogue
 * (code → status + Korean message) lives in @smm/domain so the web switches on the same codes.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

/** `message` overrides the catalogue text when a rule has a more precise one (e.g. a sign-up rule). */
export function appError(code: ErrorCode, message?: string): AppError {
  return new AppError(code, message);
}
