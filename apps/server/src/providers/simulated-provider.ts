import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { simulatedProviderRepository, type SimulatedOrderRow } from './simulated-provider.repository';

/** Failures the simulator can put on, for tests of how the panel copes with a bad upstream. */
export type SimulatedFault =
  'timeout' | 'http500' | 'html' | 'malformed-json' | 'json-error' | 'unknown-order' | 'lose-answer';

export interface SimulatedProviderOptions {
  /** Share of orders (by id) that end Partial, and that end Canceled, in percent. */
  partialPercent: number;
  cancelPercent: number;
}

export const SIMULATED_PROVIDER_KEY = 'demo';

/**
 * The built-in upstream provider: a small HTTP server of its own (127.0.0.1, a free port) speaking the
 * trade's SMM API v2, so the demo and the tests run the panel's real client. Its orders live in the
 * database (several panel processes agree on them) and move one step per status poll: Pending → In
 * progress → In progress (half done) → Completed, or, for a share chosen by order id, Partial or
 * Canceled.
 */
export class SimulatedProvider {
  private server: FastifyInstance | undefined;
  private fault: SimulatedFault | null = null;
  private url = '';

  constructor(
    private readonly db: Db,
    private readonly options: SimulatedProviderOptions,
  ) {}

  get apiUrl(): string {
    return this.url;
  }

  setFault(fault: SimulatedFault | null): void {
    this.fault = fault;
  }

  async start(): Promise<void> {
    // Hijacked 'timeout' answers keep their sockets open; closing must not wait for them.
    const server = Fastify({ logger: false, forceCloseConnections: true });
    server.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    server.all('/api/v2', async (request, reply) => {
      const params = {
        ...((request.query as Record<string, string>) ?? {}),
        ...((request.body as Record<string, string> | undefined) ?? {}),
      };
      const fault = this.fault;
      if (fault === 'timeout') {
        reply.hijack(); // never answers; the client's timeout ends it
        return;
      }
      if (fault === 'http500') return reply.code(500).type('text/plain').send('Internal Server Error');
      if (fault === 'html') return reply.type('text/html').send('<html><body>502 Bad Gateway</body></html>');
      if (fault === 'malformed-json') return reply.type('application/json').send('{"order": 12');
      if (params.key !== SIMULATED_PROVIDER_KEY) return { error: 'Invalid API key' };
      const answer = await this.answer(params, fault);
      if (fault === 'lose-answer') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      return answer;
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    this.url = `http://127.0.0.1:${port}/api/v2`;
    this.server = server;
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private async answer(params: Record<string, string>, fault: SimulatedFault | null): Promise<unknown> {
    switch (params.action) {
      case 'add': {
        if (fault === 'json-error') return { error: 'Not enough funds on balance' };
        const quantity = Number(params.quantity);
        if (!params.service || !params.link || !Number.isInteger(quantity) || quantity < 1) {
          return { error: 'Incorrect request' };
        }
        return {
          order: await simulatedProviderRepository.insert(this.db, {
            service: params.service,
            link: params.link,
            quantity,
          }),
        };
      }
      case 'status': {
        const ids = (params.orders ?? params.order ?? '')
          .split(',')
          .map((id) => Number(id))
          .filter((id) => Number.isInteger(id) && id > 0)
          .slice(0, 100);
        const rows =
          fault === 'unknown-order' ? [] : await simulatedProviderRepository.findMany(this.db, ids);
        const byId = new Map(rows.map((row) => [row.id, row]));
        const result: Record<string, unknown> = {};
        for (const id of ids) {
          const row = byId.get(id);
          if (!row) {
            result[id] = { error: 'Incorrect order ID' };
            continue;
          }
          const next = this.step(row);
          await simulatedProviderRepository.update(this.db, row.id, next);
          result[id] = {
            charge: '0.00',
            start_count: String(next.startCount),
            status: next.status,
            remains: String(next.remains),
            currency: 'KRW',
          };
        }
        return result;
      }
      case 'cancel': {
        const ids = (params.orders ?? '')
          .split(',')
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0);
        const rows = await simulatedProviderRepository.findMany(this.db, ids);
        const byId = new Map(rows.map((row) => [row.id, row]));
        const result = [];
        for (const id of ids) {
          const row = byId.get(id);
          if (!row || row.status !== 'Pending') {
            result.push({ order: id, cancel: { error: 'Cancel is not available for this order' } });
            continue;
          }
          await simulatedProviderRepository.update(this.db, id, {
            status: 'Canceled',
            startCount: row.startCount,
            remains: row.quantity,
          });
          result.push({ order: id, cancel: 1 });
        }
        return result;
      }
      case 'balance':
        return { balance: '1000000.00', currency: 'KRW' };
      default:
        return { error: 'Incorrect action' };
    }
  }

  /** The next state of an order, one step per poll; final states stay. */
  private step(row: SimulatedOrderRow): Pick<SimulatedOrderRow, 'status' | 'startCount' | 'remains'> {
    if (['Completed', 'Partial', 'Canceled'].includes(row.status)) return row;
    const startCount = row.startCount || 1000 + ((row.id * 37) % 5000);
    if (row.polls === 0) return { status: 'In progress', startCount, remains: row.quantity };
    if (row.polls === 1) return { status: 'In progress', startCount, remains: Math.ceil(row.quantity / 2) };
    // Spread over ids (not the first ids of a fresh demo all failing), yet reproducible.
    const bucket = (row.id * 37 + 11) % 100;
    if (bucket < this.options.cancelPercent) return { status: 'Canceled', startCount, remains: row.quantity };
    if (bucket < this.options.cancelPercent + this.options.partialPercent) {
      return { status: 'Partial', startCount, remains: Math.max(1, Math.floor(row.quantity / 3)) };
    }
    return { status: 'Completed', startCount, remains: 0 };
  }
}
