import { z } from 'zod';

/**
 * Request text: absent reads as '' so the domain rules, not the parser, decide which message comes
 * first; control characters (NUL above all, which PostgreSQL text cannot hold) never reach a rule or
 * the database: they are a plain 400.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'control characters');

export const requestText = (max = 500) => plainText(max).optional().default('');

/** A path parameter (a member id in an operator URL …): required, short, no control characters. */
export const pathText = (max = 100) => plainText(max).min(1);

/** The body of every non-2xx answer (see ERROR_CATALOG). */
export const errorBody = z.object({ message: z.string(), code: z.string() });

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

/** One page of a list, newest first: `page` is 1-based, `total` counts every row of the list. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

/** `?page=` of a paged list. */
export const pageNumber = z.coerce.number().int().min(1).max(1_000_000).optional().default(1);
