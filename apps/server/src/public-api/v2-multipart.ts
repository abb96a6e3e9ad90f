import type { FastifyRequest } from 'fastify';
import { appError } from '../errors/app-error';

/** At most this many parts in one multipart SMM API v2 body (the protocol has eleven parameters). */
export const V2_MULTIPART_MAX_PARTS = 50;

/**
 * A `multipart/form-data` body of the SMM API v2 (what `FormData` sends, docs/product.md#public-api),
 * read like a URL-encoded form: each text part a field, a name sent twice a list (which the parameters'
 * schema refuses, as for a form). The body arrives whole, already held to the server's body limit;
 * more than V2_MULTIPART_MAX_PARTS parts, a file part or a body that does not parse is BAD_REQUEST,
 * which the v2 routes answer as "Incorrect request".
 */
export async function parseV2Multipart(
  request: FastifyRequest,
  body: Buffer,
): Promise<Record<string, string | string[]>> {
  let form: FormData;
  try {
    const headers = { 'content-type': request.headers['content-type'] ?? '' };
    form = await new Response(body, { headers }).formData();
  } catch {
    throw appError('BAD_REQUEST');
  }
  const fields: Record<string, string | string[]> = {};
  let parts = 0;
  for (const [name, value] of form) {
    parts += 1;
    if (parts > V2_MULTIPART_MAX_PARTS || typeof value !== 'string') throw appError('BAD_REQUEST');
    const previous = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const next = previous === undefined ? value : [previous, value].flat();
    Object.defineProperty(fields, name, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}
