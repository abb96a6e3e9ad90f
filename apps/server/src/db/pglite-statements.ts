import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Named statements kept at once; the least recently used is closed past it. */
const MAX_STATEMENTS = 500;

/** PostgreSQL's answer when a kept plan no longer fits the table it reads (a column changed). */
const CACHED_PLAN_CHANGED = '0A000';

interface Statement {
  name: string;
  paramTypes: number[];
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
};

/**
 * Queries with parameters as named prepared statements on the embedded database: parsed and planned
 * once, then bound and executed in one call into PostgreSQL. PGlite's own `query` parses and plans
 * the text every time, in five calls: on a 2-core machine planning a three-table join cost more than
 * running it (docs/performance.md). PostgreSQL keeps each statement's plan (a generic plan once it is
 * as good as the custom ones, its usual rule), and re-plans by itself when a table's statistics or
 * indexes change.
 *
 * Errors are PGlite's own (DatabaseError with PostgreSQL's fields). A statement whose parse failed is
 * not kept; one whose kept plan no longer fits its table is prepared again once.
 */
export class PgliteStatements {
  private readonly statements = new Map<string, Statement>();
  private counter = 0;

  constructor(private readonly client: PGlite) {}

  query(sql: string, params: unknown[], options: Parameters<PGlite['query']>[2]): Promise<Results> {
    return this.client.runExclusive(async () => {
      try {
        return await this.run(sql, params, options);
      } catch (error) {
        if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED || !this.statements.has(sql))
          throw error;
        await this.forget(sql);
        return this.run(sql, params, options);
      }
    });
  }

  private async run(
    sql: string,
    params: unknown[],
    options: Parameters<PGlite['query']>[2],
  ): Promise<Results> {
    const statement = await this.prepared(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialise = this.client.serializers[statement.paramTypes[i]!];
      return serialise ? serialise(value) : String(value);
    });
    const { messages } = await this.client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!this.client.isInTransaction()) await this.client.syncToFs();
    return parse.parseResults(messages, this.client.parsers, options)[0]!;
  }

  private async prepared(sql: string): Promise<Statement> {
    const kept = this.statements.get(sql);
    if (kept) {
      // Most recently used goes last: the first in the map is the one to close.
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return kept;
    }
    const name = `smm_${++this.counter}`;
    const { messages } = await this.client.execProtocol(
      concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    if (this.statements.size > MAX_STATEMENTS) {
      const [oldest] = this.statements.keys();
      await this.forget(oldest!);
    }
    return statement;
  }

  private async forget(sql: string): Promise<void> {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    await this.client.execProtocol(
      concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
      { syncToFs: false },
    );
  }

  get size(): number {
    return this.statements.size;
  }
}
