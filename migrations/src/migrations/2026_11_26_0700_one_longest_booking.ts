import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * A facility's longest booking was stored twice: max_booking_minutes and policy.maxMinutes (the
 * stricter held). It is max_booking_minutes alone from now on: a stored policy.maxMinutes is
 * folded in (the stricter, rounded down to whole slots, as bookings are whole slots; never under
 * one slot) and removed, as the API now folds one it is sent (domain foldMaxMinutes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE facilities
    SET max_booking_minutes = GREATEST(slot_minutes, LEAST(max_booking_minutes, ((policy->>'maxMinutes')::int / slot_minutes) * slot_minutes)),
        policy = policy - 'maxMinutes'
    WHERE policy ? 'maxMinutes'`.execute(db);
}

/** The fold cannot be told apart afterwards: down leaves the single value as it is. */
export async function down(): Promise<void> {}
