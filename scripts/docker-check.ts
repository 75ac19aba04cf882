/**
 * `npm run docker-check`: proves the Docker image builds and serves, without a Docker engine
 * (none runs on these machines or in CI). It reads the Dockerfile, so it cannot drift from it,
 * and performs its stages with the same commands in a temporary directory:
 *
 * - the build context is `git ls-files` (tracked files and new ones git does not ignore) less
 *   what .dockerignore excludes, so local junk (data/, node_modules/, dist/) never gets in;
 * - every stage runs in one directory standing for its WORKDIR (/app), so any absolute path a
 *   build writes into its output still holds in the next stage, as in the image; a finished
 *   stage is moved aside for the later stages' COPY --from;
 * - RUN lines run under /bin/sh -c with the stage's ENV and a clean environment: a PATH offering
 *   this Node (its major version must be the image's) and the system npm, never this checkout's
 *   node_modules/.bin; the host's npm cache stands for the RUN cache mounts;
 * - then it checks the last stage holds no dev-only package, no test file and nothing of site/
 *   and admin/ but their build, starts its CMD against a fresh PostgreSQL database (dropped
 *   after), checks /api/health, / (the home page with the seeded catalogue), /admin/ and one of
 *   its scripts, runs the HEALTHCHECK command, and stops the server with SIGTERM.
 *
 * Anything in the Dockerfile it does not understand stops it, naming the line. Not emulated:
 * USER (everything runs as the current user), EXPOSE, and the base image's own files.
 * Prints each step with its duration, then PASS or FAIL (exit 1).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { escapeHtml } from '@courtside/domain';
import { freePort } from '../harness/free-port.ts';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, freshDatabase, waitUntilHealthy } from '../harness/api-process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// The Dockerfile

interface Instruction {
  line: number;
  keyword: string;
  args: string;
}

interface Stage {
  index: number;
  name?: string;
  image: string;
  instructions: Instruction[];
}

class DockerfileError extends Error {}
const unsupported = (ins: Instruction, what: string) =>
  new DockerfileError(`Dockerfile line ${ins.line}: ${what} (scripts/docker-check.ts does not know how to perform it; teach it or simplify the Dockerfile)`);

/** The stages of a Dockerfile: logical lines (continuations joined, comments dropped) grouped by FROM. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let pending: { line: number; text: string } | undefined;
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  lines.forEach((line, i) => {
    // Comment lines are dropped, also inside a continuation, as Docker does.
    if (/^\s*#/.test(line) || (!pending && line.trim() === '')) return;
    const joined = { line: pending?.line ?? i + 1, text: (pending?.text ?? '') + line };
    if (line.endsWith('\\')) {
      pending = { line: joined.line, text: joined.text.slice(0, -1) };
      return;
    }
    pending = undefined;
    const m = /^\s*(\S+)\s*([\s\S]*?)\s*$/.exec(joined.text)!;
    const ins: Instruction = { line: joined.line, keyword: m[1]!.toUpperCase(), args: m[2]! };
    if (ins.keyword === 'FROM') {
      const from = /^(\S+)(?:\s+as\s+([A-Za-z][\w.-]*))?$/i.exec(ins.args);
      if (!from || from[1]!.startsWith('--')) throw unsupported(ins, `FROM ${ins.args}`);
      stages.push({ index: stages.length, name: from[2]?.toLowerCase(), image: from[1]!, instructions: [] });
      return;
    }
    const stage = stages.at(-1);
    if (!stage) throw unsupported(ins, `${ins.keyword} before the first FROM`);
    stage.instructions.push(ins);
  });
  if (pending) throw new DockerfileError(`Dockerfile line ${pending.line}: the file ends inside a line continuation`);
  if (stages.length === 0) throw new DockerfileError('Dockerfile: no FROM');
  return stages;
}

/** Leading `--name=value` flags of an instruction, and the rest. */
function flagsOf(args: string): { flags: [string, string][]; rest: string } {
  const flags: [string, string][] = [];
  let rest = args;
  for (let m; (m = /^--([a-z-]+)=(\S+)\s+/.exec(rest)); rest = rest.slice(m[0].length)) flags.push([m[1]!, m[2]!]);
  return { flags, rest };
}

/** A command in exec form (["node", "x"]) as its arguments, in shell form as /bin/sh -c. */
function commandOf(ins: Instruction, text: string): string[] {
  if (text.startsWith('[')) {
    let argv: unknown;
    try {
      argv = JSON.parse(text);
    } catch {
      throw unsupported(ins, `a command that starts like exec form but is not a JSON array: ${text}`);
    }
    if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string')) throw unsupported(ins, `exec form that is not a list of strings: ${text}`);
    return argv as string[];
  }
  if (text === '') throw unsupported(ins, 'an empty command');
  return ['/bin/sh', '-c', text];
}

/** ENV KEY=value ... (values plain or in double quotes), or the legacy ENV KEY value. */
function envOf(ins: Instruction): [string, string][] {
  if (ins.args.includes('$')) throw unsupported(ins, 'variable substitution in ENV');
  const legacy = /^([A-Za-z_]\w*)\s+([^=\s][\s\S]*)$/.exec(ins.args);
  if (legacy) return [[legacy[1]!, legacy[2]!]];
  const pairs: [string, string][] = [];
  const rest = ins.args.replace(/([A-Za-z_]\w*)=("(?:[^"\\]|\\.)*"|[^\s"]*)\s*/g, (_, key: string, value: string) => {
    pairs.push([key, value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value]);
    return '';
  });
  if (rest.trim() !== '' || pairs.length === 0) throw unsupported(ins, `ENV ${ins.args}`);
  return pairs;
}

/** "5s", "1m30s" -> milliseconds (Docker's duration format, the units it uses for HEALTHCHECK). */
function durationMs(ins: Instruction, text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
  let ms = 0;
  const rest = text.replace(/(\d+(?:\.\d+)?)(ms|s|m|h)/g, (_, n: string, unit: string) => {
    ms += Number(n) * units[unit]!;
    return '';
  });
  if (rest !== '' || text === '') throw unsupported(ins, `the duration ${text}`);
  return ms;
}

// ---------------------------------------------------------------------------------------------
// The build context

/** "**" any number of directories, "*" and "?" within one path segment; other glob syntax is refused. */
function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^$(){}|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * .dockerignore as Docker reads it: one pattern a line (# comments), relative to the context
 * root; a path is excluded when a pattern matches it or one of its parent directories, the last
 * matching pattern deciding, and `!pattern` includes again.
 */
export function dockerignore(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = posix.normalize((negate ? l.slice(1) : l).trim()).replace(/^\/+|\/+$/g, '');
      if (/[[\]\\]/.test(pattern)) throw new DockerfileError(`.dockerignore: "${l}" uses pattern syntax docker-check does not understand`);
      return { negate, re: globToRegExp(pattern) };
    });
  return (path) => {
    const parts = path.split('/');
    const selfAndParents = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of rules) if (selfAndParents.some((p) => rule.re.test(p))) excluded = !rule.negate;
    return excluded;
  };
}

const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

/** Copies what `docker build .` would send from this checkout into `dest`; returns the file count. */
function buildContext(dest: string): number {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr || listed.error?.message}`);
  const ignoreFile = join(root, '.dockerignore');
  const excluded = dockerignore(existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '');
  // Tracked files deleted in the working tree are listed too; Docker would not see them.
  const files = [...new Set(listed.stdout.split('\0'))].filter((f) => f !== '' && !excluded(f) && exists(join(root, f)));
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(root, file), join(dest, file), { verbatimSymlinks: true });
  }
  return files.length;
}

// ---------------------------------------------------------------------------------------------
// Running the stages

/** Host variables a Docker build would get from the daemon's network setup: CAs and proxies. */
const PASSED_THROUGH = /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY)$/;

/** The first `name` on the host's PATH outside any node_modules/.bin (the image has its own npm). */
function systemCommand(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir === '' || dir.includes('node_modules')) continue;
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** A directory of `node` (this process's) and `npm`/`npx` (the system's), standing for the image's /usr/local/bin. */
function toolsDir(dir: string): string {
  mkdirSync(dir);
  symlinkSync(process.execPath, join(dir, 'node'));
  for (const name of ['npm', 'npx']) {
    const found = systemCommand(name);
    if (!found) throw new Error(`no ${name} on PATH outside node_modules; install npm`);
    symlinkSync(found, join(dir, name));
  }
  return dir;
}

type Env = Record<string, string>;

function cleanEnv(tools: string): Env {
  const env: Env = { PATH: `${tools}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`, HOME: process.env.HOME ?? tmpdir() };
  for (const [key, value] of Object.entries(process.env)) if (PASSED_THROUGH.test(key) && value !== undefined) env[key] = value;
  return env;
}

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | string | null>;
}

/** Every process still running, for the clean-up. */
const live = new Set<Run>();

/** Each command runs in a process group of its own, so that what it started (npm's children) ends with it. */
function start(argv: string[], cwd: string, env: Env): Run {
  const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => {
    child.on('error', (err) => {
      keep(Buffer.from(`${err.message}\n`));
      resolve('spawn error');
    });
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  const run = { child, output: () => out, exited };
  live.add(run);
  void exited.then(() => live.delete(run));
  return run;
}

function killGroup(run: Run): void {
  try {
    if (run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Runs to completion; throws with the tail of its output unless it exits 0 within `timeoutMs`. */
async function runToEnd(argv: string[], cwd: string, env: Env, timeoutMs: number): Promise<void> {
  const run = start(argv, cwd, env);
  const timer = setTimeout(() => killGroup(run), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`exited with ${code}${code === 'SIGKILL' ? ` (timed out after ${timeoutMs / 1000} s)` : ''}\n--- last output ---\n${run.output().slice(-6_000)}`);
}

interface StageResult {
  dir: string;
  workdir: string;
  env: Env;
  cmd?: string[];
  healthcheck?: { argv: string[]; timeoutMs: number };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1).padStart(6)} s`;

/** Runs one step and prints it with its duration (and what it returned, if text). */
async function step<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
  const t0 = performance.now();
  try {
    const value = await fn();
    console.log(`  ok    ${seconds(t0)}  ${label}${typeof value === 'string' ? `: ${value}` : ''}`);
    return value;
  } catch (err) {
    console.log(`  FAIL  ${seconds(t0)}  ${label}`);
    throw err;
  }
}

const short = (text: string) => (text.length > 110 ? `${text.slice(0, 107)}...` : text);

/**
 * Performs one stage in `appDir` (which stands for its WORKDIR). COPY takes files from the
 * context or, with --from, from a finished stage; RUN runs with the stage's ENV.
 */
async function performStage(stage: Stage, appDir: string, context: string, done: Map<string, StageResult>, base: Env): Promise<StageResult> {
  const result: StageResult = { dir: appDir, workdir: '', env: {} };
  const label = stage.name ?? `stage ${stage.index}`;
  mkdirSync(appDir);
  // A path in the stage's file system -> its place on disk; only WORKDIR exists here.
  const onDisk = (ins: Instruction, of: { dir: string; workdir: string }, path: string) => {
    if (!of.workdir) throw unsupported(ins, 'COPY or RUN before WORKDIR');
    const abs = posix.resolve(of.workdir, path);
    if (abs !== of.workdir && !abs.startsWith(`${of.workdir}/`)) throw unsupported(ins, `${path} lies outside WORKDIR ${of.workdir}, the only directory docker-check materialises`);
    return join(of.dir, abs.slice(of.workdir.length));
  };

  for (const ins of stage.instructions) {
    switch (ins.keyword) {
      case 'WORKDIR':
        if (!posix.isAbsolute(ins.args) || ins.args.includes('$')) throw unsupported(ins, `WORKDIR ${ins.args} (an absolute path is needed)`);
        if (result.workdir) throw unsupported(ins, 'a second WORKDIR in one stage');
        result.workdir = posix.normalize(ins.args);
        break;
      case 'ENV':
        for (const [key, value] of envOf(ins)) result.env[key] = value;
        break;
      case 'COPY': {
        const { flags, rest } = flagsOf(ins.args);
        let from: StageResult | undefined;
        for (const [flag, value] of flags) {
          if (flag !== 'from') throw unsupported(ins, `COPY --${flag}`);
          from = done.get(value.toLowerCase());
          if (!from) throw unsupported(ins, `COPY --from=${value}: no earlier stage of that name`);
        }
        const paths = rest.startsWith('[') ? commandOf(ins, rest) : rest.split(/\s+/);
        const dest = paths.pop();
        if (!dest || paths.length === 0) throw unsupported(ins, `COPY ${ins.args}`);
        if (paths.some((p) => /[*?[]/.test(p) || p.includes('$'))) throw unsupported(ins, 'wildcards or variables in COPY');
        const target = onDisk(ins, result, dest);
        const intoDirectory = dest.endsWith('/') || paths.length > 1;
        await step(`${label}: COPY ${short(ins.args)}`, () => {
          for (const path of paths) {
            let source: string;
            if (from) source = onDisk(ins, from, posix.resolve('/', path));
            else {
              const relative = posix.normalize(path).replace(/^\/+/, '');
              if (relative.startsWith('..')) throw unsupported(ins, `${path} lies outside the build context`);
              source = join(context, relative);
            }
            if (!exists(source)) throw new Error(`Dockerfile line ${ins.line}: COPY: ${path} does not exist${from ? '' : ' in the build context (excluded by .dockerignore, or not in git?)'}`);
            // A directory's contents go into the target; a file into it (or becomes it).
            if (lstatSync(source).isDirectory()) cpSync(source, target, { recursive: true, verbatimSymlinks: true });
            else {
              const to = intoDirectory ? join(target, basename(source)) : target;
              mkdirSync(dirname(to), { recursive: true });
              cpSync(source, to, { verbatimSymlinks: true });
            }
          }
        });
        break;
      }
      case 'RUN': {
        const { flags, rest } = flagsOf(ins.args);
        for (const [flag, value] of flags) {
          // A cache mount only keeps downloads out of the image; the host's npm cache plays its part.
          if (flag !== 'mount' || !value.split(',').includes('type=cache')) throw unsupported(ins, `RUN --${flag}=${value}`);
        }
        const argv = commandOf(ins, rest);
        const cwd = onDisk(ins, result, '.');
        await step(`${label}: RUN ${short(rest)}`, () => runToEnd(argv, cwd, { ...base, ...result.env }, 10 * 60_000));
        break;
      }
      case 'CMD':
        result.cmd = commandOf(ins, ins.args);
        break;
      case 'HEALTHCHECK': {
        if (/^none$/i.test(ins.args)) {
          result.healthcheck = undefined;
          break;
        }
        const { flags, rest } = flagsOf(ins.args);
        let timeoutMs = 30_000;
        for (const [flag, value] of flags) {
          if (!['interval', 'timeout', 'start-period', 'start-interval', 'retries'].includes(flag)) throw unsupported(ins, `HEALTHCHECK --${flag}`);
          if (flag === 'timeout') timeoutMs = durationMs(ins, value);
        }
        const cmd = /^CMD\s+([\s\S]+)$/i.exec(rest);
        if (!cmd) throw unsupported(ins, `HEALTHCHECK ${ins.args}`);
        result.healthcheck = { argv: commandOf(ins, cmd[1]!), timeoutMs };
        break;
      }
      // Image metadata: nothing to perform here (USER is not emulated; the checks run as this user).
      case 'USER':
      case 'EXPOSE':
        break;
      default:
        throw unsupported(ins, ins.keyword);
    }
  }
  if (!result.workdir) throw new DockerfileError(`Dockerfile: ${label} has no WORKDIR`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// What the image must (not) contain, and what it must serve

/** The runtime holds no dev-only package (by the lockfile), no test file, and of site/ and admin/ only their build. */
function checkContents(dir: string): void {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  const devOnly = Object.entries(lock.packages)
    .filter(([path, meta]) => meta.dev && path.includes('node_modules/') && exists(join(dir, path)))
    .map(([path]) => path);
  if (devOnly.length > 0) throw new Error(`dev-only packages installed: ${devOnly.slice(0, 10).join(', ')}${devOnly.length > 10 ? ', ...' : ''}`);

  const tests = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !join(e.parentPath, e.name).includes(`${join('/', 'node_modules')}`) && e.name !== 'node_modules')
    .filter((e) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(e.name) || (e.isDirectory() && /^(tests?|e2e|__tests__)$/.test(e.name)))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  if (tests.length > 0) throw new Error(`test files in the image: ${tests.slice(0, 10).join(', ')}`);

  for (const workspace of ['site', 'admin']) {
    const extra = existsSync(join(dir, workspace)) ? readdirSync(join(dir, workspace)).filter((n) => !['dist', 'package.json', 'node_modules'].includes(n)) : [];
    if (extra.length > 0) throw new Error(`${workspace}/ holds more than its build: ${extra.join(', ')}`);
    if (!existsSync(join(dir, workspace, 'dist'))) throw new Error(`${workspace}/dist is missing`);
  }
}

async function get(base: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(base + path, { headers: { accept: path.startsWith('/api/') ? 'application/json' : 'text/html' }, signal: AbortSignal.timeout(20_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const t0 = performance.now();
  const tmp = mkdtempSync(join(tmpdir(), 'courtside-docker-check-'));
  let database: string | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const run of live) killGroup(run);
    await Promise.all([...live].map((run) => run.exited));
    if (database) await dropDatabase(database).catch((err: Error) => console.error(`could not drop database ${database}: ${err.message}`));
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  console.log(`docker-check: performing the Dockerfile's stages in ${tmp}`);
  try {
    const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
    for (const stage of stages) {
      const major = /^node:(\d+)\b/.exec(stage.image)?.[1];
      if (!major) throw new DockerfileError(`Dockerfile: FROM ${stage.image}: docker-check stands in for node:<version> images only`);
      if (major !== process.versions.node.split('.')[0]) throw new Error(`the image runs Node ${major} but this is Node ${process.versions.node}; run it with the project's Node (npm run docker-check)`);
    }
    const context = join(tmp, 'context');
    await step('build context: git ls-files less .dockerignore', () => `${buildContext(context)} files`);
    const base = cleanEnv(toolsDir(join(tmp, 'bin')));

    // Every stage runs at the same path (tmp/app) and is moved aside once done.
    const appDir = join(tmp, 'app');
    const done = new Map<string, StageResult>();
    let image: StageResult | undefined;
    for (const stage of stages) {
      if (image) {
        const aside = join(tmp, `stage-${stage.index - 1}`);
        renameSync(appDir, aside);
        image.dir = aside;
      }
      image = await performStage(stage, appDir, context, done, base);
      done.set(String(stage.index), image);
      if (stage.name) done.set(stage.name, image);
    }
    if (!image) throw new DockerfileError('Dockerfile: no stage');
    expect(image.cmd, 'the last stage has no CMD');

    await step('image holds no dev-only package, no test file, only the build of site/ and admin/', () => checkContents(image.dir));

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    database = `courtside_docker_check_${Date.now()}_${process.pid}`;
    const env: Env = {
      ...base,
      ...image.env,
      DATABASE_URL: await freshDatabase(database),
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    };
    const running = start(image.cmd, image.dir, env);
    const alive = () => running.child.exitCode === null && running.child.signalCode === null;
    const serverLog = () => `\n--- server output ---\n${running.output().slice(-6_000)}`;
    try {
      await step(`CMD ${image.cmd.join(' ')}: healthy on a fresh PostgreSQL database`, () => waitUntilHealthy(origin, 120_000, alive));

      await step('GET /api/health: 200 {"status":"ok"}', async () => {
        const res = await get(origin, '/api/health');
        expect(res.status === 200 && (JSON.parse(res.body) as { status?: string }).status === 'ok', `answered ${res.status} ${res.body.slice(0, 200)}`);
      });
      await step('GET /: the home page, with the seeded facilities', async () => {
        const facilities = JSON.parse((await get(origin, '/api/facility')).body) as { data?: { name: string }[] };
        const names = (facilities.data ?? []).map((f) => f.name);
        expect(names.length > 0, 'GET /api/facility lists no facility (was the demo catalogue seeded?)');
        const res = await get(origin, '/');
        expect(res.status === 200 && res.type.startsWith('text/html'), `answered ${res.status} ${res.type}`);
        expect(res.body.includes('data-testid="hero"'), 'the page has no hero section: not the site home page');
        expect(names.some((n) => res.body.includes(escapeHtml(n))), `the page names none of the facilities (${names.slice(0, 3).join(', ')}, ...)`);
      });
      await step('GET /admin/ and its script', async () => {
        const res = await get(origin, '/admin/');
        expect(res.status === 200 && res.type.startsWith('text/html'), `answered ${res.status} ${res.type}`);
        const src = /<script\b[^>]*\bsrc="(\/admin\/assets\/[^"]+\.js)"/.exec(res.body)?.[1];
        expect(src, 'the page references no /admin/assets/*.js script: not the built back office');
        const script = await get(origin, src);
        expect(script.status === 200 && /javascript/.test(script.type) && script.body.length > 1_000, `${src} answered ${script.status} ${script.type}, ${script.body.length} bytes`);
      });
      const healthcheck = image.healthcheck;
      if (healthcheck) await step(`HEALTHCHECK ${short(healthcheck.argv.at(-1)!)}`, () => runToEnd(healthcheck.argv, image.dir, env, healthcheck.timeoutMs));
      await step('SIGTERM: the server stops cleanly', async () => {
        running.child.kill('SIGTERM');
        const timer = setTimeout(() => killGroup(running), 15_000);
        const code = await running.exited;
        clearTimeout(timer);
        expect(code === 0, `exited with ${code}`);
      });
    } catch (err) {
      throw new Error(`${(err as Error).message}${serverLog()}`, { cause: err });
    }
    console.log(`PASS docker-check in ${seconds(t0).trim()}`);
    return 0;
  } catch (err) {
    console.log(`\n${(err as Error).message}`);
    console.log(`FAIL docker-check after ${seconds(t0).trim()}`);
    return 1;
  } finally {
    const t1 = performance.now();
    await cleanup();
    console.log(`(removed the temporary directory and database in ${seconds(t1).trim()})`);
  }
}

process.exitCode = await main();
