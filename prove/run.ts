/**
 * `npm run prove [name...]`: the long proofs, each bounded in time, each printing
 * its figures with PASS/FAIL and writing its section of docs/RELIABILITY.md. With no name,
 * all run in order. Needs PostgreSQL on 127.0.0.1:5432 (PROVE_ADMIN_URL to change it).
 * Exits 1 when any check failed.
 */
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

/** Each proof is a script beside this one; it exits 0 only when all its checks pass. */
const PROOFS: Record<string, string> = {
  contention: 'contention.ts',
  model: 'model.ts',
  faults: 'faults.ts',
  fuzz: 'fuzz.ts',
  security: 'security.ts',
  perf: 'perf.ts',
  enumeration: 'enumeration.ts',
  outbox: 'outbox.ts',
  waitlist: 'waitlist.ts',
  'door-codes': 'door-codes.ts',
  webhooks: 'webhooks.ts',
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PROOFS));
if (unknown.length) {
  console.error(`Unknown proof: ${unknown.join(', ')}. Known: ${Object.keys(PROOFS).join(', ')}.`);
  process.exit(2);
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const name of asked.length ? asked : Object.keys(PROOFS)) {
  console.log(`\n=== prove ${name} ===`);
  const started = performance.now();
  const run = spawnSync(process.execPath, [fileURLToPath(new URL(PROOFS[name]!, import.meta.url))], { stdio: 'inherit' });
  results.push({ name, ok: run.status === 0, seconds: (performance.now() - started) / 1000 });
}
console.log('\n=== prove summary ===');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(0)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
