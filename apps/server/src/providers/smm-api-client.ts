import { cleanProviderLine, isOutOfFunds } from '@smm/domain';
import { fetch, type Response } from 'undici';
import {
  ProviderError,
  rawAnswerOf,
  type ProviderClient,
  type ProviderOrderInput,
  type ProviderOrderStatus,
  type ProviderServiceListing,
} from './provider-api';
import { hasPrivateAddressLiteral, isForbiddenAddress, providerDispatcher } from './provider-network';
import {
  addAnswer,
  balanceAnswer,
  cancelAnswer,
  billOf,
  errorAnswer,
  MAX_SERVICES,
  refillMany,
  refillOne,
  refillStatusMany,
  refillStatusOne,
  serviceEntry,
  statusEntry,
  statusError,
  statusesById,
} from './smm-api-answers';
import {
  JsonDepthGuard,
  MAX_JSON_DEPTH,
  parseProviderJson,
  readAtMost,
  readHead,
} from './provider-answer-body';
import { retryAfterMs } from './retry-after';

/** Longest provider text (an `{ error }`) carried into an error message. */
const MAX_PROVIDER_TEXT = 200;

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
      result.set(id, entry === undefined ? { error: 'not in the answer' } : this.statusOf(entry));
    }
    return result;
  }

  /**
   * One order's status (`order=<id>`), for a provider without multi-status. Its `{ error }` is about
   * this order (an id it does not know), as an entry's error in a multi-status answer.
   */
  async status(providerOrderId: string) {
    const answer = await this.call('status', { order: providerOrderId });
    const refused = errorAnswer.safeParse(answer);
    if (refused.success) return { error: this.quote(refused.data.error) };
    const entry = statusesById(answer, [providerOrderId])?.get(providerOrderId);
    if (entry === undefined) throw unexpected('status');
    return this.statusOf(entry);
  }

  /** One order's entry of a status answer; an entry's own error comes first (some panels send it beside a placeholder status). */
  private statusOf(entry: unknown): ProviderOrderStatus | { error: string } {
    const refused = statusError.safeParse(entry);
    if (refused.success) return { error: this.quote(refused.data.error) };
    const status = statusEntry.safeParse(entry);
    if (!status.success) throw unexpected('status');
    const { status: text, start_count: startCount, remains } = status.data;
    return { status: text, startCount, remains, charge: billOf(entry) };
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
   * An HTTP error status. A 429 is the provider's rate limit: `refused` and retryable, with its
   * Retry-After (retryAfterMs), whatever the body. Otherwise only a 4xx with a JSON `{ error }` body (of up to ERROR_BODY_BYTES) is the
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
    // A rate limiter, whatever its body says (JSON, a proxy's HTML page): the request was turned away
    // before the provider's order logic, so it was not carried out, and the answer says when to return.
    if (status === 429) {
      stop.abort();
      const wait = retryAfterMs(
        response.headers.get('retry-after'),
        response.headers.get('date'),
        Date.now(),
      );
      const message = `${action}: HTTP 429: too many requests, retry after ${Math.ceil(wait / 1000)} s`;
      return new ProviderError(message, true, 'refused', null, wait);
    }
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

/** JSON of a shape we do not know: not understood, so what the provider did is not known. */
function unexpected(action: string): ProviderError {
  return new ProviderError(`${action}: unexpected answer`, true, 'unknown');
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
