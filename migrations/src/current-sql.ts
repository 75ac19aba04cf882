import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';

/**
 * The repeatable step after the migrations: the current SQL of every function and trigger, one
 * file each in sql/ (see sql/README.md), applied with CREATE OR REPLACE. The database records
 * the SHA-256 of each file it applied (courtside_sql_files) and a run re-applies only the files
 * that changed: replacing a trigger locks its table and replacing a function drops every
 * session's cached plans, neither of which a boot should do for nothing.
 */

const SQL_DIR = new URL('./sql/', import.meta.url);

export interface SqlFile {
  name: string;
  text: string;
  sha256: string;
}

/** The files of sql/, by name. */
export function currentSqlFiles(): SqlFile[] {
  return readdirSync(SQL_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(new URL(name, SQL_DIR), 'utf8');
      return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * The statements of a file, split at the semicolons outside quotes, dollar quotes and comments:
 * PGlite's query takes one statement at a time.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const skip =
      /^--[^\n]*/.exec(rest) ??
      /^\/\*[\s\S]*?\*\//.exec(rest) ??
      /^'(?:[^']|'')*'/.exec(rest) ??
      /^"(?:[^"]|"")*"/.exec(rest) ??
      /^(\$[A-Za-z_]*\$)[\s\S]*?\1/.exec(rest);
    if (skip) {
      i += skip[0].length;
    } else if (text[i] === ';') {
      statements.push(text.slice(start, i));
      start = ++i;
    } else {
      i++;
    }
  }
  statements.push(text.slice(start));
  return statements.filter((s) => s.replace(/--[^\n]*/g, '').trim() !== '');
}

/**
 * Applies the files of sql/ the database does not run yet, in one transaction under a lock of
 * its own (processes booting together apply each file once). Bodies are not checked against
 * each other at creation (check_function_bodies off, as pg_dump restores), so the order of the
 * files does not matter. Returns the names of the files applied.
 */
export async function applyCurrentSql(db: Kysely<any>, files: SqlFile[] = currentSqlFiles()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('courtside-sql-files', 0))`.execute(trx);
    const { rows } = await sql<{ name: string; sha256: string }>`SELECT name, sha256 FROM courtside_sql_files`.execute(trx);
    const applied = new Map(rows.map((r) => [r.name, r.sha256]));
    const changed = files.filter((f) => applied.get(f.name) !== f.sha256);
    if (changed.length === 0) return [];
    await sql`SET LOCAL check_function_bodies = off`.execute(trx);
    for (const file of changed) {
      for (const statement of splitStatements(file.text)) {
        await sql.raw(statement).execute(trx).catch((err: Error) => {
          throw new Error(`sql/${file.name} failed: ${err.message}`, { cause: err });
        });
      }
      await sql`INSERT INTO courtside_sql_files (name, sha256) VALUES (${file.name}, ${file.sha256})
        ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now()`.execute(trx);
    }
    return changed.map((f) => f.name);
  });
}
