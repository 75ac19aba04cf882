/**
 * `npm run map`: the picture a new maintainer needs before changing code.
 * - which part imports which (workspaces, and the API's layers), counted in import lines;
 * - import cycles between modules (value imports; `import type` is erased and cannot loop);
 * - the largest functions of the product's source (tests and tools left out).
 * - writes to the bookings table outside the bookings repository (it owns every one of them).
 * `--check` exits 1 when a cycle or such a write exists; `npm run lint` runs it that way.
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SOURCE_DIRS = ['domain/src', 'contracts/src', 'browser/src', 'migrations/src', 'api/src', 'site/src', 'admin/src', 'harness', 'bench', 'prove', 'scripts', 'e2e/support', 'e2e/tests'];
const EXTENSIONS = ['.ts', '.tsx', '.mts'];
const check = process.argv.includes('--check');

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** `@courtside/<name>[/<sub>]` -> the file its package.json `exports` names. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const ws of root.workspaces) {
    const pkgPath = join(ROOT, ws, 'package.json');
    if (!existsSync(pkgPath)) continue;
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { name: string; exports?: Record<string, string | Record<string, string>> };
    for (const [key, target] of Object.entries(pkg.exports ?? {})) {
      const file = typeof target === 'string' ? target : (target.import ?? target.default);
      if (file) entries.set(pkg.name + key.slice(1), join(ROOT, ws, file));
    }
  }
  return entries;
}

function resolveImport(from: string, spec: string, entries: Map<string, string>): string | undefined {
  if (entries.has(spec)) return entries.get(spec);
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, 'index' + e))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

interface Module {
  path: string;
  imports: { target: string; typeOnly: boolean }[];
  source: ts.SourceFile;
}

function parse(path: string, entries: Map<string, string>): Module {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const imports: Module['imports'] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const target = resolveImport(path, spec, entries);
    if (target) imports.push({ target, typeOnly });
  };
  for (const stmt of source.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const clause = stmt.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(stmt.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)) {
      add(stmt.moduleSpecifier.text, stmt.isTypeOnly);
    }
  }
  return { path, imports, source };
}

/** The part a file belongs to: a workspace, and for the API its layer. */
function partOf(path: string): string {
  const rel = relative(ROOT, path);
  const [top, second, third] = rel.split('/');
  // The API's top-level files (app.ts, config.ts, server.ts) are parts of their own.
  if (top === 'api' && second === 'src') return `api/${third!.replace(/\.tsx?$/, '')}`;
  if (top === 'api') return `api/${second}`;
  if (top === 'e2e') return 'e2e';
  return top!;
}

/** Tarjan's strongly connected components over value imports: every component larger than one file is a cycle. */
function cycles(modules: Map<string, Module>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const { target, typeOnly } of modules.get(v)?.imports ?? []) {
      if (typeOnly || !modules.has(target)) continue;
      if (!idx.has(target)) {
        visit(target);
        low.set(v, Math.min(low.get(v)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(v, Math.min(low.get(v)!, idx.get(target)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(ROOT, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of modules.keys()) if (!idx.has(v)) visit(v);
  return found;
}

const isTest = (path: string) => /\.(test|spec)\.tsx?$/.test(path) || /(^|\/)(test|tests|e2e)\//.test(relative(ROOT, path)) || relative(ROOT, path).includes('test-support');
const isProduct = (path: string) => /^(domain|contracts|browser|migrations|api|site|admin)\//.test(relative(ROOT, path)) && !isTest(path);

/** Every named function, method and function-valued const of the product, with its length in lines. */
function functionSizes(modules: Map<string, Module>): { name: string; where: string; lines: number }[] {
  const sizes: { name: string; where: string; lines: number }[] = [];
  for (const { path, source } of modules.values()) {
    if (!isProduct(path)) continue;
    const visit = (node: ts.Node) => {
      let name: string | undefined;
      let body: ts.Node | undefined;
      if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.body) {
        name = node.name?.getText(source) ?? '(default)';
        body = node;
      } else if (ts.isVariableDeclaration(node) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
        name = node.name.getText(source);
        body = node.initializer;
      }
      if (name && body) {
        const start = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(body.getEnd()).line;
        sizes.push({ name, where: `${relative(ROOT, path)}:${start + 1}`, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sizes.sort((a, b) => b.lines - a.lines);
}

const entries = workspaceEntries();
const modules = new Map<string, Module>();
for (const dir of SOURCE_DIRS) for (const path of walk(join(ROOT, dir))) modules.set(path, parse(path, entries));

const edges = new Map<string, { all: number; types: number }>();
for (const m of modules.values()) {
  if (isTest(m.path)) continue;
  for (const { target, typeOnly } of m.imports) {
    const [from, to] = [partOf(m.path), partOf(target)];
    if (from === to) continue;
    const edge = edges.get(`${from} -> ${to}`) ?? { all: 0, types: 0 };
    edge.all += 1;
    if (typeOnly) edge.types += 1;
    edges.set(`${from} -> ${to}`, edge);
  }
}
const found = cycles(modules);

const BOOKINGS_OWNER = 'api/src/repositories/bookings.ts';
const BOOKINGS_WRITE = /(updateTable|insertInto|deleteFrom)\(\s*'bookings'|\b(UPDATE|INSERT INTO|DELETE FROM)\s+bookings\b/;
const strayWrites = [...modules.values()]
  .filter((m) => relative(ROOT, m.path).startsWith('api/src/') && relative(ROOT, m.path) !== BOOKINGS_OWNER)
  .flatMap((m) => m.source.text.split('\n').flatMap((line, i) => (BOOKINGS_WRITE.test(line) ? [`${relative(ROOT, m.path)}:${i + 1}`] : [])));

if (!check) {
  console.log(`# Code map (${modules.size} files)\n\n## Imports between parts (product and tool source, tests left out; import lines)\n`);
  for (const [edge, n] of [...edges].sort()) console.log(`- ${edge}: ${n.all}${n.types ? ` (${n.types === n.all ? 'all' : n.types} type-only)` : ''}`);
  console.log('\n## Largest functions (product source)\n');
  for (const f of functionSizes(modules).slice(0, 15)) console.log(`- ${f.lines} lines  ${f.name}  ${f.where}`);
  console.log('');
}
if (found.length === 0) console.log('import cycles: none');
else {
  console.log(`import cycles: ${found.length}`);
  for (const c of found) console.log(`- ${c.join(' <-> ')}`);
}
if (strayWrites.length === 0) console.log(`writes to bookings outside ${BOOKINGS_OWNER}: none`);
else {
  console.log(`writes to bookings outside ${BOOKINGS_OWNER}: ${strayWrites.length}`);
  for (const w of strayWrites) console.log(`- ${w}`);
}
if (check && (found.length > 0 || strayWrites.length > 0)) process.exit(1);
