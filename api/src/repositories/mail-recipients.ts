import type { Executor } from '../db/database.ts';

/** The emails staff notices go to when no STAFF_EMAIL is set: every active admin. */
export async function activeAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('role', '=', 'admin').where('deleted_at', 'is', null).orderBy('email').execute();
  return rows.map((r) => r.email);
}
