import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

/**
 * Every committed change to a user says so on `courtside_changes` with `user:<id>`, so API
 * processes can keep who-is-signed-in answers (role, token version, deactivation) in memory
 * and drop them the moment a token is revoked, a role changes or an account is deactivated,
 * whichever process or tool made the change. TRUNCATE sends the empty "everything" payload.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION courtside_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('courtside_changes', 'user:' || OLD.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION courtside_notify_user_change()`.execute(db);
  await sql`
    CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION courtside_notify_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER users_notify_truncate ON users`.execute(db);
  await sql`DROP TRIGGER users_notify_change ON users`.execute(db);
  await sql`DROP FUNCTION courtside_notify_user_change()`.execute(db);
}
