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
