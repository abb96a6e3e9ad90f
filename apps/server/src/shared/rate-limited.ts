import type { ErrorCode } from '@smm/domain';
import { appError, type AppError } from '../errors/app-error';

/**
 * A 429 that knows when the client may try again: the error handler turns `retryAfterSeconds` into
 * the `Retry-After` header (seconds), so every 429 the app answers carries one.
 */
export type RateLimitedError = AppError & { retryAfterSeconds: number };

export function rateLimited(code: ErrorCode, retryAfterSeconds: number, message?: string): RateLimitedError {
  return Object.assign(appError(code, message), {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
}

/** The error's own Retry-After, when it is one of ours. */
export function retryAfterOf(error: unknown): number | undefined {
  const value = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? value : undefined;
}
