/**
 * The suite's `test`: every page a test opens (in its own context or any context it makes
 * with `watchContext`) is watched for Content-Security-Policy violations (console reports
 * and `securitypolicyviolation` events) and uncaught errors. A test that saw one fails after
 * its own steps, listing what was refused and on which page. `ownFacility` makes the test a
 * facility of its own to book.
 */
import { basename } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type { Facility } from './api.ts';
import { createFacility, type FacilityData } from './own-facility.ts';

export interface PageProblem {
  kind: 'csp' | 'pageerror';
  url: string;
  detail: string;
}

function watchPage(page: Page, problems: PageProblem[]): void {
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame|evaluate|run)/i.test(text)) {
      problems.push({ kind: 'csp', url: page.url(), detail: text });
    }
  });
  page.on('pageerror', (err) => problems.push({ kind: 'pageerror', url: page.url(), detail: err.stack ?? err.message }));
}

/** Starts watching a browser context (call before opening pages in it). */
export async function watchContext(context: BrowserContext, problems: PageProblem[]): Promise<void> {
  for (const page of context.pages()) watchPage(page, problems);
  context.on('page', (page) => watchPage(page, problems));
  await context.exposeBinding('__e2eReportCsp', ({ frame }, detail: string) => {
    problems.push({ kind: 'csp', url: frame.url(), detail });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eReportCsp?: (d: string) => void }).__e2eReportCsp;
      report?.(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber}${e.sample ? ` sample: ${e.sample}` : ''}`);
    });
  });
}

export function describeProblems(problems: PageProblem[]): string {
  return problems.map((p) => `  [${p.kind}] ${p.url}\n      ${p.detail.split('\n').slice(0, 6).join('\n      ')}`).join('\n');
}

/** What the browser met that a test does not assert on (console errors, failed or 5xx requests): printed when the test fails. */
function recordClues(context: BrowserContext, clues: string[]): void {
  const at = () => new Date().toISOString().slice(11, 23);
  context.on('console', (msg) => {
    if (msg.type() === 'error') clues.push(`${at()} console error on ${msg.page()?.url() ?? '?'}: ${msg.text()}`);
  });
  context.on('requestfailed', (req) => clues.push(`${at()} request failed: ${req.method()} ${req.url()} (${req.failure()?.errorText ?? '?'})`));
  context.on('response', (res) => {
    if (res.status() >= 500) clues.push(`${at()} ${res.status()} from ${res.request().method()} ${res.url()}`);
  });
}

export const test = base.extend<{ pageProblems: PageProblem[]; failureClues: void; ownFacility: (data?: FacilityData) => Promise<Facility> }>({
  failureClues: [
    async ({ context }, use, testInfo) => {
      const clues: string[] = [];
      recordClues(context, clues);
      await use();
      if (testInfo.status !== testInfo.expectedStatus && clues.length > 0) console.error(`What the browser met before the failure:\n  ${clues.slice(-40).join('\n  ')}`);
    },
    { auto: true },
  ],
  /** Makes a facility of this test's own (support/own-facility.ts), named after its spec file. */
  ownFacility: async ({ request }, use, testInfo) => {
    const label = basename(testInfo.file, '.spec.ts');
    await use((data) => createFacility(request, label, data));
  },
  pageProblems: [
    async ({ context }, use, testInfo) => {
      const problems: PageProblem[] = [];
      await watchContext(context, problems);
      await use(problems);
      if (problems.length === 0) return;
      const report = `${problems.length} page problem(s) while this test ran (CSP violations or uncaught errors):\n${describeProblems(problems)}`;
      if (testInfo.status === testInfo.expectedStatus) throw new Error(report);
      // The test failed already: its report says what the pages also met, which may be why.
      console.error(report);
    },
    { auto: true },
  ],
});

export { expect };
