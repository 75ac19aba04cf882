import type { Executor } from '../db/database.ts';

export function insertNote(db: Executor, note: { userId: string; author: { id: string; name: string }; text: string; at: Date }) {
  return db
    .insertInto('staff_notes')
    .values({ user_id: note.userId, author_id: note.author.id, author_name: note.author.name, text: note.text, created_at: note.at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A customer's notes, newest first. */
export function notesOf(db: Executor, userId: string) {
  return db.selectFrom('staff_notes').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}
