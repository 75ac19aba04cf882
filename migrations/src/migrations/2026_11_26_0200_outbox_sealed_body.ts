import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * A message with a secret link (a password reset) keeps two bodies: `text_body`/`html_body`,
 * what staff may read (the back office's Emails list, the .eml files kept without a relay),
 * with the link hidden; and `sealed_body` ({ text, html }), the customer's copy, read by the
 * sender alone and cleared once sent. Reset messages already stored are brought in line: a
 * pending one's bodies become its sealed copy, and every one's link is hidden.
 */
const RESET_LINK = `[^"'\\s<>]*reset-password\\?token=[A-Za-z0-9_%-]+`;
const HIDDEN = '[reset link sent to the customer; hidden]';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').addColumn('sealed_body', 'jsonb').execute();
  await sql`
    UPDATE outbox_messages SET sealed_body = jsonb_build_object('text', text_body, 'html', html_body)
    WHERE kind = 'password_reset' AND state = 'pending'`.execute(db);
  await sql`
    UPDATE outbox_messages SET
      text_body = regexp_replace(text_body, ${RESET_LINK}, ${HIDDEN}, 'g'),
      html_body = regexp_replace(html_body, ${`<a href="${RESET_LINK}"[^>]*>([^<]*)</a>`}, ${`\\1: ${HIDDEN}`}, 'g')
    WHERE kind = 'password_reset'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('sealed_body').execute();
}
