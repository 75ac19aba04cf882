/**
 * (g) Content-Security-Policy: every main page loads with zero violations (console reports and
 * securitypolicyviolation events). The fixture in support/fixtures.ts applies the same check to
 * every page of every other test; the first test proves the detector really fires.
 */
import { test, expect } from '../support/fixtures.ts';
import { facilities, signUpAndLogin, useSession } from '../support/api.ts';
import { MAIN_PAGES } from '../support/pages.ts';

test('the detector catches a violation (a script from another origin)', async ({ page, pageProblems }) => {
  await page.goto('/about-us');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.src = 'https://cdn.example.invalid/x.js';
    document.head.append(s);
  });
  await expect.poll(() => pageProblems.filter((p) => p.kind === 'csp').length).toBeGreaterThan(0);
  pageProblems.length = 0; // expected here; the fixture would otherwise fail this test
});

test('the site sends a Content-Security-Policy header', async ({ request }) => {
  const res = await request.get('/');
  expect(res.headers()['content-security-policy']).toContain("default-src 'self'");
});

test('no CSP violation on any main page, signed out and signed in', async ({ page, request, pageProblems }) => {
  test.setTimeout(120_000);
  const facility = (await facilities(request))[0]!._id;
  const session = await signUpAndLogin(request, 'csp');
  for (const main of MAIN_PAGES.filter((p) => !p.session)) {
    await page.goto(main.path({ facility }));
    await page.waitForLoadState('networkidle');
  }
  await useSession(page, session);
  for (const main of MAIN_PAGES.filter((p) => p.session)) {
    await page.goto(main.path({ facility }));
    await page.waitForLoadState('networkidle');
  }
  // Interactive bits too: the carousel controls, the tips, a FAQ item, scrolling.
  await page.goto('/');
  await page.getByTestId('booking-tips').getByRole('button', { name: 'Show More' }).click();
  await page.getByTestId('faq').locator('summary').nth(1).click();
  await page.evaluate(() => window.scrollTo(0, 800));
  await page.waitForTimeout(300);
  const csp = pageProblems.filter((p) => p.kind === 'csp');
  expect(csp.map((p) => `${p.url}: ${p.detail}`)).toEqual([]);
});
