/**
 * (e) No internal link answers an error (any status of 400 or more). Breadth-first from / (signed out) and from /dashboard
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

/** The links a page shows: island pages (signed in) from the live DOM, the rest from their HTML. */
async function linksOf(page: Page, request: APIRequestContext, path: string, start: string, signedIn: boolean): Promise<{ status: number; finalPath: string; hrefs: string[] }> {
  const res = await request.get(path, { headers: { accept: 'text/html' }, failOnStatusCode: false });
  const finalPath = new URL(res.url()).pathname;
  const html = (res.headers()['content-type'] ?? '').includes('text/html');
  if (!res.ok() || !html) return { status: res.status(), finalPath, hrefs: [] };
  // Island pages show their links only once rendered with the session.
  const live = path === start || (signedIn && /^\/(dashboard|facility-booking|payment)(\/|$)/.test(finalPath));
  return { status: res.status(), finalPath, hrefs: live ? await domHrefs(page, path) : hrefsIn(await res.text()) };
}

async function crawl(page: Page, request: APIRequestContext, origin: string, start: string, signedIn: boolean) {
  const seen = new Set<string>([start]);
  const queue = [start];
  const failed: { path: string; status: number }[] = [];
  const referrer = new Map<string, string>();
  let visited = 0;
  while (queue.length > 0 && visited < CAP) {
    const path = queue.shift()!;
    visited++;
    const { status, finalPath, hrefs } = await linksOf(page, request, path, start, signedIn);
    if (status >= 400) failed.push({ path, status });
    for (const href of hrefs) {
      const next = internal(href, origin + finalPath, origin);
      if (next && !seen.has(next)) {
        seen.add(next);
        referrer.set(next, path);
        queue.push(next);
      }
    }
  }
  // A failing link counts when the page still links there. Other specs add and
  // remove facilities of their own while this one runs: a facility removed after its card was
  // read is no longer linked by the time it is checked again.
  const broken: string[] = [];
  for (const { path, status } of failed) {
    const from = referrer.get(path);
    const again = from ? await linksOf(page, request, from, start, signedIn) : undefined;
    const stillLinked = !again || again.hrefs.some((href) => internal(href, origin + again.finalPath, origin) === path);
    if (stillLinked) broken.push(`${path} answered ${status}, linked from ${from ?? 'the start'}`);
  }
  return { visited, broken, seen: seen.size };
}

test.describe('crawl', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out, from /: no internal link answers an error', async ({ page, request, baseURL }) => {
    const result = await crawl(page, request, new URL(baseURL!).origin, '/', false);
    console.log(`crawl (signed out): ${result.visited} URLs visited, ${result.seen} found`);
    expect(result.visited).toBeGreaterThan(10);
    expect(result.broken, `links answering 400 or more:\n${result.broken.join('\n')}`).toEqual([]);
  });

  for (const who of ['customer', 'admin'] as const) {
    test(`signed in as the ${who}, from /dashboard: no internal link answers an error`, async ({ page, request, baseURL }) => {
      const session: Session = who === 'admin' ? await loginAdmin(request) : await signUpAndLogin(request, 'crawler');
      await useSession(page, session);
      const result = await crawl(page, request, new URL(baseURL!).origin, '/dashboard', true);
      console.log(`crawl (${who}): ${result.visited} URLs visited, ${result.seen} found`);
      expect(result.visited).toBeGreaterThan(5);
      expect(result.broken, `links answering 400 or more:\n${result.broken.join('\n')}`).toEqual([]);
    });
  }
});
