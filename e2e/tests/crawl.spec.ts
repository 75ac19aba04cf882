/**
 * (e) No internal link answers 404. Breadth-first from / (signed out) and from /dashboard
 * (signed in as a customer and as the admin): every same-origin <a href> except the JSON API,
 * mailto: and tel:, fetched with redirects followed, at most ~200 URLs per crawl. Pages the
 * browser renders with a session (the dashboard islands) are read from the live DOM; the rest
 * from their HTML.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin, useSession, type Session } from '../support/api.ts';

const CAP = 200;

function internal(href: string, from: string, origin: string): string | null {
  if (/^(mailto|tel|javascript|data):/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, from);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (/^\/api\//.test(url.pathname)) return null;
  url.hash = '';
  return url.pathname + url.search;
}

const hrefsIn = (html: string) => [...html.matchAll(/<a\b[^>]*?\shref\s*=\s*("([^"]*)"|'([^']*)')/gi)].map((m) => (m[2] ?? m[3] ?? '').replace(/&amp;/g, '&'));

async function domHrefs(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
}

async function crawl(page: Page, request: APIRequestContext, origin: string, start: string, signedIn: boolean) {
  const seen = new Set<string>([start]);
  const queue = [start];
  const broken: string[] = [];
  const referrer = new Map<string, string>();
  let visited = 0;
  while (queue.length > 0 && visited < CAP) {
    const path = queue.shift()!;
    visited++;
    let hrefs: string[] = [];
    const res = await request.get(path, { headers: { accept: 'text/html' }, failOnStatusCode: false });
    if (res.status() === 404) broken.push(`${path} (linked from ${referrer.get(path) ?? 'start'})`);
    const finalPath = new URL(res.url()).pathname;
    const html = (res.headers()['content-type'] ?? '').includes('text/html');
    if (res.ok() && html) {
      // Island pages show their links only once rendered with the session.
      const live = path === start || (signedIn && /^\/(dashboard|facility-booking|payment)(\/|$)/.test(finalPath));
      hrefs = live ? await domHrefs(page, path) : hrefsIn(await res.text());
    }
    for (const href of hrefs) {
      const next = internal(href, origin + finalPath, origin);
      if (next && !seen.has(next)) {
        seen.add(next);
        referrer.set(next, path);
        queue.push(next);
      }
    }
  }
  return { visited, broken, seen: seen.size };
}

test.describe('crawl', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out, from /: no internal link answers 404', async ({ page, request, baseURL }) => {
    const result = await crawl(page, request, new URL(baseURL!).origin, '/', false);
    console.log(`crawl (signed out): ${result.visited} URLs visited, ${result.seen} found`);
    expect(result.visited).toBeGreaterThan(10);
    expect(result.broken, `404s:\n${result.broken.join('\n')}`).toEqual([]);
  });

  for (const who of ['customer', 'admin'] as const) {
    test(`signed in as the ${who}, from /dashboard: no internal link answers 404`, async ({ page, request, baseURL }) => {
      const session: Session = who === 'admin' ? await loginAdmin(request) : await signUpAndLogin(request, 'crawler');
      await useSession(page, session);
      const result = await crawl(page, request, new URL(baseURL!).origin, '/dashboard', true);
      console.log(`crawl (${who}): ${result.visited} URLs visited, ${result.seen} found`);
      expect(result.visited).toBeGreaterThan(5);
      expect(result.broken, `404s:\n${result.broken.join('\n')}`).toEqual([]);
    });
  }
});
