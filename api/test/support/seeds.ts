/**
 * The seeds a generated test (the fuzzer, the model-based property) runs from: a few fixed seeds,
 * chosen so that its coverage checks hold on every run (a fixed seed replays the same requests),
 * and one new seed per run, which explores further and is printed. Its correctness checks fail
 * the run like a fixed seed's; its coverage is only reported, since a new seed may be unlucky.
 * Setting the named variable to a printed seed runs that seed in place of the new one.
 */
import { randomInt } from 'node:crypto';

export interface SeedRun {
  seed: number;
  /** One of the fixed seeds, whose coverage checks must hold. */
  fixed: boolean;
  /** For test names and logs: which seed, and how to replay it. */
  label: string;
}

export function seedRuns(replayVariable: string, fixedSeeds: readonly number[]): SeedRun[] {
  const given = process.env[replayVariable]?.trim();
  const seed = given ? Number(given) : randomInt(1_000_000);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`${replayVariable} must be a seed (a whole number, as printed), not "${given}"`);
  const explore = given ? `replayed seed ${seed} (${replayVariable})` : `new seed ${seed} (replay: ${replayVariable}=${seed})`;
  return [...fixedSeeds.map((s) => ({ seed: s, fixed: true, label: `fixed seed ${s}` })), { seed, fixed: false, label: explore }];
}

/** The named coverage checks a run missed (empty when it reached every one). */
export function missedChecks(checks: Record<string, boolean>): string[] {
  return Object.entries(checks).filter(([, hit]) => !hit).map(([name]) => name);
}

/** A new seed's missed coverage: printed loudly, not failed (the fixed seeds hold it). */
export function reportMissedCoverage(run: SeedRun, missed: string[]): void {
  if (run.fixed || missed.length === 0) return;
  console.warn(`!! ${run.label} did not reach: ${missed.join('; ')}. Not a failure for a new seed: the fixed seeds' tests require it.`);
}
