import { cleanProviderLine, isOutOfFunds } from '@smm/domain';
import { fetch, type Response } from 'undici';
import { z } from 'zod';
import {
  ProviderError,
  rawAnswerOf,
  type ProviderClient,
  type ProviderOrderInput,
  type ProviderOrderStatus,
  type ProviderServiceListing,
} from './provider-api';
import { hasPrivateAddressLiteral, isForbiddenAddress, providerDispatcher } from './provider-network';

/** Longest provider text (an `{ error }`) carried into an error message. */
const MAX_PROVIDER_TEXT = 200;

/**
 * A count as providers send it: a number or a numeric string ("157"); empty or missing reads as null.
 * Fractions are cut off; a negative remains (some providers report over-delivery so) reads as 0.
 */
const lenientCount = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
    z.literal(''),
    z.null(),
    z.undefined(),
  ])
  .transform((v) => (v === null || v === undefined || v === '' ? null : Math.max(0, Math.trunc(Number(v)))))
  .refine((v) => v === null || Number.isSafeInteger(v), 'not a count');

/** An order id: a positive integer, as a number or a string; some providers use short text ids. */
const orderId = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/),
]);

const errorAnswer = z.object({ error: z.string() });
const addAnswer = z.object({ order: orderId });
/**
 * One order's status: the text in any spelling, or a numeric code as a number or text (read by
 * orderStatusFromProvider, docs/ARCHITECTURE.md#upstream-providers); counts as numbers or text.
 */
const statusEntry = z.object({
  status: z.union([
    z.string().trim().min(1).max(50),
    z
      .number()
      .int()
      .nonnegative()
      .max(999)
      .transform((v) => String(v)),
  ]),
  start_count: lenientCount,
  remains: lenientCount,
});
/** One order's refusal inside a multi-status answer (`{ "2": { "error": "Incorrect order ID" } }`). */
const statusError = z.object({ error: z.string().trim().min(1) });
/** Multi-status keyed by order id, as the API v2 answers it. */
const statusAnswer = z.record(z.string(), z.unknown());
/** Multi-status as a list naming each entry's order (some panels): `[{ "order": 1, "status": … }]`. */
const statusList = z.array(z.object({ order: orderId }).passthrough()).min(1);
const cancelAnswer = z.array(
  z.object({
    order: orderId,
    cancel: z.union([z.literal(1), z.literal('1'), z.literal(true), errorAnswer]),
  }),
);
/** A refill id as providers send it: like an order id, a number or short text. */
const refillId = orderId;
/** `refill` answers one order with `{ refill }`, several with `[{ order, refill }]`; each refill may be `{ error }`. */
const refillValue = z.union([refillId, errorAnswer]);
const refillOne = z.object({ refill: refillValue });
const refillMany = z.array(z.object({ order: orderId, refill: refillValue }));
/**
 * `refill_status` answers one refill with `{ status }`, several with `[{ refill, status }]`; a `reason`
 * beside the status is kept when it is text (anything else there is ignored).
 */
const refillStatusValue = z.union([z.string().trim().min(1).max(50), errorAnswer]);
const refillReason = z.unknown().optional();
const refillStatusOne = z.object({ status: refillStatusValue, reason: refillReason });
const refillStatusMany = z.array(
  z.object({ refill: refillId, status: refillStatusValue, reason: refillReason }),
);
const balanceAnswer = z.object({
  balance: z.union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ]),
  currency: z.string().trim().min(1).max(10),
});

/** A decimal as providers send it: a number or numeric text; kept as text so no float rounds it. */
const decimalText = z.union([
  z
    .number()
    .nonnegative()
    .transform((v) => String(v)),
  z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,12})?$/),
]);
const shortText = (max: number) =>
  z
    .union([z.string(), z.number()])
    // Cleaned here, where a provider's text enters: nothing that prints as nothing or turns text around
    // reaches the import, the sync or the console (docs/ARCHITECTURE.md#providers-are-untrusted).
    .transform((v) => cleanProviderLine(String(v)).slice(0, max))
    .optional()
    .transform((v) => v ?? '');
/**
 * A yes/no as providers send it: true/false, 1/0, or the same as text ("1", "true", "yes"); anything
 * else, or nothing, reads as false (a flag we cannot read promises nothing).
 */
const lenientFlag = z
  .unknown()
  .optional()
  .transform((v) => {
    if (v === true || v === 1) return true;
    if (typeof v !== 'string') return false;
    return ['1', 'true', 'yes'].includes(v.trim().toLowerCase());
  });
const serviceEntry = z.object({
  service: z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/),
  ]),
  name: shortText(300),
  type: shortText(50),
  category: shortText(200),
  rate: decimalText,
  min: lenientCount,
  max: lenientCount,
  refill: lenientFlag,
  cancel: lenientFlag,
});
/** The most entries of a services list kept (a large panel sells a few thousand). */
const MAX_SERVICES = 10_000;

/**
 * The most bytes of one answer read. The largest honest answer is a services list: even MAX_SERVICES
 * entries of a few hundred bytes stay under 4 MiB, and every other answer is a few hundred bytes. A
 * provider is not trusted to be honest (docs/ARCHITECTURE.md, "Providers are untrusted"): read whole,
 * a 600 MB answer took the server's memory to 1.6 GB; read up to this, it costs a few MB at most.
 */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** The most bytes of an HTTP error's JSON body read for its `{ error }` (anything longer is not read). */
const ERROR_BODY_BYTES = 64 * 1024;

/**
 * The trade's SMM API v2 over HTTP: a form-encoded POST with `key` and `action` to the provider's URL.
 * Anything that is not a well-formed answer — a timeout, a refused or cut connection, HTTP ≥ 400, HTML,
 * broken JSON, `{ error }`, an unexpected shape — is a ProviderError whose `outcome` says what the
 * provider may have done (decided in `call`, see ProviderOutcome); only an `add` the provider answers
 * with a JSON `{ error }` (it refused the order) is not retryable. JSON after a PHP notice is read. The key never appears in an error:
 * messages name the action and what went wrong, and text quoted from the provider has the key blanked.
 * Connections go only to public addresses unless `allowPrivateAddresses` (provider-network.ts), and an
 * answer is read up to MAX_ANSWER_BYTES.
 */
export class SmmApiClient implements ProviderClient {
  constructor(
    private readonly options: {
      apiUrl: string;
      apiKey: string;
      timeoutMs: number;
      allowPrivateAddresses: boolean;
    },
  ) {}

  async services(): Promise<ProviderServiceListing[]> {
    const answer = await this.call('services', {});
    this.throwIfRefused('services', answer, true);
    if (!Array.isArray(answer)) throw unexpected('services');
    const listing: ProviderServiceListing[] = [];
    for (const entry of answer.slice(0, MAX_SERVICES)) {
      const parsed = serviceEntry.safeParse(entry);
      // One malformed entry (a provider's typo) must not hide the rest of its catalog.
      if (!parsed.success || parsed.data.min === null || parsed.data.max === null) continue;
      const { service, name, type, category, rate, min, max, refill, cancel } = parsed.data;
      listing.push({ service: String(service), name, type, category, rate, min, max, refill, cancel });
    }
    return listing;
  }

  async add(input: ProviderOrderInput) {
    const params: Record<string, string> = { service: input.service, link: input.link };
    if (input.quantity !== undefined) params.quantity = String(input.quantity);
    if (input.comments !== undefined) params.comments = input.comments;
    const answer = await this.call('add', params, false);
    this.throwIfRefused('add', answer, false);
    const parsed = addAnswer.safeParse(answer);
    // A well-formed JSON answer without an order id: the provider may have taken the order all the same.
    if (!parsed.success) throw unexpected('add');
    return { providerOrderId: String(parsed.data.order) };
  }

  async statuses(providerOrderIds: string[]) {
    const result = new Map<string, ProviderOrderStatus | { error: string }>();
    if (providerOrderIds.length === 0) return result;
    const answer = await this.call('status', { orders: providerOrderIds.join(',') });
    this.throwIfRefused('status', answer, true);
    const byId = statusesById(answer, providerOrderIds);
    if (!byId) throw unexpected('status');
    for (const id of providerOrderIds) {
      const entry = byId.get(id);
      if (entry === undefined) {
        result.set(id, { error: 'not in the answer' });
        continue;
      }
      // An entry's own error comes first: some panels send it beside a placeholder status.
      const refused = statusError.safeParse(entry);
      if (refused.success) {
        result.set(id, { error: this.quote(refused.data.error) });
        continue;
      }
      const status = statusEntry.safeParse(entry);
      if (!status.success) throw unexpected('status');
      const { status: text, start_count: startCount, remains } = status.data;
      result.set(id, { status: text, startCount, remains, charge: chargeOf(entry) });
    }
    return result;
  }

  async cancel(providerOrderIds: string[]) {
    const result = new Map<string, true | { error: string }>();
    if (providerOrderIds.length === 0) return result;
    const answer = await this.call('cancel', { orders: providerOrderIds.join(',') });
    this.throwIfRefused('cancel', answer, true);
    const parsed = cancelAnswer.safeParse(answer);
    if (!parsed.success) throw unexpected('cancel');
    for (const entry of parsed.data) {
      const id = String(entry.order);
      if (!providerOrderIds.includes(id)) continue;
      result.set(id, typeof entry.cancel === 'object' ? { error: this.quote(entry.cancel.error) } : true);
    }
    for (const id of providerOrderIds) {
      if (!result.has(id)) result.set(id, { error: 'not in the answer' });
    }
    return result;
  }

  async balance() {
    const answer = await this.call('balance', {});
    this.throwIfRefused('balance', answer, true);
    const parsed = balanceAnswer.safeParse(answer);
    if (!parsed.success) throw unexpected('balance');
    return { balance: String(parsed.data.balance), currency: parsed.data.currency };
  }

  /**
   * Asks for refills (`action=refill`: `order` for one, `orders` for several). A provider's `{ error }`
   * for one order is that order's refusal; for several, a refusal of the whole call (not retryable).
   * A JSON answer without the refill ids may follow work done: mayHaveBeenProcessed, like an `add`.
   */
  async refill(providerOrderIds: string[]) {
    const result = new Map<string, { refillId: string } | { error: string }>();
    if (providerOrderIds.length === 0) return result;
    const one = providerOrderIds.length === 1 ? providerOrderIds[0]! : undefined;
    const answer = await this.call(
      'refill',
      one !== undefined ? { order: one } : { orders: providerOrderIds.join(',') },
    );
    const refused = errorAnswer.safeParse(answer);
    if (refused.success && one !== undefined) {
      result.set(one, { error: this.quote(refused.data.error) });
      return result;
    }
    this.throwIfRefused('refill', answer, false);
    const single = refillOne.safeParse(answer);
    const many = refillMany.safeParse(answer);
    const entries =
      single.success && one !== undefined
        ? [{ order: one, refill: single.data.refill }]
        : many.success
          ? many.data
          : undefined;
    if (!entries) throw unexpected('refill');
    for (const entry of entries) {
      const id = String(entry.order);
      if (!providerOrderIds.includes(id)) continue;
      result.set(
        id,
        typeof entry.refill === 'object'
          ? { error: this.quote(entry.refill.error) }
          : { refillId: String(entry.refill) },
      );
    }
    for (const id of providerOrderIds) {
      if (!result.has(id)) result.set(id, { error: 'not in the answer' });
    }
    return result;
  }

  /** Refill statuses (`action=refill_status`: `refill` for one, `refills` for several); a read. */
  async refillStatuses(refillIds: string[]) {
    const result = new Map<string, { status: string; reason?: string } | { error: string }>();
    if (refillIds.length === 0) return result;
    const one = refillIds.length === 1 ? refillIds[0]! : undefined;
    const answer = await this.call(
      'refill_status',
      one !== undefined ? { refill: one } : { refills: refillIds.join(',') },
    );
    const refused = errorAnswer.safeParse(answer);
    if (refused.success && one !== undefined) {
      result.set(one, { error: this.quote(refused.data.error) });
      return result;
    }
    this.throwIfRefused('refill_status', answer, true);
    const single = refillStatusOne.safeParse(answer);
    const many = refillStatusMany.safeParse(answer);
    const entries =
      single.success && one !== undefined
        ? [{ refill: one, status: single.data.status, reason: single.data.reason }]
        : many.success
          ? many.data
          : undefined;
    if (!entries) throw unexpected('refill_status');
    for (const entry of entries) {
      const id = String(entry.refill);
      if (!refillIds.includes(id)) continue;
      result.set(
        id,
        typeof entry.status === 'object'
          ? { error: this.quote(entry.status.error) }
          : typeof entry.reason === 'string' && this.quote(entry.reason) !== ''
            ? { status: entry.status, reason: this.quote(entry.reason) }
            : { status: entry.status },
      );
    }
    for (const id of refillIds) {
      if (!result.has(id)) result.set(id, { error: 'not in the answer' });
    }
    return result;
  }

  /**
   * One POST; the parsed JSON body, or a ProviderError for anything short of that. This and httpError
   * are the one place that decides what a failed call did at the provider (ProviderOutcome):
   * `not-sent` before any byte went out, `refused` for a JSON `{ error }` (see throwIfRefused), and
   * `unknown` for everything else that came back or did not. `refusalRetryable` is what a `{ error }`
   * sent with HTTP 400 or 422 (the provider's API refusing the request) is.
   */
  private async call(
    action: string,
    params: Record<string, string>,
    refusalRetryable = true,
  ): Promise<unknown> {
    // The time limit covers the whole call, answer included. It is a timer of our own on the one
    // controller, kept referenced until the call ends: an AbortSignal.timeout() combined through
    // AbortSignal.any() can be garbage-collected before it fires on Node 20, and the call then never
    // ends (a provider that does not answer would hold its lane for ever).
    const stop = new AbortController();
    const timer = setTimeout(
      () => stop.abort(new DOMException('no answer in time', 'TimeoutError')),
      this.options.timeoutMs,
    );
    try {
      return await this.callWithin(action, params, refusalRetryable, stop);
    } finally {
      clearTimeout(timer);
    }
  }

  private async callWithin(
    action: string,
    params: Record<string, string>,
    refusalRetryable: boolean,
    stop: AbortController,
  ): Promise<unknown> {
    // Refused before any connection, the same whatever the port: it tells nothing of what listens. An
    // IP literal is refused here too, ahead of fetch's own refusal of some ports (22, 25, …), so that
    // every port of a private address reads alike; a host name is refused when it resolves.
    const refused = () =>
      new ProviderError(`${action}: the provider URL points to a private or local address`, true, 'not-sent');
    if (!this.options.allowPrivateAddresses && hasPrivateAddressLiteral(this.options.apiUrl)) throw refused();
    const body = new URLSearchParams({ key: this.options.apiKey, action, ...params });
    // `stop` is also aborted when the answer grows too large, so the connection is dropped rather than
    // drained.
    let response: Response;
    try {
      response = await fetch(this.options.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        redirect: 'error',
        signal: stop.signal,
        dispatcher: providerDispatcher(this.options.allowPrivateAddresses),
      });
    } catch (error) {
      // A timeout or a connection dropped after the request went out may follow the provider's work;
      // a refused or unresolvable connection never reached it.
      if (isTimeout(error)) {
        throw new ProviderError(`${action}: no answer within ${this.options.timeoutMs} ms`, true, 'unknown');
      }
      if (isForbiddenAddress(error)) throw refused();
      throw new ProviderError(
        `${action}: connection failed`,
        true,
        neverSent(error) ? 'not-sent' : 'unknown',
      );
    }
    if (response.status >= 400) throw await this.httpError(action, response, stop, refusalRetryable);
    // From here the provider has answered with success: it may have done the work (an `add` taken).
    const unknown = (what: string, raw: string | null = null) =>
      new ProviderError(`${action}: ${what}`, true, 'unknown', raw === null ? null : this.raw(raw));
    const tooLarge = () => {
      stop.abort();
      return unknown(`the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
    };
    const declared = response.headers.get('content-length');
    if (declared !== null && Number(declared) > MAX_ANSWER_BYTES) throw tooLarge();
    let text: string;
    // Read through a depth guard: an answer nested deeper than MAX_JSON_DEPTH is dropped as soon as
    // its bytes show it, before it is kept whole or parsed (docs/ARCHITECTURE.md#providers-are-untrusted).
    const depth = new JsonDepthGuard(MAX_JSON_DEPTH);
    try {
      const bytes = await readAtMost(response, MAX_ANSWER_BYTES, (chunk) => depth.feed(chunk));
      if (bytes === 'too-large') throw tooLarge();
      if (bytes === 'too-deep') {
        stop.abort();
        throw unknown(`the answer is nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
      text = new TextDecoder().decode(bytes);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw isTimeout(error)
        ? unknown(`the answer took longer than ${this.options.timeoutMs} ms`)
        : unknown('the answer was cut off');
    }
    // Nothing at all after a success status: the provider's script may have stopped after the work.
    if (text.trim() === '') throw unknown('empty answer');
    const parsed = parseProviderJson(text);
    // An HTML page, a PHP notice with no JSON after it, cut-off JSON: the provider's script ran, and
    // what it did is not known.
    if (parsed === undefined) throw unknown('the answer is not JSON', text);
    return parsed.value;
  }

  /**
   * An HTTP error status. Only a 4xx with a JSON `{ error }` body (of up to ERROR_BODY_BYTES) is the
   * provider's API answering in words we read: a refusal, quoted; with 400 or 422 a refusal of the
   * request itself (`refusalRetryable`). Anything else — a 5xx (the provider's script may have failed
   * after storing the order), a gateway's 502/504/524, an HTML page with any status — is `unknown`,
   * with the start of its body kept for the operator.
   */
  private async httpError(
    action: string,
    response: Response,
    stop: AbortController,
    refusalRetryable: boolean,
  ): Promise<ProviderError> {
    const status = response.status;
    let head = '';
    try {
      head = new TextDecoder().decode(await readHead(response, ERROR_BODY_BYTES));
    } catch {
      // Unreadable: the status alone tells what happened.
    }
    stop.abort();
    const parsed = status < 500 ? parseProviderJson(head) : undefined;
    const error = parsed && errorAnswer.safeParse(parsed.value);
    if (!error || !error.success) {
      return new ProviderError(`${action}: HTTP ${status}`, true, 'unknown', this.raw(head));
    }
    const refusal = this.quote(error.data.error);
    const refused = status === 400 || status === 422;
    return new ProviderError(
      `${action}: HTTP ${status}: ${refused ? 'refused: ' : ''}${refusal}`,
      refused ? refusalRetryable || isOutOfFunds(refusal) : true,
      'refused',
    );
  }

  /** The start of a provider's raw answer, key masked, for the operator (rawAnswerOf). */
  private raw(text: string): string | null {
    return rawAnswerOf(text, this.options.apiKey);
  }

  /** `{ "error": … }` in place of an answer: the provider said no. */
  private throwIfRefused(action: string, answer: unknown, retryable: boolean): void {
    const refused = errorAnswer.safeParse(answer);
    if (refused.success) {
      const text = this.quote(refused.data.error);
      throw new ProviderError(`${action}: refused: ${text}`, retryable || isOutOfFunds(text), 'refused');
    }
  }

  /** Provider text fit for a message and a log line: short, one line, never holding the key. */
  private quote(text: string): string {
    // Cleaned before the key is looked for: a zero-width character inside an echoed key must not hide it.
    const line = cleanProviderLine(text);
    const key = this.options.apiKey;
    return (key ? line.split(key).join('***') : line).slice(0, MAX_PROVIDER_TEXT);
  }
}

/**
 * A multi-status answer's entries by order id: keyed by id (the API v2), a list naming each entry's
 * `order` (number or text), or — asked about one order — that order's entry alone, unkeyed. Undefined
 * for any other shape.
 */
function statusesById(answer: unknown, ids: string[]): Map<string, unknown> | undefined {
  const list = statusList.safeParse(answer);
  if (list.success) {
    return new Map(list.data.map((entry) => [String(entry.order).trim(), entry as unknown]));
  }
  const keyed = statusAnswer.safeParse(answer);
  if (!keyed.success || Array.isArray(answer)) return undefined;
  const only = ids.length === 1 ? ids[0]! : undefined;
  if (only !== undefined && !Object.hasOwn(keyed.data, only) && statusEntry.safeParse(answer).success) {
    return new Map([[only, answer]]);
  }
  const byId = new Map<string, unknown>();
  for (const [key, entry] of Object.entries(keyed.data)) byId.set(key.trim(), entry);
  return byId;
}

/**
 * A status entry's `charge` as plain decimal text ('0.27819'), whether sent as a number or a string;
 * null when absent or not a plain non-negative decimal (the margin guard then has nothing to compare).
 */
function chargeOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const charge = (entry as { charge?: unknown }).charge;
  const text = typeof charge === 'number' ? String(charge) : typeof charge === 'string' ? charge.trim() : '';
  return /^\d{1,15}(\.\d{1,12})?$/.test(text) ? text : null;
}

/** JSON of a shape we do not know: not understood, so what the provider did is not known. */
function unexpected(action: string): ProviderError {
  return new ProviderError(`${action}: unexpected answer`, true, 'unknown');
}

/**
 * The body's bytes as they stream in; 'too-large' as soon as they pass `limit`, or 'too-deep' as soon
 * as `check` says no (the rest is never read).
 */
async function readAtMost(
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
async function readHead(response: Response, limit: number): Promise<Uint8Array> {
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

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Connection errors that happen before any byte of the request reaches the provider. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether fetch failed before any byte went out: a system error code of NOT_SENT_CODES under its
 * "fetch failed" (undici puts it on `cause`), or fetch's refusal of a port it never connects to
 * (22, 25, …: a fixed list, not the port's state).
 */
function neverSent(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  return (typeof code === 'string' && NOT_SENT_CODES.has(code)) || cause.message === 'bad port';
}
