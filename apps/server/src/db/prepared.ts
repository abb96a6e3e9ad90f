import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './database';

/**
 * Named prepared statements for the hottest reads, built once per database handle: PostgreSQL parses
 * and plans a named statement once per connection, and Drizzle builds its SQL once instead of on
 * every call. `prepare` returns the statements of one module for one executor.
 */
export function preparedPerExecutor<T>(prepare: (ex: Executor) => T): (ex: Executor) => T {
  const prepared = new WeakMap<Executor, T>();
  return (ex) => {
    let statements = prepared.get(ex);
    if (!statements) {
      statements = prepare(ex);
      prepared.set(ex, statements);
    }
    return statements;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement built once (Drizzle turns the template into text at load, not per call) and run as
 * a named prepared statement on PostgreSQL (parsed and planned once per connection; PGlite ignores the
 * name). Its values are `sql.placeholder(name)`s, filled per call.
 */
export function namedStatement(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return async (
    ex: Executor,
    values: Record<string, unknown>,
  ): Promise<{ rows: Record<string, unknown>[] }> => {
    const prepared = ex._.session.prepareQuery(built, undefined, name, false);
    return (await prepared.execute(values)) as { rows: Record<string, unknown>[] };
  };
}

/**
 * Integer ids (or lock keys) as one JSON parameter, distinct and ascending: transactions that each
 * take several locks in this order never wait on each other in a cycle.
 */
export function ascendingJson(ids: readonly number[]): string {
  return JSON.stringify([...new Set(ids)].sort((a, b) => a - b));
}
