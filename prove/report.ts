/**
 * docs/RELIABILITY.md is written by the proofs themselves: each proof owns one section,
 * replaced in place between its markers, so running one proof never erases another's figures.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export const RELIABILITY_MD = fileURLToPath(new URL('../docs/RELIABILITY.md', import.meta.url));

const HEADER = `# Courtside reliability figures

Every section below is written by \`npm run prove <name>\` (prove/). Each names the machine and the
date it was measured on; re-run a proof to refresh its section. Each check states what it wants.
`;

/** Where and when a figure was measured. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `${new Date().toISOString()} · Node ${process.version} · ${cpus.length} CPU(s) ${cpus[0]?.model.trim() ?? ''} · load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

/** Replaces (or appends) the section of one proof in docs/RELIABILITY.md. */
export function writeSection(proof: string, title: string, body: string): void {
  const begin = `<!-- proof:${proof} -->`;
  const end = `<!-- /proof:${proof} -->`;
  const section = `${begin}\n## ${title}\n\nMeasured: ${machineLine()}\n\n${body.trim()}\n${end}`;
  const current = existsSync(RELIABILITY_MD) ? readFileSync(RELIABILITY_MD, 'utf8') : HEADER;
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RELIABILITY_MD, next);
}

/** A proof script's entry point: exits 0 only when `main` says every check passed; a crash prints and exits 1. */
export function runProof(main: () => Promise<boolean>): void {
  main().then(
    (ok) => process.exit(ok ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
