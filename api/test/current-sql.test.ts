import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { applyCurrentSql, currentSqlFiles, splitStatements } from '@courtside/migrations';
import { backend, createTestApp, type TestApp } from './support/test-app.ts';

describe('splitStatements', () => {
  it('splits at top-level semicolons only: not inside dollar quotes, strings, identifiers or comments', () => {
    const text = [
      "-- a comment; with a semicolon",
      "CREATE FUNCTION f() RETURNS text LANGUAGE plpgsql AS $$ BEGIN RETURN 'a;b'; END $$;",
      "/* block; comment */ CREATE TRIGGER \"odd;name\" AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION f();",
      "SELECT $body$ x; $$ y; $body$, 'it''s; here';",
      '',
    ].join('\n');
    const statements = splitStatements(text).map((s) => s.trim());
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/^-- a comment; with a semicolon\nCREATE FUNCTION .* END \$\$$/);
    expect(statements[1]).toMatch(/"odd;name" .* f\(\)$/);
    expect(statements[2]).toBe("SELECT $body$ x; $$ y; $body$, 'it''s; here'");
  });
});

/**
 * migrations/src/sql/ is the one home of the database's functions and triggers: after
 * migrateToLatest, each of them is defined by a file there, and each file's function exists.
 */
describe(`the current SQL of functions and triggers (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const files = currentSqlFiles();
  const defined = (pattern: RegExp) => files.flatMap((f) => [...f.text.matchAll(pattern)].map((m) => m[1]!.toLowerCase())).sort();

  it('defines every function of the schema in a file of its own name, and nothing else', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname LIKE 'courtside%' ORDER BY 1`.execute(t.database.db);
    expect(rows.map((r) => r.name)).toEqual(defined(/CREATE OR REPLACE FUNCTION\s+(\w+)/gi));
    // One function per file, named after it; one signature per function (no stale overload left behind).
    expect(files.map((f) => f.name)).toEqual(rows.map((r) => `${r.name}.sql`));
  });

  it('defines every trigger of the schema', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND NOT t.tgisinternal ORDER BY 1`.execute(t.database.db);
    expect(rows.map((r) => r.name)).toEqual(defined(/CREATE OR REPLACE TRIGGER\s+(\w+)/gi));
  });

  it('applies nothing when no file changed, and exactly a changed file when one did', async () => {
    expect(await applyCurrentSql(t.database.db)).toEqual([]);
    const [first, ...rest] = files;
    const edited = { ...first!, text: `${first!.text}\n-- edited\n`, sha256: `${first!.sha256}-edited` };
    expect(await applyCurrentSql(t.database.db, [edited, ...rest])).toEqual([first!.name]);
    // Back to the file as it is: applied again, since the database now runs the edited one.
    expect(await applyCurrentSql(t.database.db)).toEqual([first!.name]);
    expect(await applyCurrentSql(t.database.db)).toEqual([]);
  });

  it('rolls back every file of a run when one fails, naming it', async () => {
    const broken = { name: 'zz_broken.sql', text: 'CREATE OR REPLACE FUNCTION courtside_broken( RETURNS void', sha256: 'x' };
    const [first, ...rest] = files;
    const edited = { ...first!, text: `${first!.text}\n-- edited\n`, sha256: `${first!.sha256}-edited` };
    await expect(applyCurrentSql(t.database.db, [edited, ...rest, broken])).rejects.toThrow(/sql\/zz_broken\.sql failed/);
    expect(await applyCurrentSql(t.database.db)).toEqual([]);
  });
});
