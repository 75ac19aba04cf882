/**
 * What a browser is sent: pages come compressed as they are rendered (brotli), the site's and
 * the back office's scripts precompressed (brotli, written at build time beside each asset), a
 * day's search gzipped, and each says it varies by Accept-Encoding. Chromium decodes them itself, so the pages working is the rest of
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

test("the Find a court page itself, its scripts as brotli and its search as gzip", async ({ page }) => {
  const loaded = await responsesOf(page, '/find', /^\/(find$|_astro\/.+\.js$)/);
  const html = loaded.find((res) => new URL(res.url()).pathname === '/find');
  // The page is compressed as the server renders it (a whole day's page is ~300 KB of HTML).
  const pageHeaders = await html!.allHeaders();
  expect(pageHeaders['content-encoding']).toBe('br');
  expect(pageHeaders.vary).toContain('accept-encoding');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a court' })).toBeVisible();

  const scripts = loaded.filter((res) => res !== html);
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
