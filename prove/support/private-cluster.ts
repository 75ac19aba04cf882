/**
 * A throw-away PostgreSQL cluster the proofs may crash at will, so the machine's shared server
 * is never restarted. Uses the PostgreSQL binaries of the machine (PROVE_PG_BIN, default
 * /usr/lib/postgresql/15/bin). PostgreSQL refuses to run as root: when we are root the tools
 * run as the `postgres` user (runuser) in a temporary directory that user owns.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.PROVE_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

const commandFor = (tool: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]] : [join(PG_BIN, tool), args];

function run(tool: string, args: string[]): string {
  const [cmd, argv] = commandFor(tool, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The same without blocking the event loop, for use while a load is running. */
async function runAsync(tool: string, args: string[]): Promise<void> {
  const [cmd, argv] = commandFor(tool, args);
  await promisify(execFile)(cmd, argv, { encoding: 'utf8' });
}

export interface PrivateCluster {
  port: number;
  /** A URL for database `name` on this cluster (user postgres, trust auth on loopback). */
  url(name?: string): string;
  /** `pg_ctl stop -m immediate`: the abrupt stop, no checkpoint, like a crash. */
  crash(): Promise<void>;
  /** Starts again (crash recovery runs) and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  destroy(): void;
}

export function createPrivateCluster(port: number): PrivateCluster {
  const dir = mkdtempSync(join(tmpdir(), 'courtside-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`;
  const cluster: PrivateCluster = {
    port,
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    crash: () => runAsync('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']),
    start: () => runAsync('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options]),
    destroy: () => {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('pg_ctl', ['start', '-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options]);
  } catch (err) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').slice(-1_500) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n--- server log ---\n${log}`);
  }
  return cluster;
}
