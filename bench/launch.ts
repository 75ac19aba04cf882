/**
 * How the benchmark starts the servers it measures: both as `npm start` starts the API, each in
 * its own process, with the same node flags and environment assignments read from package.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Launch {
  /** The environment assignments before `node` in `npm start` (MALLOC_MMAP_THRESHOLD_=...). */
  env: Record<string, string>;
  /** The node flags of `npm start`, given to both servers as NODE_OPTIONS. */
  nodeFlags: string;
}

/**
 * How production starts the server (`npm start`): its environment assignments and node flags,
 * read from package.json so the benchmark measures the process as it is run, not a variant.
 */
export function serverLaunch(): Launch {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const match = /((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+api\/src\/server\.ts/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error('package.json "start" does not run node api/src/server.ts');
  const env = Object.fromEntries(match[1]!.trim().split(/\s+/).filter(Boolean).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  return { env, nodeFlags: match[2]!.trim() };
}

/** The command line `npm start` amounts to, for the report. */
export const describeLaunch = (launch: Launch, entry: string) =>
  `${Object.entries(launch.env).map(([k, v]) => `${k}=${v} `).join('')}node ${launch.nodeFlags} ${entry}`;

/** The environment that launches a server as `npm start` does. */
export const launchEnv = (launch: Launch): Record<string, string> => ({ ...launch.env, NODE_OPTIONS: launch.nodeFlags });

export interface BareServer {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

const BARE_ENTRY = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

/** Starts bench/bare-server.ts as `npm start` starts the API; resolves once GET / answers 200. */
export async function startBare(port: number, launch: Launch): Promise<BareServer> {
  const child = spawn(process.execPath, [BARE_ENTRY], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), ...launchEnv(launch) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the bare Fastify server did not start on ${base}\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    base,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
