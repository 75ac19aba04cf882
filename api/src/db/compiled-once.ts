import { CompiledQuery, type QueryResult } from 'kysely';
import type { Executor } from './database.ts';
import { markPrepared } from './reconnecting-pool.ts';

/** Stands for one named argument while a statement is compiled the first time. */
class Slot {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

/**
 * A statement run on every request of a hot path, built and compiled by Kysely once instead of
 * on every call: building the fragments and compiling them cost the booking insert more CPU than
 * sending it (measured: about a fifth of a booking request's time in the API process). The first
 * call compiles `compile` with a stand-in for each argument; every call then sends the same text
 * with its own arguments in their places. The text must not depend on the arguments' values
 * (pass values only as parameters: no sql.lit, sql.ref or branching on them); anything else the
 * text holds as a parameter is a constant of the statement.
 *
 * The text goes out marked `/* prepared: <name> *\/`, so each PostgreSQL connection parses and
 * plans it once (db/reconnecting-pool.ts): `name` must be unique to this statement, and its
 * columns must be listed (never `*`), so a later migration cannot change a cached plan's result.
 */
export function compiledOnce<A extends object, R>(
  name: string,
  compile: (db: Executor, args: A) => CompiledQuery<R>,
): (db: Executor, args: A) => Promise<QueryResult<R>> {
  let statement: { sql: string; parameters: readonly unknown[] } | undefined;
  return (db, args) => {
    if (!statement) {
      const slots = Object.fromEntries(Object.keys(args).map((key) => [key, new Slot(key)])) as unknown as A;
      const { sql, parameters } = compile(db, slots);
      statement = { sql: markPrepared(name, sql), parameters };
    }
    const parameters = statement.parameters.map((p) => (p instanceof Slot ? (args as Record<string, unknown>)[p.key] : p));
    return db.executeQuery(CompiledQuery.raw(statement.sql, parameters) as CompiledQuery<R>);
  };
}
