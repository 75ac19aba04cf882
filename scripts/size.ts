/**
 * `npm run size`: how much JavaScript each main page of the public site makes the browser
 * load, gzipped, against its budget (home <= 10 KB, facility list
 * and detail <= 15 KB, booking <= 60 KB, Find a court <= 20 KB, the sign-in pages (login, forgotten and reset
 * password) <= 5 KB each; the original single-page client shipped 111,753
 * bytes on every page), and the back office's first screen: its sign-in page, and the
 * dashboard right after sign-in (those files plus the console chunk the app then fetches,
 * found in admin/dist/.vite/manifest.json), each <= 200 KB. Builds nothing: it starts the real server (node api/src/server.ts,
 * a throw-away data directory, a free port) on the existing build (`npm run build` first),
 * fetches each page and collects every script it loads: <script src>, module preloads,
 * Astro island component and renderer URLs, inline scripts, and everything those import
 * statically (`import`/`export ... from`, followed transitively); code behind a dynamic
 * `import()` is fetched only on demand, so it is reported beside the total, not in it. Each
 * file is gzipped once (zlib level 9) and counted once per page. Prints the table, writes it to
 * docs/SIZE.md, exits 0 when it ran (1 on errors; with --strict also 1 when a budget fails).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../harness/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const ORIGINAL_BYTES = 111_753;
/** The back office before it was split: one 1,177,614-byte file, measured as below. */
const ORIGINAL_ADMIN_BYTES = 360_268;
const ADMIN_MANIFEST = join(root, 'admin', 'dist', '.vite', 'manifest.json');
const strict = process.argv.includes('--strict');
const START_TIMEOUT_MS = 180_000;

interface PageSpec {
  label: string;
  path: (facilityId: string) => string;
  budget?: number;
  /** What "vs original" compares with: the original site client unless said. */
  original?: number;
  /** Source modules whose chunks the page fetches once it runs, as the back office fetches its console after sign-in. */
  thenLoads?: string[];
}

const PAGES: PageSpec[] = [
  { label: 'Home', path: () => '/', budget: 10_240 },
  { label: 'Facilities list', path: () => '/facilities-list', budget: 15_360 },
  { label: 'Facility detail', path: (id) => `/facilities/${id}`, budget: 15_360 },
  { label: 'Booking', path: (id) => `/facility-booking/${id}`, budget: 61_440 },
  { label: 'Find a court', path: () => '/find', budget: 20_480 },
  { label: 'Booking step', path: (id) => `/book?facility=${id}&date=2100-01-01&start=10:00&end=11:00` },
  { label: 'Dashboard', path: () => '/dashboard' },
  { label: 'My bookings', path: () => '/dashboard/userBookings' },
  { label: 'Checkout', path: () => '/dashboard/checkoutForPayment' },
  { label: 'Login', path: () => '/login', budget: 5_120 },
  { label: 'Forgot password', path: () => '/forgot-password', budget: 5_120 },
  { label: 'Reset password', path: () => '/reset-password?token=x', budget: 5_120 },
  { label: 'Contact', path: () => '/contact-us' },
  { label: 'Back office: sign-in', path: () => '/admin/', budget: 204_800, original: ORIGINAL_ADMIN_BYTES },
  { label: 'Back office: dashboard', path: () => '/admin/', budget: 204_800, original: ORIGINAL_ADMIN_BYTES, thenLoads: ['src/console.ts'] },
];

/** The URL of the chunk Vite built for an admin source module (admin/vite.config.ts writes the manifest). */
function adminChunk(source: string): string {
  const manifest = JSON.parse(readFileSync(ADMIN_MANIFEST, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`admin/dist has no chunk for ${source}: rebuild the back office (npm run build -w admin)`);
  return `/admin/${chunk.file}`;
}


async function waitForHealth(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  // Migrating and seeding a fresh database takes over a minute on a busy 2-core machine.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${origin}/api/health within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3])!.replace(/&amp;/g, '&') : undefined;
};

const NON_JS_TYPES = /^(application\/(ld\+)?json|importmap|speculationrules|text\/(template|html|plain))$/i;

/** External script URLs and inline script bodies of one HTML page. */
function scriptsOf(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = `<script ${m[1]}>`;
    const type = attr(tag, 'type');
    if (type && NON_JS_TYPES.test(type)) continue;
    const src = attr(tag, 'src');
    if (src) urls.push(src);
    else if (m[2]!.trim()) inline.push(m[2]!);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(m[0], 'rel')?.toLowerCase() ?? '';
    const href = attr(m[0], 'href');
    if (href && (rel.split(/\s+/).includes('modulepreload') || (rel.includes('preload') && attr(m[0], 'as') === 'script'))) urls.push(href);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(m[0], name);
      if (url) urls.push(url);
    }
  }
  return { urls, inline };
}

/** Module specifiers a script imports: static (`import`/`export ... from`) and dynamic (`import()`), string literals only. */
function importsOf(code: string): { static: string[]; dynamic: string[] } {
  const q = `["'\`]`;
  const spec = `${q}([^"'\`\\s]+?)${q}`;
  const local = (s: string) => /^(\.{1,2}\/|\/|https?:)/.test(s);
  const dynamicRe = new RegExp(`\\bimport\\s*\\(\\s*${spec}\\s*\\)`, 'g');
  const staticRe = new RegExp(`\\b(?:import|export)\\s*(?:[\\w$*{}\\s,]+?\\s*from\\s*)?${spec}`, 'g');
  const dynamic = [...code.matchAll(dynamicRe)].map((m) => m[1]!).filter(local);
  const withoutDynamic = code.replace(dynamicRe, '');
  return { static: [...withoutDynamic.matchAll(staticRe)].map((m) => m[1]!).filter(local), dynamic };
}

const gzipCache = new Map<string, { raw: number; gz: number }>();
const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

type Sizes = Map<string, { raw: number; gz: number }>;

async function measure(origin: string, path: string, thenLoads: string[] = []) {
  const res = await fetch(origin + path, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  const html = await res.text();
  const pageUrl = new URL(path, origin);
  const { urls, inline } = scriptsOf(html);
  const resolve = (spec: string, base: URL) => {
    const url = new URL(spec, base);
    if (url.origin !== origin) throw new Error(`${path} loads a script from another origin: ${url.href}`);
    return url.pathname;
  };
  const fetchSized = async (key: string) => {
    const fileRes = await fetch(origin + key);
    if (!fileRes.ok) throw new Error(`${path} loads ${key}, which answered ${fileRes.status}`);
    const code = await fileRes.text();
    let size = gzipCache.get(key);
    if (!size) {
      size = { raw: Buffer.byteLength(code), gz: gz(code) };
      gzipCache.set(key, size);
    }
    return { code, size };
  };
  /** Breadth-first over static imports; dynamic import() targets are handed back. */
  const walk = async (start: string[], into: Sizes, skip: Sizes, followDynamic: boolean) => {
    const queue = [...new Set(start)].filter((k) => !into.has(k) && !skip.has(k));
    const lazy: string[] = [];
    while (queue.length > 0) {
      const key = queue.shift()!;
      if (into.has(key) || skip.has(key)) continue;
      const { code, size } = await fetchSized(key);
      into.set(key, size);
      const found = importsOf(code);
      const base = new URL(key, origin);
      for (const spec of found.static) queue.push(resolve(spec, base));
      for (const spec of found.dynamic) (followDynamic ? queue : lazy).push(resolve(spec, base));
    }
    return lazy;
  };

  let inlineRaw = 0;
  let inlineGz = 0;
  const entries = [...urls, ...thenLoads.map(adminChunk)].map((u) => resolve(u, pageUrl));
  for (const code of inline) {
    inlineRaw += Buffer.byteLength(code);
    inlineGz += gz(code);
    const found = importsOf(code);
    for (const spec of [...found.static, ...found.dynamic]) entries.push(resolve(spec, pageUrl));
  }
  const files: Sizes = new Map();
  const lazyStarts = await walk(entries, files, new Map(), false);
  const lazyFiles: Sizes = new Map();
  await walk(lazyStarts, lazyFiles, files, true);

  const sum = (m: Sizes, k: 'raw' | 'gz') => [...m.values()].reduce((n, f) => n + f[k], 0);
  return { files, lazyFiles, inlineCount: inline.length, inlineGz, total: sum(files, 'gz') + inlineGz, raw: sum(files, 'raw') + inlineRaw, lazy: sum(lazyFiles, 'gz') };
}

const fmt = (n: number) => n.toLocaleString('en-US');

async function main(): Promise<number> {
  if (!existsSync(join(root, 'site', 'dist', 'server', 'entry.mjs')) || !existsSync(ADMIN_MANIFEST)) {
    console.error('No built site (site/dist/server/entry.mjs) or back office (admin/dist/.vite/manifest.json). Run `npm run build` first.');
    return 1;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'courtside-size-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ADMIN_EMAIL: 'size@courtside.test', ADMIN_PASSWORD: 'size-script-only-Pw-1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForHealth(origin, child, () => output);
    const list = (await (await fetch(`${origin}/api/facility`, { headers: { accept: 'application/json' } })).json()) as { data: { _id: string }[] };
    const facilityId = list.data[0]?._id;
    if (!facilityId) throw new Error('the demo catalogue is empty');

    const rows: { label: string; path: string; files: number; inline: number; total: number; raw: number; lazy: number; budget?: number; original: number; status: string }[] = [];
    const details: string[] = [];
    for (const page of PAGES) {
      const path = page.path(facilityId);
      const m = await measure(origin, path, page.thenLoads);
      const status = page.budget === undefined ? 'reported' : m.total <= page.budget ? 'PASS' : 'FAIL';
      rows.push({ label: page.label, path, files: m.files.size, inline: m.inlineCount, total: m.total, raw: m.raw, lazy: m.lazy, budget: page.budget, original: page.original ?? ORIGINAL_BYTES, status });
      const fileLines = [...m.files.entries()].sort((a, b) => b[1].gz - a[1].gz).map(([k, v]) => `  ${k}: ${fmt(v.gz)} B gzipped (${fmt(v.raw)} B raw)`);
      if (m.inlineCount) fileLines.push(`  ${m.inlineCount} inline script(s): ${fmt(m.inlineGz)} B gzipped`);
      for (const [k, v] of m.lazyFiles) fileLines.push(`  (on demand only) ${k}: ${fmt(v.gz)} B gzipped`);
      const then = page.thenLoads?.length ? `, then ${page.thenLoads.join(', ')}` : '';
      details.push(`${page.label} (${path}${then}):\n${fileLines.join('\n') || '  no JavaScript'}`);
    }

    const header = ['Page', 'Path', 'JS files', 'Inline', 'Gzipped JS (B)', 'Budget (B)', 'Result', 'vs original', 'On demand (B)'];
    const lines = rows.map((r) => [
      r.label,
      r.path.replace(facilityId, ':id'),
      String(r.files),
      String(r.inline),
      fmt(r.total),
      r.budget === undefined ? '-' : fmt(r.budget),
      r.status,
      `${((r.total / r.original) * 100).toFixed(1)}%`,
      r.lazy ? `+${fmt(r.lazy)}` : '0',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const textRow = (cells: string[]) => cells.map((c, i) => (i >= 2 && i !== 6 && i !== 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
    console.log(`\nJavaScript per page, gzipped (zlib level 9, each file once per page). The original client: ${fmt(ORIGINAL_BYTES)} B on every page.\n`);
    console.log(textRow(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const l of lines) console.log(textRow(l));
    console.log(`\n${details.join('\n')}\n`);

    const failed = rows.filter((r) => r.status === 'FAIL');
    const md = [
      '# JavaScript per page',
      '',
      'Written by `npm run size` (scripts/size.ts) from the built site: every script a page loads',
      '(`<script src>`, module preloads, Astro island component and renderer URLs, inline scripts, and',
      'their static `import`s followed transitively), each file gzipped once (zlib level 9) and counted once per page.',
      '"On demand" is code behind a dynamic `import()` that the page fetches only when needed (not counted against the budget).',
      `Budgets per page as listed. The original single-page client shipped **${fmt(ORIGINAL_BYTES)} bytes** gzipped on every page.`,
      '',
      'The back office (`/admin/`, react-admin) is measured at its first screen: the sign-in page, and the dashboard right after',
      'sign-in, which is the sign-in page\'s files plus the console chunk (layout and dashboard, `src/console.ts`) the app then',
      'fetches, found in `admin/dist/.vite/manifest.json`; every other screen is a chunk fetched on first visit ("on demand").',
      `Both against 200 KB; "vs original" compares them with the single bundle the back office shipped before (**${fmt(ORIGINAL_ADMIN_BYTES)} bytes**).`,
      'Most of it is what any react-admin screen needs before it can draw: React DOM, react-router (its plain HashRouter),',
      'MUI with emotion, react-admin\'s core and TanStack Query; the console\'s frame (app bar, menu, user menu) is drawn from',
      'MUI\'s plain parts, without the tooltip, popover and drawer code of react-admin\'s. The largest files are listed below.',
      '',
      `| ${header.join(' | ')} |`,
      `| ${header.map((_, i) => (i >= 2 && i !== 6 ? '---:' : '---')).join(' | ')} |`,
      ...lines.map((l) => `| ${l.map((c, i) => (i === 1 ? `\`${c}\`` : c)).join(' | ')} |`),
      '',
      failed.length ? `**${failed.length} page(s) over budget:** ${failed.map((r) => r.label).join(', ')}.` : 'Every budgeted page is within its budget.',
      '',
      '## Files per page',
      '',
      '```',
      details.join('\n\n').replaceAll(facilityId, ':id'),
      '```',
      '',
    ].join('\n');
    mkdirSync(join(root, 'docs'), { recursive: true });
    writeFileSync(join(root, 'docs', 'SIZE.md'), md);
    console.log(`Written to docs/SIZE.md. ${failed.length ? `${failed.length} page(s) over budget: ${failed.map((r) => r.label).join(', ')}.` : 'Every budgeted page is within its budget.'}`);
    return strict && failed.length ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`size: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
