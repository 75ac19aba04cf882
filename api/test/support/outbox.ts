import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '@courtside/migrations';

/** The messages queued to one recipient, oldest first (the test clock can stamp several alike). */
export const mailsTo = (db: Kysely<Database>, recipient: string) =>
  db.selectFrom('outbox_messages').select(['kind', 'subject', 'text_body']).where('recipient', '=', recipient).orderBy('created_at').execute();

/** The one message of a kind to a recipient: picked by its kind, never as "the last" by a stamp others may share. */
export async function onlyMail(db: Kysely<Database>, recipient: string, kind: string) {
  const found = (await mailsTo(db, recipient)).filter((m) => m.kind === kind);
  expect(found.map((m) => m.kind)).toEqual([kind]);
  return found[0]!;
}
