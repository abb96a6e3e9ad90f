import type { Response } from 'undici';

/*
 * Reading a provider's answer without trusting it (docs/ARCHITECTURE.md#providers-are-untrusted): the
 * body up to a size and a nesting depth as it streams in, an error page's first bytes, and the JSON
 * inside an answer that has noise around it.
 */

/**
 * The body's bytes as they stream in; 'too-large' as soon as they pass `limit`, or 'too-deep' as soon
 * as `check` says no (the rest is never read).
 */
export async function readAtMost(
  response: Response,
  limit: number,
  check: (chunk: Uint8Array) => boolean = () => true,
): Promise<Uint8Array | 'too-large' | 'too-deep'> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit || !check(value)) {
      await reader.cancel().catch(() => {});
      return size > limit ? 'too-large' : 'too-deep';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The first `limit` bytes of a body at most (an error page's start, for the operator). */
export async function readHead(response: Response, limit: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).subarray(0, limit);
}

/**
 * The deepest nesting of arrays and objects an answer may have. The honest answers nest 3 levels (a
 * multi-status: object → entry → value); 4.8 MB of `[[[[…` parsed whole cost 240 MB and a 0.9 s stall
 * of the event loop (docs/ARCHITECTURE.md#providers-are-untrusted).
 */
export const MAX_JSON_DEPTH = 16;

/**
 * Counts the nesting of JSON bytes as they stream in, outside strings, and says no once it passes
 * `max`. A byte scan: `[ { } ] " \` are ASCII and never part of a multi-byte UTF-8 character, so no
 * decoding is needed, and it costs one pass over bytes that are read anyway.
 */
export class JsonDepthGuard {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** False once the bytes so far nest deeper than `max`. */
  feed(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
      } else if (byte === 0x22) this.inString = true;
      else if (byte === 0x5b || byte === 0x7b) {
        this.depth += 1;
        if (this.depth > this.max) return false;
      } else if ((byte === 0x5d || byte === 0x7d) && this.depth > 0) this.depth -= 1;
    }
    return true;
  }
}

/** The largest body searched for JSON after leading or trailing noise (every such answer is short). */
const NOISY_ANSWER_CHARS = 64 * 1024;
/** The most starting points tried in a noisy answer. */
const NOISY_ANSWER_TRIES = 64;

/**
 * The JSON of an answer, or undefined. A body that is not JSON as a whole may be JSON after noise —
 * a PHP notice or warning printed before (or after) it, `<br /><b>Notice</b>: … {"order": 777}`: the
 * provider's script ran to its end and answered. Its answer is then the last JSON object or array in
 * the body: the text from a `{` or `[` to the last `}` or `]` that parses, tried from the end.
 */
export function parseProviderJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    // Noise around it, perhaps.
  }
  if (text.length > NOISY_ANSWER_CHARS) return undefined;
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (end < 0) return undefined;
  const body = text.slice(0, end + 1);
  let from = end;
  for (let tries = 0; tries < NOISY_ANSWER_TRIES && from > 0; tries += 1) {
    from = Math.max(body.lastIndexOf('{', from - 1), body.lastIndexOf('[', from - 1));
    if (from < 0) return undefined;
    // An inner object never parses alone: its outer's closing bracket follows it to the end.
    try {
      return { value: JSON.parse(body.slice(from)) as unknown };
    } catch {
      // An inner object of the answer, or noise: start further back.
    }
  }
  return undefined;
}
