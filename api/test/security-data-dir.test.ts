/**
 * What the server keeps on disk is its owner's alone: the embedded
 * database, the generated JWT secret, the lock file and the .eml files under DATA_DIR are
 * created owner-only (directories 0700, files 0600), and a DATA_DIR left readable by an older
 * version is closed at start. The server is started as `npm start` starts it, under umask 000,
 * the most permissive a host may give it, so nothing here depends on the test machine's umask.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { backend } from './support/test-app.ts';
import { freePort } from '../../harness/free-port.ts';
import { waitUntilHealthy } from '../../harness/api-process.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Every path under `dir` (itself included) whose mode lets anyone but its owner in. */
function opened(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat: Stats = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${path.slice(dir.length) || '/'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

function all(dir: string): string[] {
  const names: string[] = [];
  const visit = (path: string) => {
    names.push(path.slice(dir.length));
    if (lstatSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return names;
}

/** `npm start` under umask 000 (a shell sets it; the server inherits it). */
function start(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn('/bin/sh', ['-c', 'umask 000 && exec "$0" "$1"', process.execPath, serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', SWEEP_INTERVAL_SECONDS: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

// DATA_DIR holds the embedded database; with PostgreSQL the run adds nothing.
describe.skipIf(backend !== 'pglite')('DATA_DIR is owner-only', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'courtside-perms-')), 'data');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('a first start under umask 000 creates every file 0600 and every directory 0700, .eml files included; a restart closes what was opened', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(first.child);
    await waitUntilHealthy(base, 60_000, () => first.child.exitCode === null);
    // A sign-up queues a welcome message, which the sender writes as an .eml file (no SMTP_URL).
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pat Perms', email: 'pat.perms@example.com', password: 'court-side-Pass-42', phone: '555-0100', address: '1 Main St' }),
    });
    expect(signup.status).toBe(201);
    const mailDir = join(dataDir, 'mail');
    const deadline = Date.now() + 30_000;
    while (!all(dataDir).some((p) => p.endsWith('.eml')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const names = all(dataDir);
    expect(names.some((p) => p.endsWith('.eml')), names.join('\n')).toBe(true);
    expect(names).toContain('/jwt-secret');
    expect(names).toContain('/courtside.lock');
    expect(names.length).toBeGreaterThan(100); // PGlite's own files
    expect(opened(dataDir)).toEqual([]);
    expect(opened(mailDir)).toEqual([]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(opened(dataDir)).toEqual([]);

    // A directory an older version left open is closed at the next start.
    chmodSync(dataDir, 0o777);
    for (const name of names.slice(1, 40)) chmodSync(join(dataDir, name), lstatSync(join(dataDir, name)).isDirectory() ? 0o777 : 0o666);
    expect(opened(dataDir).length).toBeGreaterThan(1);
    const again = start({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(again.child);
    await waitUntilHealthy(base, 60_000, () => again.child.exitCode === null);
    expect(opened(dataDir)).toEqual([]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 150_000);
});
