/**
 * (f) axe finds no serious or critical violation on any main page (signed out and signed in),
 * and each page is kept as a screenshot at desktop and phone widths
 * (test-results/screenshots/<name>-<width>.png).
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures.ts';
import { demoFacilities, signUpAndLogin, useSession, type Session } from '../support/api.ts';
import { MAIN_PAGES } from '../support/pages.ts';
import { snap } from '../support/screens.ts';

let facility = '';
let session: Session;
test.beforeAll(async ({ request }) => {
  facility = (await demoFacilities(request))[0]!._id;
  session = await signUpAndLogin(request, 'axe');
});

for (const main of MAIN_PAGES) {
  test(`${main.name}: no serious or critical axe violations`, async ({ page }) => {
    if (main.session) await useSession(page, session);
    const res = await page.goto(main.path({ facility }));
    expect(res?.status(), 'status').toBe(main.status ?? 200);
    await page.waitForLoadState('networkidle');
    if (main.ready) await expect(page.locator('main')).toContainText(main.ready);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const report = bad
      .map((v) => `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.split('\n').join('\n      ')}`).join('\n')}`)
      .join('\n');
    if (bad.length) console.log(`axe on ${main.name}:\n${report}`);
    await snap(page, main.name);
    expect(bad, `axe violations on ${main.name}:\n${report}`).toEqual([]);
  });
}

test('home with the FAQ, tips and testimonials interacted with: still no violations', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('booking-tips').getByRole('button', { name: 'Show More' }).click();
  await page.getByTestId('faq').locator('summary').nth(2).click();
  await page.getByTestId('testimonials').getByRole('button', { name: /next/i }).click();
  await page.evaluate(() => window.scrollTo(0, 600));
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
