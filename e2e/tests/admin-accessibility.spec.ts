/**
 * The back office passes axe with no violation at all (any impact) on its main screens:
 * sign-in, dashboard, facilities (list and edit), bookings (list and one booking), users,
 * messages, payments, emails, closures (list and form), weekly series and the day view, at
 * desktop width and the day view at phone width too. The data behind them is real: a customer's paid booking and a hold on the day shown, and a
 * message (and the staff notice it sends). Each screen is kept as a screenshot
 * (test-results/screenshots/admin-a11y-*.png). One email is checked in admin-emails.spec.ts: axe
 * cannot run inside its preview, a frame sandboxed without scripts, so that spec leaves the frame out.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession, type Session } from '../support/api.ts';
import { allAxeViolations, bookFirstFreeSlot, checkOut, gotoConsole, openConsole, payOnSandboxPage, snapConsole, type Held } from '../support/console.ts';
import { times } from '../support/clock.ts';
import { createFacility } from '../support/own-facility.ts';

let admin: Session;
let paid: Held;
/** Who paid it: their name starts the block's name on the day grid. */
let payer = '';
let facilityId = '';

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(90_000);
  admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'axe-console');
  payer = customer.user.name;
  const facility = await createFacility(request, 'admin-accessibility');
  // Two bookings, the first to be paid and the second left held: today when two slots are still
  // free (late in the evening there may be one or none), else tomorrow. The day view opens on that day.
  const bookTwo = async (days: number) => {
    const first = await bookFirstFreeSlot(request, customer, facility, days);
    await bookFirstFreeSlot(request, customer, facility, days);
    return first;
  };
  const daysAhead = await bookTwo(0).then(
    (held) => ((paid = held), 0),
    async () => ((paid = await bookTwo(1)), 1),
  );
  facilityId = paid.facility._id;
  const { paymentUrl } = await checkOut(request, customer, [paid]);
  const page = await browser.newPage();
  await useSession(page, customer);
  await payOnSandboxPage(page, paymentUrl);
  await page.close();
  const sent = await request.post('/api/contact', { data: { name: 'Dana Whitfield', email: 'dana@example.com', subject: 'Court lights after 9pm?', message: 'Are the lights on until closing on weekdays?' } });
  expect(sent.status(), await sent.text()).toBe(201);
  expect(isoDate(daysAhead, paid.facility.timezone)).toBe(paid.booking.date);
});

interface Screen {
  name: string;
  hash: () => string;
  /** What shows the screen is really rendered (not a spinner). */
  ready: (page: Page) => ReturnType<Page['getByText']>;
}

const SCREENS: Screen[] = [
  { name: 'dashboard', hash: () => '/', ready: (p) => p.getByText('Occupancy today') },
  // (This spec's own facility sorts after the first page: the list is up once its first row is.)
  { name: 'facilities', hash: () => '/facilities', ready: (p) => p.locator('tbody tr').first() },
  { name: 'facility-edit', hash: () => `/facilities/${facilityId}`, ready: (p) => p.getByLabel('Name', { exact: false }).first() },
  { name: 'bookings', hash: () => '/bookings', ready: (p) => p.locator('tbody tr').first() },
  { name: 'booking-show', hash: () => `/bookings/${paid.booking._id}/show`, ready: (p) => p.getByText('Customer', { exact: true }) },
  { name: 'users', hash: () => '/users', ready: (p) => p.locator('tbody tr').first() },
  { name: 'messages', hash: () => '/messages', ready: (p) => p.getByText('Court lights after 9pm?').first() },
  { name: 'payments', hash: () => '/payments', ready: (p) => p.locator('tbody tr').first() },
  { name: 'emails', hash: () => '/emails', ready: (p) => p.locator('tbody tr').first() },
  { name: 'day-view', hash: () => `/day-view?date=${paid.booking.date}`, ready: (p) => p.getByTestId('day-booking').first() },
  { name: 'closures', hash: () => '/closures', ready: (p) => p.getByRole('link', { name: 'Close facilities' }) },
  { name: 'closure-create', hash: () => '/closures/create', ready: (p) => p.getByRole('combobox', { name: 'Facilities' }) },
  { name: 'series', hash: () => '/series', ready: (p) => p.getByRole('button', { name: 'New series' }) },
];

async function expectNoViolations(page: Page, name: string) {
  const found = await allAxeViolations(page);
  if (found.length) console.log(`axe on ${name}:\n${found.join('\n')}`);
  expect(found, `axe violations on ${name}:\n${found.join('\n')}`).toEqual([]);
}

test('sign-in page: no axe violations', async ({ page }) => {
  await gotoConsole(page, '/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await snapConsole(page, 'admin-a11y-login');
  await expectNoViolations(page, 'sign-in');
});

for (const screen of SCREENS) {
  test(`${screen.name}: no axe violations`, async ({ page }) => {
    await openConsole(page, admin, screen.hash());
    await expect(screen.ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await snapConsole(page, `admin-a11y-${screen.name}`);
    await expectNoViolations(page, screen.name);
  });
}

test('day view at phone width (390): no axe violations, and the grid scrolls from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone opens the day as a list (admin-front-desk-actions.spec.ts checks it); the grid is one tap away.
  await openConsole(page, admin, `/day-view?date=${paid.booking.date}&view=grid`);
  await expect(page.getByTestId('day-booking').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'day view (390)');

  // The grid is wider than a phone: a named region that takes focus and scrolls with the arrow keys.
  const grid = page.getByRole('region', { name: /^Bookings on .+, by facility and hour$/ });
  await expect(grid).toHaveAttribute('tabindex', '0');
  await grid.focus();
  await expect(grid).toBeFocused();
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('named for assistive technology: the occupancy bar, the user menu, the booking blocks', async ({ page }) => {
  await openConsole(page, admin, '/');
  await expect(page.getByRole('progressbar', { name: 'Occupancy today' })).toBeVisible();
  // The user menu's name starts with the name it shows.
  await expect(page.getByRole('button', { name: `${admin.user.name}, profile` })).toBeVisible();
  await gotoConsole(page, `/day-view?date=${paid.booking.date}`);
  await expect(page.getByRole('button', { name: `${payer} ${times(paid.booking.startTime, paid.booking.endTime)} · Confirmed · Paid` })).toBeVisible();
});
