import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Email goes through an outbox: a message is a row written in the transaction of the change
 * that causes it, delivered after commit by the sweeper. `dedupe_key` makes a message that must
 * go once (a reminder per booking) impossible to enqueue twice, whichever process tries.
 * Password resets keep only a hash of their token, one live token per user; the calendar feed's
 * token is the credential of a read-only link the customer is shown again, so it is kept as is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    // [{ filename, contentType, content }]: small text attachments (an .ics).
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending').check(sql`state IN ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX outbox_due_idx ON outbox_messages (next_attempt_at) WHERE state = 'pending'`.execute(db);
  await sql`CREATE INDEX outbox_created_idx ON outbox_messages (created_at DESC)`.execute(db);

  await db.schema
    .createTable('password_reset_tokens')
    // One live token per user: asking again replaces the earlier one.
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('calendar_token', 'text', (c) => c.unique())
    .addColumn('email_reminders', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_reminders').dropColumn('calendar_token').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('outbox_messages').execute();
}
