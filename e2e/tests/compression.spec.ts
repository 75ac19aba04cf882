/**
 * What a browser is sent: the site's and the back office's scripts come precompressed (brotli,
 * written at build time beside each asset), a day's search comes gzipped, and each says it
 * varies by Accept-Encoding. Chromium decodes them itself, so the pages working is the rest of
 * the proof (every other spec).
 */
import type { Page, Response } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate } from '../support/api.ts';

/** The responses of one page load whose address matches `pattern`, once the page is idle. */
async function responsesOf(page: Page, path: string, pattern: RegExp): Promise<Response[]> {
  const seen: Response[] = [];
  page.on('response', (res) => {
    if (pattern.test(new URL(res.url()).pathname)) seen.push(res);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return seen;
}

test("the Find a court page's scripts arrive as brotli and its search as gzip", async ({ page }) => {
  const scripts = await responsesOf(page, '/find', /^\/_astro\/.+\.js$/);
  expect(scripts.length).toBeGreaterThan(0);
  for (const res of scripts) {
    const headers = await res.allHeaders();
    expect(headers.vary, res.url()).toContain('accept-encoding');
    // Files under 1 KB are not worth compressing and come as they are.
    if (Number(headers['content-length'] ?? 0) >= 1_024 || headers['content-encoding']) {
      expect(headers['content-encoding'], res.url()).toBe('br');
    }
  }
  expect(scripts.some((res) => res.headers()['content-encoding'] === 'br')).toBe(true);

  const search = await page.request.get(`/api/availability?date=${isoDate(1)}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  expect(search.status()).toBe(200);
  expect(search.headers()['content-encoding']).toBe('gzip');
  expect(search.headers().vary).toBe('accept-encoding');
  // Playwright decodes it as a browser does: the same JSON.
  expect((await search.json()).data.date).toBe(isoDate(1));
});

test("the back office's bundle arrives as brotli", async ({ page }) => {
  const assets = await responsesOf(page, '/admin/', /^\/admin\/assets\/.+\.(js|css)$/);
  expect(assets.length).toBeGreaterThan(0);
  const encodings = await Promise.all(assets.map(async (res) => (await res.allHeaders())['content-encoding']));
  expect(encodings).toContain('br');
  // That the decoded bundle runs is shown by every admin-*.spec.ts, which sign in through it.
});
