/**
 * Global setup of the API projects (vitest.config.ts): the schema is migrated once per run, and
 * every test app starts from a copy of it (createTestApp) instead of running every migration anew
 * (and, on PGlite, initdb too: a fresh PGlite took longer to open than the migrations took).
 * PostgreSQL copies a template database (CREATE DATABASE … TEMPLATE); PGlite loads a dump of a
 * migrated data directory. Each app still runs migrateToLatest after, which then finds nothing to do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '@courtside/migrations';
import { openDatabase } from '../../src/db/database.ts';
import { adminDatabaseUrl } from './test-app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name; PGlite: the dump's path. */
    migratedTemplate: string;
  }
}

async function onAdminDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(): Promise<{ template: string; drop: () => Promise<void> }> {
  const name = `courtside_test_template_${randomBytes(6).toString('hex')}`;
  await onAdminDatabase((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  // No connection to it from now on (CREATE DATABASE … TEMPLATE needs none), not even autovacuum's.
  await onAdminDatabase((c) => c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
  return {
    template: name,
    drop: () =>
      onAdminDatabase(async (c) => {
        await c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function pgliteDump(): Promise<{ template: string; drop: () => Promise<void> }> {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrateToLatest(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    const dir = mkdtempSync(join(tmpdir(), 'courtside-test-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { template: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await handle.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made = project.config.env.TEST_DB === 'postgres' ? await postgresTemplate() : await pgliteDump();
  project.provide('migratedTemplate', made.template);
  return made.drop;
}
