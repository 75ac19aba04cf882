import { DomainError } from '@courtside/domain';
import type { StaffNoteDto } from '@courtside/contracts';
import type { StaffNoteRow } from '@courtside/migrations';
import * as notes from '../repositories/staff-notes.ts';
import * as users from '../repositories/users.ts';
import type { CurrentUser, ServiceContext } from '../shared/context.ts';

const toNoteDto = (row: StaffNoteRow): StaffNoteDto => ({ id: row.id, text: row.text, authorId: row.author_id, authorName: row.author_name, createdAt: row.created_at.toISOString() });

const userNotFound = () => new DomainError('not_found', 'USER_NOT_FOUND', 'User not found.');

/** Staff's notes on someone's record, newest first. Only back-office routes call this: customers never read them. */
export async function listNotes(ctx: ServiceContext, userId: string): Promise<StaffNoteDto[]> {
  if (!(await users.findActiveById(ctx.db, userId))) throw userNotFound();
  return (await notes.notesOf(ctx.db, userId)).map(toNoteDto);
}

export async function addNote(ctx: ServiceContext, author: CurrentUser, userId: string, text: string): Promise<StaffNoteDto> {
  if (!(await users.findActiveById(ctx.db, userId))) throw userNotFound();
  return toNoteDto(await notes.insertNote(ctx.db, { userId, author, text: text.trim(), at: ctx.clock() }));
}
