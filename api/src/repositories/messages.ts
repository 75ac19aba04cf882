import type { ContactMessageRow } from '@courtside/migrations';
import type { Executor } from '../db/database.ts';
import { fetchPage, type PageQuery, idsOrNone } from './listing.ts';
import { escapeLike } from './users.ts';

export function insertMessage(db: Executor, m: { name: string; email: string; subject: string; message: string }): Promise<ContactMessageRow> {
  return db.insertInto('contact_messages').values(m).returningAll().executeTakeFirstOrThrow();
}

export function findMessage(db: Executor, id: string): Promise<ContactMessageRow | undefined> {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deleteMessage(db: Executor, id: string): Promise<ContactMessageRow | undefined> {
  return db.deleteFrom('contact_messages').where('id', '=', id).returningAll().executeTakeFirst();
}

export function pageMessages(db: Executor, filter: { ids?: string[]; q?: string }, page: PageQuery) {
  let query = db.selectFrom('contact_messages').selectAll();
  if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern), eb('subject', 'ilike', pattern), eb('message', 'ilike', pattern)]));
  }
  return fetchPage(query, page, 'id');
}
