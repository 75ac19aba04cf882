/**
 * Find a court, as a new player meets it, at desktop and phone sizes: from the home page's Book
 * Now to a free padel court tomorrow evening, one tap on its slot, sign-up, back on the booking
 * step with that slot chosen, Book, checkout with that slot held, payment on the sandbox page and the booking confirmed; another visitor's view stops
 * offering the slot after a reload. The same path with JavaScript off up to the sign-in step; a
 * slot taken between the tap and the hold; axe on the page with no violation at all.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, watchContext, type PageProblem } from '../support/fixtures.ts';
import { isoDate, newCustomer, signUpAndLogin, useSession } from '../support/api.ts';
import { SCREENSHOT_DIR, snap } from '../support/screens.ts';
import { signUpThroughForm } from '../support/sign-up.ts';
import { CLOCK_TIME, clock, hhmm, times } from '../support/clock.ts';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** "Padel Club Court, 5:00 PM to 6:00 PM, $32.50": what every free-slot chip is called (times on the venue's clock). */
const CHIP_NAME = new RegExp(`^(.+), (${CLOCK_TIME}) to (${CLOCK_TIME}), \\$\\d+\\.\\d\\d$`);

interface Chip {
  name: string;
  facility: string;
  start: string;
  end: string;
}

function chipOf(name: string): Chip {
  const m = CHIP_NAME.exec(name);
  expect(m, `chip name "${name}"`).not.toBeNull();
  return { name, facility: m![1]!, start: hhmm(m![2]!), end: hhmm(m![3]!) };
}

const finder = (page: Page) => page.locator('#find');

/** The island has taken over (changes apply in place from here on). */
async function live(page: Page): Promise<void> {
  await expect(finder(page)).toHaveAttribute('data-live', 'true');
}

/** The page is /find asking exactly this (in whatever order the form wrote it). */
async function asking(page: Page, query: Record<string, string>): Promise<void> {
  await expect.poll(() => {
    const url = new URL(page.url());
    return url.pathname === '/find' ? Object.fromEntries(url.searchParams) : null;
  }).toEqual(query);
}

async function axeClean(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`).join('\n');
  expect(results.violations, `axe on ${what}:\n${report}`).toEqual([]);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('a signed-out visitor finds a padel court for tomorrow evening, taps it, registers, pays and sees it confirmed; another visitor no longer sees it', async ({ page, browser, baseURL }) => {
      test.setTimeout(120_000);
      const tomorrow = isoDate(1);
      const findUrl = `/find?date=${tomorrow}&sport=padel&time=evening`;

      // Another visitor looking at the same view, in their own browser.
      const problems: PageProblem[] = [];
      const otherContext = await browser.newContext({ baseURL, viewport: size.viewport });
      await watchContext(otherContext, problems);
      const other = await otherContext.newPage();
      await other.goto(findUrl);

      await test.step('home: Book Now leads to Find a court, also linked from the header', async () => {
        await page.goto('/');
        await expect(page.getByRole('banner').getByRole('link', { name: 'Find a court' })).toBeVisible();
        await page.getByTestId('hero').getByRole('link', { name: 'Book Now' }).click();
        await expect(page).toHaveURL(/\/find$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Find a court' })).toBeVisible();
        await live(page);
      });

      await test.step('padel, tomorrow, evening: the list follows in place and the address can be shared', async () => {
        await page.getByLabel('Sport').selectOption('padel');
        await page.getByRole('link', { name: /^Tomorrow/ }).click();
        await page.getByRole('link', { name: /^Evening/ }).click();
        await expect(page.getByRole('status').filter({ hasText: /padel courts? free tomorrow evening/ })).toBeVisible();
        await asking(page, { date: tomorrow, sport: 'padel', time: 'evening' });
        await expect(page.getByRole('link', { name: /^Tomorrow/ })).toHaveAttribute('aria-current', 'true');
        await expect(page.getByLabel('Time', { exact: true })).toHaveValue('evening');
      });

      let chip: Chip;
      await test.step('every chip is a link named with the court, the times and the price; evening slots only', async () => {
        const chips = page.locator('#find-results a.slot-chip');
        await expect(chips.first()).toBeVisible();
        const names = await chips.evaluateAll((as) => as.map((a) => a.getAttribute('aria-label') ?? ''));
        for (const name of names) expect(Number(chipOf(name).start.slice(0, 2))).toBeGreaterThanOrEqual(17);
        chip = chipOf(names[0]!);
        expect(chip.facility).toMatch(/padel/i);
        await expect(page.getByRole('link', { name: chip.name, exact: true })).toBeVisible();
        await expect(other.getByRole('link', { name: chip.name, exact: true })).toBeVisible();
        await snap(page, 'find-a-court');
      });

      const customer = newCustomer('finder');
      await test.step('tap the slot: signed out, sign-up comes first and names it; "I have an account" keeps it too', async () => {
        await page.getByRole('link', { name: chip.name, exact: true }).click();
        await expect(page).toHaveURL(/\/register\?next=%2Fbook%3F/);
        await expect(page.locator('#picked-slot')).toContainText(`${chip.facility}, `);
        await expect(page.locator('#picked-slot')).toContainText(`${times(chip.start, chip.end)}`);
        await expect(page.locator('#picked-slot').getByRole('link', { name: 'I have an account' })).toHaveAttribute('href', /^\/login\?next=%2Fbook%3F/);
        await snap(page, 'find-a-court-register');
        await signUpThroughForm(page, customer);
      });

      await test.step('back on the booking step, that slot chosen with its length; Book holds it', async () => {
        await expect(page).toHaveURL(/\/book\?facility=/);
        await expect(page.getByLabel('Start time')).toHaveValue(chip.start);
        await expect(page.getByLabel('Length', { exact: true })).toHaveValue(chip.end);
        await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
      });

      await test.step('lands on checkout with that slot held', async () => {
        await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
        const line = page.locator('main .checkout-lines li', { hasText: chip.facility });
        await expect(line).toHaveCount(1);
        await expect(line).toContainText(`${times(chip.start, chip.end)}`);
        await expect(line).toContainText(/Held until/);
        await expect(page.locator('main').getByRole('link', { name: /Add another slot/ })).toBeVisible();
        await snap(page, 'find-a-court-checkout');
      });

      await test.step('pays on the sandbox page and sees it confirmed', async () => {
        await page.locator('main').getByRole('button', { name: /^Pay/ }).click();
        await expect(page).toHaveURL(/\/pay\/[^/]+$/);
        await page.getByRole('button', { name: /^Pay/ }).click();
        await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
        await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
        await page.goto('/dashboard/userBookings');
        const row = page.locator('main tr', { hasText: chip.facility }).filter({ hasText: clock(chip.start) });
        await expect(row).toHaveCount(1);
        await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
      });

      await test.step("the other visitor's view no longer offers it after a reload", async () => {
        await other.reload();
        await expect(other.getByRole('status')).toContainText(/free tomorrow evening/);
        await expect(other.getByRole('link', { name: chip.name, exact: true })).toHaveCount(0);
        await otherContext.close();
        expect(problems, 'page problems in the other visitor\'s browser').toEqual([]);
      });
    });

    test('with JavaScript off: the form and the list work up to the sign-in step, the choice kept', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: size.viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      const tomorrow = isoDate(1);
      try {
        await page.goto('/');
        await page.getByTestId('hero').getByRole('link', { name: 'Book Now' }).first().click();
        await expect(page).toHaveURL(/\/find$/);
        // The GET form: sport and time, then the day chip keeps them.
        await page.getByLabel('Sport').selectOption('padel');
        await page.getByLabel('Time', { exact: true }).selectOption('evening');
        await page.getByRole('button', { name: 'Show free courts' }).click();
        await asking(page, { date: isoDate(0), sport: 'padel', time: 'evening' });
        await page.getByRole('link', { name: /^Tomorrow/ }).click();
        await asking(page, { date: tomorrow, sport: 'padel', time: 'evening' });
        await expect(page.getByRole('status')).toContainText(/padel courts? free tomorrow evening/);

        const first = page.locator('#find-results a.slot-chip').first();
        const chip = chipOf((await first.getAttribute('aria-label'))!);
        await first.click();
        await expect(page).toHaveURL(/\/book\?facility=/);
        await expect(page.getByRole('heading', { level: 1, name: `Book ${chip.facility}` })).toBeVisible();
        await expect(page.locator('main')).toContainText(`${times(chip.start, chip.end)}`);
        // (snap scrolls with a script, which this browser does not run.)
        await page.screenshot({ path: `${SCREENSHOT_DIR}find-a-court-book-nojs-${size.viewport.width}.png`, fullPage: true });

        await page.getByRole('link', { name: 'Create an account' }).click();
        await expect(page).toHaveURL(/\/register\?next=%2Fbook%3F/);
        await expect(page.locator('#picked-slot')).toContainText(`${chip.facility}, `);
        await expect(page.locator('#picked-slot')).toContainText(`${times(chip.start, chip.end)}`);
        // (The sign-in step needs JavaScript; it says so in <noscript>, which text locators do not read.)
        expect(await page.content()).toContain('Registering needs JavaScript turned on.');
        // Log in instead: the choice travels with the visitor.
        await page.getByRole('link', { name: 'Log in' }).click();
        await expect(page).toHaveURL(/\/login\?next=%2Fbook%3F/);
        await expect(page.locator('#picked-slot')).toContainText(`${times(chip.start, chip.end)}`);
      } finally {
        await context.close();
      }
    });
  });
}

test('signed in, a slot taken between the tap and the hold: said so, the nearest free times offered, one of them held', async ({ page, request }) => {
  const tomorrow = isoDate(1);
  const answer = (await (await request.get(`/api/availability?date=${tomorrow}&sport=padel&from=17:00`)).json()) as {
    data: { facilities: { _id: string; name: string; slots: { startTime: string; endTime: string }[] }[] };
  };
  const court = answer.data.facilities.find((f) => f.slots.length >= 3);
  expect(court, 'a padel court with three free evening slots tomorrow').toBeTruthy();
  const wanted = court!.slots[1]!;
  const [player, rival] = [await signUpAndLogin(request, 'slow'), await signUpAndLogin(request, 'quick')];

  // The rival holds the slot the moment the player's hold is on its way.
  await page.route('**/api/bookings', async (route) => {
    if (route.request().method() === 'POST') {
      const taken = await request.post('/api/bookings', {
        headers: { authorization: `Bearer ${rival.token}` },
        data: { facility: court!._id, date: tomorrow, startTime: wanted.startTime, endTime: wanted.endTime },
      });
      expect(taken.status(), await taken.text()).toBe(201);
    }
    await route.continue();
  });
  await useSession(page, player);
  const stepHref = `/book?facility=${court!._id}&date=${tomorrow}&start=${encodeURIComponent(wanted.startTime)}&end=${encodeURIComponent(wanted.endTime)}`;
  await page.goto(stepHref);
  await expect(page.getByLabel('Start time')).toHaveValue(wanted.startTime);
  await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Booking summary' }).getByRole('alert')).toContainText('That slot was just taken. Please choose another time.');
  // The day's slots are read again: the taken one is no longer offered.
  await expect(page.getByLabel('Start time').locator('option', { hasText: clock(wanted.startTime) })).toHaveCount(0);
  await page.unroute('**/api/bookings');

  // Opened again (a reload, a shared link): the step says so, with the nearest free times that day.
  await page.goto(stepHref);
  const status = page.locator('#book-status');
  await expect(status).toContainText(`Sorry, ${times(wanted.startTime, wanted.endTime)} at ${court!.name} is no longer free.`);
  const offered = status.locator('a.slot-chip');
  await expect(offered.first()).toBeVisible();
  const names = await offered.evaluateAll((as) => as.map((a) => a.getAttribute('aria-label') ?? ''));
  expect(names.map((n) => chipOf(n).start)).not.toContain(wanted.startTime);
  expect(names.every((n) => chipOf(n).facility === court!.name)).toBe(true);
  await snap(page, 'find-a-court-taken');

  const instead = chipOf(names[0]!);
  await offered.first().click();
  await expect(page.getByLabel('Start time')).toHaveValue(instead.start);
  await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
  await expect(page.locator('main .checkout-lines li', { hasText: court!.name })).toContainText(`${times(instead.start, instead.end)}`);
});

test('Find a court has no axe violation: with results, after a change in place, and with nothing free', async ({ page }) => {
  await page.goto(`/find?date=${isoDate(1)}&sport=padel&time=evening`);
  await live(page);
  await expect(page.locator('#find-results a.slot-chip').first()).toBeVisible();
  await axeClean(page, '/find with results');
  // The keyboard moves through a court's slots with the arrow keys too.
  const slots = page.locator('#find-results ul.slot-chips').first().locator('a.slot-chip');
  await slots.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(slots.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(slots.first()).toBeFocused();

  // Nothing is free before 06:00: the answer says what to try instead.
  await page.getByLabel('Time', { exact: true }).selectOption('06:00');
  await expect(page.getByRole('status')).toContainText(/^No padel courts free tomorrow around 6:00 AM\./);
  await expect(page.locator('#find-results').getByRole('link', { name: /^Free in the (morning|afternoon|evening): \d+ slots?$/ }).first()).toBeVisible();
  await axeClean(page, '/find with nothing free');
  await snap(page, 'find-a-court-empty');

  // A suggestion is followed in place too.
  await page.locator('#find-results').getByRole('link', { name: /^Free in the evening/ }).click();
  await expect(page).toHaveURL(/time=evening/);
  await expect(page.locator('#find-results a.slot-chip').first()).toBeVisible();
  await axeClean(page, '/find after following a suggestion');
});

test('the facility list filters by sport too, in place and as a plain form, the choice in the URL', async ({ page, request, browser, baseURL }) => {
  const padel = (await (await request.get('/api/facility?sport=padel', { headers: { accept: 'application/json' } })).json()) as { data: { _id: string }[] };
  const padelIds = padel.data.map((f) => f._id).sort();
  expect(padelIds.length).toBeGreaterThan(0);
  const shown = (p: Page) => p.locator('main .facility-card:visible a[href^="/facilities/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.replace('/facilities/', '')).sort());

  await page.goto('/facilities-list');
  await page.getByLabel('Sport').selectOption('padel');
  await expect.poll(() => shown(page)).toEqual(padelIds);
  await expect(page).toHaveURL(/\/facilities-list\?sport=padel$/);
  await expect(page.getByText(`${padelIds.length} facilities`)).toBeVisible();

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto('/facilities-list');
    await plain.getByLabel('Sport').selectOption('padel');
    await plain.getByRole('button', { name: 'Search' }).click();
    await expect(plain).toHaveURL(/[?&]sport=padel/);
    expect(await shown(plain)).toEqual(padelIds);
  } finally {
    await context.close();
  }
});

test('a deep link beyond the booking horizon says the real reason, not that someone booked it', async ({ page, request }) => {
  const settings = (await (await request.get('/api/settings')).json()) as { data: { bookingHorizonDays: number } };
  const facilities = (await (await request.get('/api/facility?sport=padel')).json()) as { data: { _id: string; name: string; policy: { horizonDays?: number } }[] };
  const court = facilities.data[0]!;
  const horizon = court.policy.horizonDays ?? settings.data.bookingHorizonDays;
  const player = await signUpAndLogin(request, 'farahead');
  await useSession(page, player);
  await page.goto(`/book?facility=${court._id}&date=${isoDate(horizon + 3)}&start=18:00&end=19:00`);
  const status = page.locator('#book-status');
  await expect(status).toContainText(`Bookings for ${court.name} open ${horizon} days ahead.`);
  await expect(status).not.toContainText('no longer free');
  await expect(status).not.toContainText('Someone may have just booked it');
  await expect(status.getByRole('link', { name: 'Find another court' })).toBeVisible();
});
