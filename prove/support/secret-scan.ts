/**
 * No secrets in the repository: every file git tracks (and every untracked file it would add:
 * the next commit's content) is searched for private keys, live or test payment keys, tokens
 * of the usual providers, credentials inside URLs, filled-in .env files and hard-coded JWT
 * secrets. Test fixtures may hold only obviously fake values, which these patterns do not
 * match (e.g. `sk_test_courtside`: real keys carry a long random tail).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Finding {
  file: string;
  line: number;
  kind: string;
  /** The match with its middle masked, so a report never repeats a secret. */
  excerpt: string;
}

interface Rule {
  kind: string;
  pattern: RegExp;
  /** A line these words make obviously fake (placeholders in docs and tests) holds no finding. */
  fakeIf?: RegExp;
}

const PLACEHOLDER = /example|placeholder|changeme|change-me|dummy|fake|xxxx|\.\.\.|…|<[^>]*>|\$\{|\$\(/i;

export const RULES: Rule[] = [
  { kind: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY( BLOCK)?-----/ },
  { kind: 'Stripe secret or restricted key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}/ },
  { kind: 'Stripe webhook secret', pattern: /\bwhsec_[A-Za-z0-9+/]{24,}/ },
  { kind: 'AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { kind: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})/ },
  { kind: 'Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { kind: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { kind: 'signed JWT', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/ },
  {
    kind: 'password inside a URL',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"`]+:[^\s:/@'"`]{4,}@/i,
    fakeIf: new RegExp(`${PLACEHOLDER.source}|:(pass|password|secret|test|postgres)@`, 'i'),
  },
  {
    kind: 'hard-coded secret',
    pattern: /\b(?:JWT_SECRET|SECRET_KEY|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|API_KEY|PRIVATE_KEY|ADMIN_PASSWORD)\b\s*[:=]\s*['"]?[A-Za-z0-9+/=_\-]{24,}/,
    fakeIf: PLACEHOLDER,
  },
];

/** .env files may be committed only as templates: every value empty or a placeholder. */
const ENV_FILE = /(^|\/)\.env(\.[^/]*)?$/;
const ENV_TEMPLATE = /(^|\/)\.env\.(example|sample|template|dist)$/;

const mask = (text: string) => (text.length <= 12 ? `${text.slice(0, 4)}…` : `${text.slice(0, 8)}…${text.slice(-2)}`);

/** Findings in one text (a file's content, or a test's planted sample). */
export function scanText(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const rule of RULES) {
      const m = rule.pattern.exec(line);
      if (m && !(rule.fakeIf && rule.fakeIf.test(line))) findings.push({ file, line: i + 1, kind: rule.kind, excerpt: mask(m[0]) });
    }
    if (ENV_FILE.test(file)) {
      const kv = /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=\s*(.*)$/.exec(line);
      const value = kv?.[2]?.trim().replace(/^['"]|['"]$/g, '') ?? '';
      if (kv && value && !(ENV_TEMPLATE.test(file) && PLACEHOLDER.test(value))) {
        findings.push({ file, line: i + 1, kind: '.env file with a value', excerpt: `${kv[1]}=${mask(value)}` });
      }
    }
  });
  return findings;
}

/** The files of the repository at `root`: tracked, plus untracked ones that are not ignored. */
export function repositoryFiles(root: string): string[] {
  const run = (args: string[]) => {
    const out = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (out.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${out.stderr}`);
    return out.stdout.split('\0').filter(Boolean);
  };
  return [...new Set([...run(['ls-files', '-z']), ...run(['ls-files', '-z', '--others', '--exclude-standard'])])].sort();
}

/** Scans the repository; binary and very large files are skipped (and counted). */
export function scanRepository(root: string): { files: number; skipped: number; findings: Finding[] } {
  const findings: Finding[] = [];
  let files = 0;
  let skipped = 0;
  for (const file of repositoryFiles(root)) {
    const path = join(root, file);
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      continue; // deleted in the working tree
    }
    const buffer = size <= 5_000_000 ? readFileSync(path) : undefined;
    if (!buffer || buffer.subarray(0, 8_000).includes(0)) {
      skipped++;
      continue;
    }
    files++;
    findings.push(...scanText(file, buffer.toString('utf8')));
  }
  return { files, skipped, findings };
}
