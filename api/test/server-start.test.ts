import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { backend } from './support/test-app.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const json = (res: Response) => res.json() as Promise<any>;

async function waitFor(check: () => boolean, what: string, ms = 45_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// This file is about the embedded database's first start; the PostgreSQL run adds nothing.
describe.skipIf(backend !== 'pglite')('npm start on a fresh embedded database (PGlite only: it tests DATA_DIR)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtside-start-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds the demo catalogue, prints a generated admin password once, serves, and shuts down on SIGTERM', async () => {
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(first.child);
    await waitFor(() => /ready at/.test(first.output()) || first.child.exitCode !== null, 'the server to listen');
    expect(first.output()).toMatch(/First admin created/);
    // Without Stripe it says, once, that no money moves.
    expect(first.output().match(/SANDBOX mode, no money moves/g)).toHaveLength(1);
    // And where mail goes: without SMTP_URL, nowhere off this machine.
    expect(first.output().match(/mail: no SMTP_URL, so nothing leaves this machine/g)).toHaveLength(1);
    const password = /password: (\S+)/.exec(first.output())![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await json(health)).toMatchObject({ status: 'ok', mail: { pending: expect.any(Number) } });
    const facilities = (await json(await fetch(`http://127.0.0.1:${port}/api/facility`))).data;
    expect(facilities.length).toBeGreaterThanOrEqual(6);
    const image = await fetch(`http://127.0.0.1:${port}${facilities[0].imageUrl}`);
    expect(image.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@courtside.local', password }),
    });
    expect((await json(login)).data.role).toBe('owner');

    // A second process on the same directory must refuse at once: PGlite would lose writes.
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Restart: same data, no new admin, no second catalogue.
    const again = start({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(again.child);
    await waitFor(() => /ready at/.test(again.output()), 'the restart');
    expect(again.output()).not.toMatch(/First admin created/);
    const count = (await json(await fetch(`http://127.0.0.1:${port}/api/facility`))).data.length;
    expect(count).toBe(facilities.length);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('refuses bad configuration with a message naming the variable, and exits 1', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'eighty', HOLD_MINUTES: '-3' });
    children.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT must be a whole number/);
    expect(bad.output()).toMatch(/HOLD_MINUTES must be a whole number/);
  });
});
