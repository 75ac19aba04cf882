import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACTIVE_STATUSES, AUDIT_ACTIONS, BOOKING_STATUSES, CLOSURE_KINDS, DESK_PAYMENT_METHODS, ORDER_KINDS, ORDER_STATUSES, OUTBOX_STATES, PAYMENT_STATUSES, REFUND_STATUSES, ROLES, SPORTS, WALLET_ENTRY_KINDS } from '@courtside/domain';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Shipped migrations are frozen, so their CHECK constraints spell the status lists out. This
 * holds each constraint to the domain constant the code uses: a status added to one and not
 * the other fails here, not in production.
 */
describe(`the database's status constraints match the domain's lists (${backend})`, () => {
  let t: TestApp;
  let constraints: { table: string; type: string; def: string }[];
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ table: string; type: string; def: string }>`
      SELECT conrelid::regclass::text AS table, contype AS type, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE contype IN ('c', 'x') AND connamespace = 'public'::regnamespace`.execute(t.database.db);
    constraints = rows;
  });
  afterAll(async () => t?.close());

  /**
   * The values the constraints of `table` list for `column` (PostgreSQL shows `IN (...)` as
   * `= ANY (ARRAY[...])`): `count` constraints, which must all list the same values.
   */
  const allowed = (table: string, column: string, type = 'c', count = 1) => {
    const list = new RegExp(`\\(${column} = ANY \\(ARRAY\\[([^\\]]*)\\]`);
    const lists = constraints.filter((c) => c.table === table && c.type === type).flatMap((c) => c.def.match(list)?.[1] ?? []);
    expect(lists, `${table}.${column}`).toHaveLength(count);
    const values = lists.map((l) => [...l.matchAll(/'([^']*)'/g)].map((m) => m[1]).sort());
    for (const v of values) expect(v, `${table}.${column}`).toEqual(values[0]);
    return values[0]!;
  };
  const sorted = (values: readonly string[]) => [...values].sort();

  it.each([
    ['users', 'role', ROLES],
    ['bookings', 'status', BOOKING_STATUSES],
    ['bookings', 'payment_status', PAYMENT_STATUSES],
    ['orders', 'status', ORDER_STATUSES],
    ['refunds', 'status', REFUND_STATUSES],
    ['outbox_messages', 'state', OUTBOX_STATES],
    ['closures', 'kind', CLOSURE_KINDS],
    ['facilities', 'sport', SPORTS],
    ['orders', 'payment_method', DESK_PAYMENT_METHODS],
    ['audit_log', 'action', AUDIT_ACTIONS],
    ['orders', 'kind', ORDER_KINDS],
    ['wallet_entries', 'kind', WALLET_ENTRY_KINDS],
  ] as const)('%s.%s', (table, column, values) => {
    expect(allowed(table, column)).toEqual(sorted(values));
  });

  it('the no-overlap exclusion covers exactly the statuses that hold a slot', () => {
    expect(allowed('bookings', 'status', 'x')).toEqual(sorted(ACTIVE_STATUSES));
  });
});
