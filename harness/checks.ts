/** A measured figure against what is wanted: how the proofs and the benchmark report their targets. */
export interface Check {
  name: string;
  measured: string;
  wanted: string;
  pass: boolean;
}

/** A Markdown table of checks, one row each with PASS/FAIL. */
export function checksTable(checks: Check[], firstColumn = 'check'): string {
  const rows = checks.map((c) => `| ${c.name} | ${c.measured} | ${c.wanted} | ${c.pass ? 'PASS' : 'FAIL'} |`);
  return [`| ${firstColumn} | measured | wanted | result |`, '|---|---|---|---|', ...rows].join('\n');
}

/** Prints each check with PASS/FAIL; returns whether all passed. */
export function printChecks(proof: string, checks: Check[]): boolean {
  for (const c of checks) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${proof}: ${c.name}: ${c.measured} (wanted ${c.wanted})`);
  return checks.every((c) => c.pass);
}
