import type { Executor } from '../db/database.ts';

/** The emails staff notices go to when no STAFF_EMAIL is set: every active manager and owner (the desk runs the day, not the inbox). */
export async function activeManagerEmails(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('role', 'in', ['manager', 'owner']).where('deleted_at', 'is', null).orderBy('email').execute();
  return rows.map((r) => r.email);
}
