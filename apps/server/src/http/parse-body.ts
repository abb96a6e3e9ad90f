import type { z } from 'zod';
import { appError } from '../errors/app-error';

/** Body of the wrong shape (not an object, a number where text belongs) is a plain 400. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw appError('BAD_REQUEST');
  return result.data;
}
