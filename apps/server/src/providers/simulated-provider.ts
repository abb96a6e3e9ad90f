import { ORDER_REQUEST_MAX_BYTES } from '@smm/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import {
  simulatedProviderRepository,
  type SimulatedOrderRow,
  type SimulatedOrderState,
  type SimulatedRefillRow,
  type SimulatedRefillState,
} from './simulated-provider.repository';

/**
 * Failures the simulator can put on, for tests of how the panel copes with a bad upstream:
 * - `timeout`: never answers (the client's timeout ends the call);
 * - `http500`: HTTP 500 with a text body; `html`: HTTP 200 with an HTML page;
 * - `malformed-json`: HTTP 200, `application/json`, cut-off JSON;
 * - `json-error`: `{ "error": … }` for every action (for `add`, the provider refusing the order);
 * - `unknown-order`: `status`, `cancel`, `refill` and `refill_status` know no order or refill (each id
 *   answers `{ error }`);
 * - `lose-answer`: does the work (an `add` is accepted and stored), then drops the connection unanswered.
 *
 * Answers a provider gives after doing the work (an `add` stored, a refill taken, a cancel done), each
 * one the client cannot read (docs/ARCHITECTURE.md#upstream-providers):
 * - `php-notice`: the answer's JSON after a PHP notice (HTTP 200, text/html) — the client reads it;
 * - `html-after-work`: an HTML page with HTTP 200; `truncated-after-work`: the JSON cut off;
 * - `http500-after-work`: HTTP 500 with a text body; `timeout-after-work`: never answers.
 * And one of no work: `deep-json`, HTTP 200 with DEEP_JSON_BYTES of JSON nested as deep as it goes.
 */
export type SimulatedFault =
  | 'timeout'
  | 'http500'
  | 'html'
  | 'malformed-json'
  | 'json-error'
  | 'unknown-order'
  | 'lose-answer'
  | 'php-notice'
  | 'html-after-work'
  | 'truncated-after-work'
  | 'http500-after-work'
  | 'timeout-after-work'
  | 'deep-json';

/** The size of the `deep-json` fault's answer: under the client's 5 MiB cap, so only its depth is wrong. */
export const DEEP_JSON_BYTES = 4_800_000;
const PHP_NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: runs in <b>/var/www/html/api/v2.php</b> on line <b>212</b><br />\n';
let deepJson: Buffer | undefined;
/** `[[[…]]]` of DEEP_JSON_BYTES, made once. */
const deepJsonAnswer = () =>
  (deepJson ??= Buffer.concat([
    Buffer.alloc(DEEP_JSON_BYTES / 2, '['),
    Buffer.alloc(DEEP_JSON_BYTES / 2, ']'),
  ]));

/**
 * Ways real panels answer the same API v2 (docs/ARCHITECTURE.md#upstream-providers), for tests that the
 * client reads them (only tests switch one on, with `setDialect`):
 * - `numbers`: every number a JSON number (`"order": 23501`, `"start_count": 1234`, `"remains": 0`,
 *   `"charge": 0.27819`); `strings`: every number as text (`"order": "23501"`, `"remains": "0"`);
 * - `title-case`: `In Progress`; `upper-snake`: `PENDING`, `IN_PROGRESS`, `CANCELLED`;
 * - `numeric-status`: the status as a code, 0 Pending, 1 In progress, 2 Completed, 3 Partial,
 *   5 Canceled; `numeric-string-status`: the same code as text (`"2"`);
 * - `keyed-errors`: `status` keyed by id, each entry also naming its `order` as a number, an unknown id
 *   `{ "error": "Incorrect order ID" }`; `status-list`: `status` as a list `[{ order: 1, status, … }]`;
 * - `refusal-400`: refuses every `add` (`{ "error": … }` with HTTP 400) and sends any `{ error }` with
 *   HTTP 400;
 * - `cloudflare-502`: a proxy's HTML page with HTTP 502, nothing done; `login-page`: an HTML login page
 *   with HTTP 200, nothing done;
 * - `empty-body`: does the work, then answers HTTP 200 with no content; `gateway-timeout`: does the
 *   work, then a proxy answers HTTP 504 (it gave up waiting for the answer).
 */
export type SimulatedDialect =
  | 'numbers'
  | 'strings'
  | 'title-case'
  | 'upper-snake'
  | 'numeric-status'
  | 'numeric-string-status'
  | 'keyed-errors'
  | 'status-list'
  | 'refusal-400'
  | 'cloudflare-502'
  | 'login-page'
  | 'empty-body'
  | 'gateway-timeout';

/** The status codes of the numeric dialects (docs/ARCHITECTURE.md#upstream-providers). */
const STATUS_CODES: Record<string, number> = {
  Pending: 0,
  'In progress': 1,
  Completed: 2,
  Partial: 3,
  Processing: 4,
  Canceled: 5,
};

const CLOUDFLARE_502 =
  '<!DOCTYPE html><html><head><title>provider.example | 502: Bad gateway</title></head><body>' +
  '<h1>Bad gateway</h1><p>Error code 502</p><p>Cloudflare Ray ID: 8a1b2c3d4e5f6789</p></body></html>';
const LOGIN_PAGE =
  '<!DOCTYPE html><html><head><title>Sign in</title></head><body><form method="post" action="/login">' +
  '<input name="username"><input name="password" type="password"><button>Sign in</button></form></body></html>';
const GATEWAY_TIMEOUT = '<html><head><title>504 Gateway Time-out</title></head><body>nginx</body></html>';

export interface SimulatedProviderOptions {
  /** Share of orders, in percent, that end Partial (SIMULATED_PROVIDER_PARTIAL_PERCENT). */
  partialPercent: number;
  /** Share of orders, in percent, that end Canceled (SIMULATED_PROVIDER_CANCEL_PERCENT). */
  cancelPercent: number;
  /** Share of refills, in percent, that end Rejected (SIMULATED_PROVIDER_REFILL_REJECT_PERCENT; 20 if left out). */
  refillRejectPercent?: number | undefined;
}

/** SIMULATED_PROVIDER_REFILL_REJECT_PERCENT's default. */
export const DEFAULT_REFILL_REJECT_PERCENT = 20;
/** Why the simulator rejects a refill (sent with the Rejected status as `reason`). */
export const SIMULATED_REFILL_REJECT_REASON = 'The order is not eligible for refill: the count did not drop';

export type SimulatedOutcome = 'Completed' | 'Partial' | 'Canceled';

/** The key the simulator accepts; the demo seed's provider row holds it. */
export const SIMULATED_PROVIDER_KEY = 'demo';
/** The path of the SMM API v2 route on the simulator's own port. */
export const SIMULATED_PROVIDER_PATH = '/api/v2';
/** What `balance` answers. */
export const SIMULATED_BALANCE = { balance: '1000000.00', currency: 'KRW' } as const;

/**
 * What `services` answers: the demo catalog's provider service ids 1–13 (db/seed maps the demo
 * services to them in order) and 16–17 (its Custom Comments and Package services) at a rate below the
 * demo's own price, plus two (14, 15) the demo does not sell yet and a Poll (18) it cannot sell,
 * so importing with a markup can be tried. `rate` is won per 1,000, as API v2 panels quote it;
 * `refill` and `cancel` as the demo catalog sells them (followers refilled, views neither).
 */
export const SIMULATED_SERVICES = [
  {
    service: 1,
    name: 'Instagram Followers [Korea]',
    category: 'Instagram Followers',
    rate: '36000.00',
    min: 10,
    max: 10000,
    refill: true,
    cancel: true,
  },
  {
    service: 2,
    name: 'Instagram Followers [Global] [Refill 30D]',
    category: 'Instagram Followers',
    rate: '4800.00',
    min: 50,
    max: 30000,
    refill: true,
    cancel: true,
  },
  {
    service: 3,
    name: 'Instagram Likes [Korea]',
    category: 'Instagram Likes',
    rate: '15000.00',
    min: 10,
    max: 5000,
    refill: false,
    cancel: true,
  },
  {
    service: 4,
    name: 'Instagram Likes [Global]',
    category: 'Instagram Likes',
    rate: '1680.00',
    min: 50,
    max: 30000,
    refill: false,
    cancel: true,
  },
  {
    service: 5,
    name: 'Instagram Reels Views',
    category: 'Instagram Views',
    rate: '210.00',
    min: 100,
    max: 100000,
    refill: false,
    cancel: false,
  },
  {
    service: 6,
    name: 'YouTube Views [HQ]',
    category: 'YouTube Views',
    rate: '4200.00',
    min: 100,
    max: 100000,
    refill: false,
    cancel: false,
  },
  {
    service: 7,
    name: 'YouTube Shorts Views',
    category: 'YouTube Views',
    rate: '2400.00',
    min: 100,
    max: 100000,
    refill: false,
    cancel: false,
  },
  {
    service: 8,
    name: 'YouTube Subscribers [Korea]',
    category: 'YouTube Subscribers',
    rate: '90000.00',
    min: 10,
    max: 3000,
    refill: true,
    cancel: true,
  },
  {
    service: 9,
    name: 'YouTube Likes',
    category: 'YouTube Likes',
    rate: '12000.00',
    min: 10,
    max: 10000,
    refill: false,
    cancel: true,
  },
  {
    service: 10,
    name: 'TikTok Followers',
    category: 'TikTok Followers',
    rate: '7200.00',
    min: 50,
    max: 20000,
    refill: true,
    cancel: true,
  },
  {
    service: 11,
    name: 'TikTok Video Views',
    category: 'TikTok Views',
    rate: '300.00',
    min: 100,
    max: 100000,
    refill: false,
    cancel: false,
  },
  {
    service: 12,
    name: 'Facebook Page Likes + Followers',
    category: 'Facebook',
    rate: '9000.00',
    min: 50,
    max: 10000,
    refill: true,
    cancel: true,
  },
  {
    service: 13,
    name: 'Naver Blog Neighbors',
    category: 'Naver',
    rate: '24000.00',
    min: 10,
    max: 2000,
    refill: true,
    cancel: true,
  },
  {
    service: 14,
    name: 'Instagram Story Views',
    category: 'Instagram Views',
    rate: '0.90',
    min: 100,
    max: 50000,
    refill: false,
    cancel: false,
  },
  {
    service: 15,
    name: 'Threads Followers',
    category: 'Threads',
    rate: '9000.50',
    min: 20,
    max: 5000,
    refill: true,
    cancel: true,
  },
  // docs/product.md#service-types: the demo sells these two (its comments and package services).
  {
    service: 16,
    name: 'Instagram Custom Comments [Korea]',
    category: 'Instagram Comments',
    rate: '90000.00',
    min: 5,
    max: 1000,
    refill: false,
    cancel: false,
    type: 'Custom Comments',
  },
  {
    service: 17,
    name: 'Instagram Likes Package [100]',
    category: 'Instagram Likes',
    rate: '15000.00',
    min: 100,
    max: 100,
    refill: false,
    cancel: true,
    type: 'Package',
  },
  // A type this panel cannot sell (its orders need a poll's answer number): the import says so.
  {
    service: 18,
    name: 'Instagram Poll Votes',
    category: 'Instagram Polls',
    rate: '20000.00',
    min: 50,
    max: 10000,
    refill: false,
    cancel: false,
    type: 'Poll',
  },
].map((entry) => ({ type: 'Default', ...entry }));

/** The simulator's own service, if it lists `id`: an order of a Custom Comments or Package one follows its type. */
const simulatedServiceOf = (id: string) => SIMULATED_SERVICES.find((entry) => String(entry.service) === id);

const FINAL_STATUSES = new Set<string>(['Completed', 'Partial', 'Canceled']);

/**
 * How an order ends, fixed by its id so tests are reproducible. The id is spread over 0–99 by a
 * permutation (37 is prime to 100), so of any 100 consecutive ids exactly `cancelPercent` end
 * Canceled and `partialPercent` Partial, and a fresh demo's first orders are not all the unlucky ones.
 */
export function simulatedOutcome(id: number, options: SimulatedProviderOptions): SimulatedOutcome {
  const bucket = bucketOf(id);
  if (bucket < options.cancelPercent) return 'Canceled';
  if (bucket < options.cancelPercent + options.partialPercent) return 'Partial';
  return 'Completed';
}

/** How a refill ends, fixed by its id like an order's end: `refillRejectPercent` of every 100 ids Rejected. */
export function simulatedRefillOutcome(
  id: number,
  options: SimulatedProviderOptions,
): 'Completed' | 'Rejected' {
  const percent = options.refillRejectPercent ?? DEFAULT_REFILL_REJECT_PERCENT;
  return bucketOf(id) < percent ? 'Rejected' : 'Completed';
}

const bucketOf = (id: number) => (id * 37 + 11) % 100;

/**
 * The built-in upstream provider: a small HTTP server of its own (127.0.0.1, a free port) speaking the
 * trade's SMM API v2 on `POST /api/v2` (form-encoded or JSON), so the demo and the tests run the panel's
 * real client. Its orders live in `simulated_provider_orders` (several panel processes on one database
 * agree on them) and move one step per `status` poll:
 *
 *   Pending → In progress (start count set, remains = quantity) → In progress (remains halved, or still
 *   the quantity for an order heading for Canceled) → Completed (remains 0) | Partial (remains > 0) |
 *   Canceled (remains = quantity), the end chosen by `simulatedOutcome`.
 *
 * `cancel` cancels a Pending order. `refill` takes a Completed or Partial order's refill (stored in
 * `simulated_provider_refills`), which moves one step per `refill_status` check: Pending → In progress →
 * Completed | Rejected (with a reason), the end chosen by `simulatedRefillOutcome`.
 * `setFault` puts on one of the failures of `SimulatedFault`; `setDialect` makes it answer as some real
 * panels do (`SimulatedDialect`).
 */
export interface SimulatedListingChange {
  rate?: string;
  min?: number;
  max?: number;
  refill?: boolean;
  cancel?: boolean;
}

/**
 * The demo's trouble switches (docs/ARCHITECTURE.md#provider-health), set from the console: `dry` = out
 * of money (`balance` answers 0, `add` refuses with the trade's "Not enough funds on balance"); `silent`
 * = takes the connection and never answers (the client's timeout ends each call). Kept in this process's
 * memory like the listing changes: another process's simulator is not affected, a restart clears them.
 */
export interface SimulatedMode {
  dry: boolean;
  silent: boolean;
}

/** What `add` answers while the simulator is dry (as the trade's panels word it). */
export const SIMULATED_DRY_ERROR = 'Not enough funds on balance';

export class SimulatedProvider {
  private server: FastifyInstance | undefined;
  private modeNow: SimulatedMode = { dry: false, silent: false };
  private fault: SimulatedFault | null = null;
  private dialect: SimulatedDialect | null = null;
  private url = '';
  // Catalog sync demo and tests (docs/ARCHITECTURE.md#catalog-sync): listing changes by service id
  // ('gone' = dropped from `services`) and a `charge` every status answer reports instead of 0.00.
  private readonly listingChanges = new Map<number, SimulatedListingChange | 'gone'>();
  private charge: string | null = null;
  // The currency its `balance` (and status) answers name, so a sync or import meets a foreign provider.
  private currencyNow: string = SIMULATED_BALANCE.currency;
  // Lists nothing at all (a provider whose `services` answers []), until set back.
  private listingEmpty = false;

  constructor(
    private readonly db: Db,
    private readonly options: SimulatedProviderOptions,
  ) {}

  /** `http://127.0.0.1:<port>/api/v2` once started; '' before and after. */
  get apiUrl(): string {
    return this.url;
  }

  setFault(fault: SimulatedFault | null): void {
    this.fault = fault;
  }

  /** Answers in one of the dialects of real panels until set back to null (tests only). */
  setDialect(dialect: SimulatedDialect | null): void {
    this.dialect = dialect;
  }

  /**
   * Changes what `services` lists for one service (a new rate, limits, refill or cancel), drops it
   * ('gone'), or lists it as shipped again (null), so a sync has something to follow.
   */
  setListing(service: number, change: SimulatedListingChange | 'gone' | null): void {
    if (change === null) this.listingChanges.delete(service);
    else this.listingChanges.set(service, change);
  }

  /** The currency `balance` names (its rates are then read in it); null = KRW as shipped. */
  setCurrency(currency: string | null): void {
    this.currencyNow = currency ?? SIMULATED_BALANCE.currency;
  }

  get currency(): string {
    return this.currencyNow;
  }

  /**
   * Lists nothing (true) or as changed by setListing again (false); dropping most services at once is
   * setListing(id, 'gone') for each (docs/ARCHITECTURE.md#catalog-sync: a suspicious listing).
   */
  setListingEmpty(empty: boolean): void {
    this.listingEmpty = empty;
  }

  /** The demo's trouble switches (see SimulatedMode). */
  get mode(): SimulatedMode {
    return { ...this.modeNow };
  }

  setMode(mode: SimulatedMode): void {
    this.modeNow = { dry: mode.dry, silent: mode.silent };
  }

  /** The `charge` every status answer carries (decimal text in KRW); null = the usual '0.00'. */
  setBill(charge: string | null): void {
    this.charge = charge;
  }

  private listing(): unknown[] {
    if (this.listingEmpty) return [];
    return SIMULATED_SERVICES.flatMap((entry) => {
      const change = this.listingChanges.get(entry.service);
      if (change === 'gone') return [];
      return [change ? { ...entry, ...change } : entry];
    });
  }

  async start(): Promise<void> {
    if (this.server) return;
    // A 'timeout' (or silent) answer keeps its socket open; closing destroys every open socket, so it
    // never waits for one.
    // Bodies as large as our own order calls read: a Custom Comments order carries its comments.
    const server = Fastify({
      logger: false,
      forceCloseConnections: true,
      bodyLimit: ORDER_REQUEST_MAX_BYTES,
    });
    server.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    server.post(SIMULATED_PROVIDER_PATH, async (request, reply) => {
      const fault = this.fault;
      if (fault === 'timeout' || this.modeNow.silent) {
        reply.hijack(); // never answered; the client gives up
        return;
      }
      if (fault === 'http500') return reply.code(500).type('text/plain').send('Internal Server Error');
      if (fault === 'html') {
        return reply.type('text/html').send('<!doctype html><html><body>502 Bad Gateway</body></html>');
      }
      if (fault === 'malformed-json') return reply.type('application/json').send('{"order": 12');
      if (fault === 'deep-json') return reply.type('application/json').send(deepJsonAnswer());
      const dialect = this.dialect;
      if (dialect === 'cloudflare-502') return reply.code(502).type('text/html').send(CLOUDFLARE_502);
      if (dialect === 'login-page') return reply.type('text/html').send(LOGIN_PAGE);
      const params = paramsOf(request.body);
      const refused = (error: string) =>
        dialect === 'refusal-400' ? reply.code(400).send({ error }) : { error };
      if (params.key !== SIMULATED_PROVIDER_KEY) return refused('Invalid API key');
      if (fault === 'json-error') return refused('Service temporarily unavailable');
      if (this.modeNow.dry && params.action === 'add') return refused(SIMULATED_DRY_ERROR);
      if (this.modeNow.dry && params.action === 'balance') {
        return { balance: '0.00', currency: this.currencyNow };
      }
      if (dialect === 'refusal-400' && params.action === 'add')
        return refused('Quantity less than minimal 100');
      const answer = await this.answer(params, fault === 'unknown-order');
      if (fault === 'lose-answer') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (fault === 'timeout-after-work') {
        reply.hijack(); // the work is done; the answer never comes
        return;
      }
      if (fault === 'http500-after-work') {
        return reply.code(500).type('text/plain').send('Internal Server Error');
      }
      if (fault === 'html-after-work') {
        return reply
          .type('text/html')
          .send('<!doctype html><html><body><h1>Service Unavailable</h1></body></html>');
      }
      if (fault === 'truncated-after-work') {
        return reply.type('application/json').send(JSON.stringify(answer).slice(0, -2));
      }
      if (fault === 'php-notice') return reply.type('text/html').send(PHP_NOTICE + JSON.stringify(answer));
      if (dialect === 'empty-body') return reply.type('text/html').send('');
      if (dialect === 'gateway-timeout') return reply.code(504).type('text/html').send(GATEWAY_TIMEOUT);
      if (isErrorAnswer(answer)) return refused(answer.error);
      return dialect === null ? answer : inDialect(dialect, params.action, answer);
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (typeof address !== 'object' || !address) throw new Error('simulated provider: no port');
    this.server = server;
    this.url = `http://127.0.0.1:${address.port}${SIMULATED_PROVIDER_PATH}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.url = '';
    await server?.close();
  }

  private async answer(params: Record<string, string>, knowsNoOrder: boolean): Promise<unknown> {
    switch (params.action) {
      case 'add':
        return this.add(params);
      case 'status':
        return this.status(idsOf(params.orders ?? params.order), knowsNoOrder);
      case 'cancel':
        return this.cancel(idsOf(params.orders ?? params.order), knowsNoOrder);
      case 'refill':
        return params.orders === undefined
          ? this.refillOne(params.order, knowsNoOrder)
          : this.refill(idsOf(params.orders), knowsNoOrder);
      case 'refill_status':
        return params.refills === undefined
          ? this.refillStatusOne(params.refill, knowsNoOrder)
          : this.refillStatus(idsOf(params.refills), knowsNoOrder);
      case 'balance':
        return { ...SIMULATED_BALANCE, currency: this.currencyNow };
      case 'services':
        return this.listing();
      default:
        return { error: 'Incorrect action' };
    }
  }

  /**
   * As the trade's providers take an order: `quantity` for a Default service; for Custom Comments the
   * `comments` (one a line, the quantity is their count; a quantity sent is ignored); for a Package
   * nothing (its quantity is fixed).
   */
  private async add(params: Record<string, string>): Promise<unknown> {
    if (!params.service) return { error: 'Incorrect service ID' };
    if (!params.link) return { error: 'Incorrect link' };
    const listed = simulatedServiceOf(params.service);
    let quantity = Number(params.quantity);
    let comments: string | null = null;
    if (listed?.type === 'Custom Comments') {
      const lines = (params.comments ?? '').split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
      if (lines.length === 0) return { error: 'Comments are required' };
      quantity = lines.length;
      comments = params.comments!;
    } else if (listed?.type === 'Package') {
      quantity = listed.min;
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) return { error: 'Incorrect quantity' };
    const order = await simulatedProviderRepository.insert(this.db, {
      service: params.service,
      link: params.link,
      quantity,
      comments,
    });
    return { order };
  }

  /** Each poll moves each known order one step (see the class comment); final states stay. */
  private async status(ids: number[], knowsNoOrder: boolean): Promise<Record<string, unknown>> {
    const rows = knowsNoOrder ? [] : await simulatedProviderRepository.findMany(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result: Record<string, unknown> = {};
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        result[id] = { error: 'Incorrect order ID' };
        continue;
      }
      const now = FINAL_STATUSES.has(row.status)
        ? row
        : (await simulatedProviderRepository.advance(this.db, row, this.nextState(row))).row;
      result[id] = {
        charge: this.charge ?? '0.00',
        start_count: String(now.startCount),
        status: now.status,
        remains: String(now.remains),
        currency: this.currencyNow,
      };
    }
    return result;
  }

  private async cancel(ids: number[], knowsNoOrder: boolean): Promise<unknown[]> {
    const rows = knowsNoOrder ? [] : await simulatedProviderRepository.findMany(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result: unknown[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        result.push({ order: id, cancel: { error: 'Incorrect order ID' } });
        continue;
      }
      const canceled =
        row.status === 'Pending' &&
        (
          await simulatedProviderRepository.advance(this.db, row, {
            status: 'Canceled',
            startCount: row.startCount,
            remains: row.quantity,
          })
        ).moved;
      result.push(
        canceled
          ? { order: id, cancel: 1 }
          : { order: id, cancel: { error: 'Cancel is not available for this order' } },
      );
    }
    return result;
  }

  /** `refill` of one `order`: `{ refill: "<id>" }` or `{ error }`. */
  private async refillOne(order: string | undefined, knowsNoOrder: boolean): Promise<unknown> {
    const [id] = idsOf(order);
    if (id === undefined || String(id) !== order?.trim()) return { error: 'Incorrect order ID' };
    const [answer] = await this.refill([id], knowsNoOrder);
    return typeof answer!.refill === 'number'
      ? { refill: String(answer!.refill) }
      : { error: answer!.refill.error };
  }

  /** `refill` of several `orders`: `[{ order, refill }]`, a refused one's refill `{ error }`. */
  private async refill(
    ids: number[],
    knowsNoOrder: boolean,
  ): Promise<{ order: number; refill: number | { error: string } }[]> {
    const rows = knowsNoOrder ? [] : await simulatedProviderRepository.findMany(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result: { order: number; refill: number | { error: string } }[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) result.push({ order: id, refill: { error: 'Incorrect order ID' } });
      else if (row.status !== 'Completed' && row.status !== 'Partial') {
        result.push({ order: id, refill: { error: 'Refill is not available for this order' } });
      } else result.push({ order: id, refill: await simulatedProviderRepository.insertRefill(this.db, id) });
    }
    return result;
  }

  /** `refill_status` of one `refill`: `{ status }` (and a Rejected one's `reason`) or `{ error }`. */
  private async refillStatusOne(refill: string | undefined, knowsNoRefill: boolean): Promise<unknown> {
    const [id] = idsOf(refill);
    if (id === undefined || String(id) !== refill?.trim()) return { error: 'Incorrect refill ID' };
    const [answer] = await this.refillStatus([id], knowsNoRefill);
    const { refill: _, ...rest } = answer!;
    return typeof rest.status === 'object' ? rest.status : rest;
  }

  /** `refill_status` of several `refills`; each check moves a known refill one step (the class comment). */
  private async refillStatus(
    ids: number[],
    knowsNoRefill: boolean,
  ): Promise<{ refill: number; status: string | { error: string }; reason?: string }[]> {
    const rows = knowsNoRefill ? [] : await simulatedProviderRepository.findRefills(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result: { refill: number; status: string | { error: string }; reason?: string }[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        result.push({ refill: id, status: { error: 'Incorrect refill ID' } });
        continue;
      }
      const now =
        row.status === 'Completed' || row.status === 'Rejected'
          ? row
          : await simulatedProviderRepository.advanceRefill(this.db, row, this.nextRefillState(row));
      result.push(
        now.reason === null
          ? { refill: id, status: now.status }
          : { refill: id, status: now.status, reason: now.reason },
      );
    }
    return result;
  }

  private nextRefillState(row: SimulatedRefillRow): SimulatedRefillState {
    if (row.polls === 0) return { status: 'Pending', reason: null };
    if (row.polls === 1) return { status: 'In progress', reason: null };
    return simulatedRefillOutcome(row.id, this.options) === 'Rejected'
      ? { status: 'Rejected', reason: SIMULATED_REFILL_REJECT_REASON }
      : { status: 'Completed', reason: null };
  }

  private nextState(row: SimulatedOrderRow): SimulatedOrderState {
    const outcome = simulatedOutcome(row.id, this.options);
    const startCount = row.startCount || 1000 + ((row.id * 7919) % 9000);
    const { quantity } = row;
    if (row.polls === 0) return { status: 'In progress', startCount, remains: quantity };
    if (row.polls === 1) {
      const remains = outcome === 'Canceled' ? quantity : Math.ceil(quantity / 2);
      return { status: 'In progress', startCount, remains };
    }
    if (outcome === 'Canceled') return { status: 'Canceled', startCount, remains: quantity };
    if (outcome === 'Partial') {
      return { status: 'Partial', startCount, remains: Math.max(1, Math.floor(quantity / 3)) };
    }
    return { status: 'Completed', startCount, remains: 0 };
  }
}

function isErrorAnswer(answer: unknown): answer is { error: string } {
  return (
    typeof answer === 'object' && answer !== null && typeof (answer as { error?: unknown }).error === 'string'
  );
}

/** A status entry's fields as the dialect spells them (the charge is made up: the simulator bills nothing). */
function statusEntryIn(dialect: SimulatedDialect, id: string, entry: Record<string, unknown>) {
  if (typeof entry.status !== 'string')
    return dialect === 'keyed-errors' ? { order: Number(id), ...entry } : entry;
  const status = entry.status;
  const out: Record<string, unknown> = { ...entry };
  if (dialect === 'numbers') {
    out.start_count = Number(entry.start_count);
    out.remains = Number(entry.remains);
    out.charge = 0.27819;
  } else if (dialect === 'strings') out.charge = '0.27819';
  else if (dialect === 'title-case') out.status = status.replace(/\b\w/g, (c) => c.toUpperCase());
  else if (dialect === 'upper-snake') {
    out.status = (status === 'Canceled' ? 'Cancelled' : status).toUpperCase().replace(/ /g, '_');
  } else if (dialect === 'numeric-status') out.status = STATUS_CODES[status];
  else if (dialect === 'numeric-string-status') out.status = String(STATUS_CODES[status]);
  else if (dialect === 'keyed-errors') return { order: Number(id), ...out };
  return out;
}

/** The simulator's own answer to `action`, as a panel speaking `dialect` would send it. */
function inDialect(dialect: SimulatedDialect, action: string | undefined, answer: unknown): unknown {
  if (action === 'add' && typeof answer === 'object' && answer !== null && 'order' in answer) {
    const { order } = answer as { order: number };
    return { order: dialect === 'strings' ? String(order) : Number(order) };
  }
  if (action !== 'status' || typeof answer !== 'object' || answer === null) return answer;
  const entries = Object.entries(answer as Record<string, Record<string, unknown>>).map(
    ([id, entry]) => [id, statusEntryIn(dialect, id, entry)] as const,
  );
  if (dialect === 'status-list') return entries.map(([id, entry]) => ({ order: Number(id), ...entry }));
  return Object.fromEntries(entries);
}

/** The request's parameters as strings, from a form body or a JSON object. */
function paramsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') params[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') params[name] = String(value);
    else if (Array.isArray(value)) params[name] = value.map(String).join(',');
  }
  return params;
}

/** `orders=1,2,3` → [1, 2, 3] (positive integers only, at most 100, as the trade's API allows). */
function idsOf(list: string | undefined): number[] {
  return [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647),
    ),
  ].slice(0, 100);
}
