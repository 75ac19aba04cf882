import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Mail that becomes due says so on `courtside_changes` with `mail:queued`, so the sender wakes
 * the moment the transaction that queued it commits (a NOTIFY is delivered at commit, and never
 * for a rollback) instead of at the next sweep. A new message, or a failed one sent back to the
 * queue by staff, wakes every API process; SKIP LOCKED lets only one of them send each message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION courtside_notify_mail_queued() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('courtside_changes', 'mail:queued');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER outbox_notify_insert AFTER INSERT ON outbox_messages
    FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_mail_queued()`.execute(db);
  await sql`
    CREATE TRIGGER outbox_notify_requeue AFTER UPDATE OF state ON outbox_messages
    FOR EACH ROW WHEN (OLD.state <> 'pending' AND NEW.state = 'pending')
    EXECUTE FUNCTION courtside_notify_mail_queued()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER outbox_notify_requeue ON outbox_messages`.execute(db);
  await sql`DROP TRIGGER outbox_notify_insert ON outbox_messages`.execute(db);
  await sql`DROP FUNCTION courtside_notify_mail_queued()`.execute(db);
}
