import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * `orders.description`: what an order without bookings (a credit pack, a gift voucher) buys, in the
 * words its payment page, the provider's page and the back office show ("Credit pack Gold: $110.00
 * of credit"), kept as it was when ordered: a later edit of the pack changes no order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN description text CONSTRAINT orders_description_length CHECK (length(description) BETWEEN 1 AND 200)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN description`.execute(db);
}
