/**
 * The public site tells the truth: the cancellation
 * policy before paying and each booking's deadline after, Cancel only where the server allows
 * it, return pages that show the order's real state, sign-up that signs you in without a
 * photo, a checkout with no billing form that would be thrown away, times in the facility's
 * zone labelled when the visitor's differs, long names that wrap, a phone menu that closes
 * on Escape, and closures staff make, announced with their reason and never offered as slots.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { demoFacilities, isoDate, loginAdmin, newCustomer, signUpAndLogin, useSession, type Facility, type Session } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, checkOut, payThroughApi, type Held } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { SCREENSHOT_DIR, snap } from '../support/screens.ts';
import { signUpThroughForm } from '../support/sign-up.ts';
import { clock, day, instantTime, literal, times } from '../support/clock.ts';

interface Settings {
  bookingHorizonDays: number;
  cancellationHours: number;
  holdMinutes: number;
}
interface Booking {
  _id: string;
  date: string;
  startTime: string;
  endTime: string;
  payableAmount: number;
  status: string;
  cancellable: boolean;
  cancellableUntil: string | null;
}

async function settingsOf(request: APIRequestContext): Promise<Settings> {
  const res = await request.get('/api/settings');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Settings }).data;
}


async function bookingOf(request: APIRequestContext, customer: Session, id: string): Promise<Booking> {
  const res = await request.get(`/api/bookings/${id}`, { headers: bearer(customer) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Booking }).data;
}

/** Books and pays the first free slot at `facility` `daysAhead` days out: a confirmed booking, and its order. */
async function confirmedBooking(request: APIRequestContext, customer: Session, facility: Facility, daysAhead: number): Promise<Held & { orderId: string }> {
  const held = await bookFirstFreeSlot(request, customer, facility, daysAhead);
  const { orderId, paymentUrl } = await checkOut(request, customer, [held]);
  await payThroughApi(request, paymentUrl);
  return { ...held, orderId };
}

/**
 * A confirmed booking at `facility` inside the cancellation window, when there is one to make:
 * the earliest free slot today or tomorrow that starts within the window. Undefined when none is free.
 */
async function confirmedInsideWindow(request: APIRequestContext, customer: Session, facility: Facility): Promise<{ facility: Facility; booking: Booking } | undefined> {
  for (const days of [0, 1]) {
    const date = isoDate(days, facility.timezone);
    const res = await request.get(`/api/check-availability?date=${date}&facility=${facility._id}`);
    for (const slot of ((await res.json()) as { data?: { startTime: string; endTime: string }[] }).data ?? []) {
      const made = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: facility._id, date, startTime: slot.startTime, endTime: slot.endTime } });
      if (made.status() !== 201) continue;
      const booking = ((await made.json()) as { data: Booking }).data;
      // Its deadline already passed: it starts within the window. Otherwise release it and try the next day.
      if (booking.cancellableUntil && Date.parse(booking.cancellableUntil) < Date.now()) {
        const { paymentUrl } = await checkOut(request, customer, [{ facility, booking }]);
        await payThroughApi(request, paymentUrl);
        return { facility, booking: await bookingOf(request, customer, booking._id) };
      }
      await request.delete(`/api/bookings/${booking._id}`, { headers: bearer(customer) });
      break;
    }
  }
  return undefined;
}

/** My Bookings' row of a booking: its facility, day ("Saturday, November 28, 2026", as the page writes it) and start. */
const rowOf = (page: Page, facilityName: string, b: { date: string; startTime: string }) =>
  // The day in its own cell (a deadline in another row may name the same day), and the start as
  // the row writes its times ("11:00 AM – 12:00 PM"): a booking ending at 11:00 is another row.
  page
    .locator('main tr', { hasText: facilityName })
    .filter({ has: page.locator('.dash-date', { hasText: day(b.date) }) })
    .filter({ hasText: new RegExp(`(^|[^:\\d])${literal(clock(b.startTime))} –`) });

test('sign-up without a photo signs the customer in and goes where login would go', async ({ page, request }) => {
  const [facility] = await demoFacilities(request);
  const customer = newCustomer('signup');
  // Asked to sign in by the booking page, they choose to create an account instead.
  await page.goto(`/facility-booking/${facility!._id}`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=/);
  expect(await page.getByLabel('Photo URL').evaluate((el) => (el as HTMLInputElement).required)).toBe(false);
  await snap(page, 'truth-register');
  await signUpThroughForm(page, customer);

  // Back on the booking page, signed in: the form is there, not the login page.
  await expect(page).toHaveURL(new RegExp(`/facility-booking/${facility!._id}$`));
  await hydrated(page);
  await expect(page.getByLabel('Start time')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Dashboard' })).toBeVisible();

  // Without a page to go back to, they land on My bookings.
  const other = newCustomer('signup');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/register');
  for (const [label, value] of [['Name', other.name], ['Email', other.email], ['Password', other.password], ['Phone', other.phone], ['Address', other.address]] as const) {
    await page.getByLabel(label).fill(value);
  }
  await page.locator('main').getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userBookings\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
});

test('the booking page states the policy and takes its horizon from the server', async ({ page, request }) => {
  const settings = await settingsOf(request);
  const customer = await signUpAndLogin(request, 'policy');
  const [facility] = await demoFacilities(request);
  await useSession(page, customer);
  await page.goto(`/facility-booking/${facility!._id}`);
  await hydrated(page);
  await expect(page.getByLabel('Date')).toHaveAttribute('max', isoDate(settings.bookingHorizonDays, facility!.timezone));
  const summary = page.getByRole('complementary', { name: 'Booking summary' });
  await expect(summary).toContainText('Cancellation policy');
  await expect(summary).toContainText(`Free cancellation up to ${settings.cancellationHours} hours before the start`);
  await expect(summary).toContainText(`holds your slot for ${settings.holdMinutes} minutes`);
  await snap(page, 'truth-booking');

  // The home page's FAQ says the same.
  await page.goto('/');
  await page.getByText('Can I cancel or change a booking?').click();
  await expect(page.getByTestId('faq')).toContainText(`Free cancellation up to ${settings.cancellationHours} hours before the start`);
  await page.getByTestId('faq').scrollIntoViewIfNeeded();
  await page.getByTestId('faq').screenshot({ path: `${SCREENSHOT_DIR}truth-faq-1280.png` });
});

test('My Bookings shows each deadline and offers Cancel only where the policy allows it', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const customer = await signUpAndLogin(request, 'deadline');
  const facility = await ownFacility();
  const far = await confirmedBooking(request, customer, facility, 5);
  const hold = await bookFirstFreeSlot(request, customer, facility, 6);
  const inside = await confirmedInsideWindow(request, customer, facility);

  await useSession(page, customer);
  await page.goto('/dashboard/userBookings');
  const farRow = rowOf(page, far.facility.name, far.booking);
  await expect(farRow).toHaveCount(1);
  await expect(farRow.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(farRow).toContainText(/Free cancellation until \w+, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  await expect(farRow.getByRole('button', { name: /^Cancel/ })).toBeVisible();

  const holdRow = rowOf(page, hold.facility.name, hold.booking);
  await expect(holdRow.getByText('Pending payment', { exact: true })).toBeVisible();
  await expect(holdRow.getByRole('button', { name: /^Cancel/ })).toBeVisible();
  await expect(holdRow).toContainText(/Free cancellation until/);

  if (inside) {
    const insideRow = rowOf(page, inside.facility.name, inside.booking);
    await expect(insideRow).toHaveCount(1);
    await expect(insideRow).toContainText(/Free cancellation ended \w+, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(insideRow.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expect(insideRow.getByRole('link', { name: 'Contact us' })).toBeVisible();
    // And the server agrees: the customer cannot cancel it.
    expect((await request.delete(`/api/bookings/${inside.booking._id}`, { headers: bearer(customer) })).status()).toBe(409);
  } else {
    test.info().annotations.push({ type: 'note', description: 'no free slot within the cancellation window: only the deadline texts were checked' });
  }
  await snap(page, 'truth-my-bookings');

  // Cancelling the far one: the dialog's promised refund is what the server does.
  await farRow.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('will be refunded in full');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(farRow.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(farRow.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
});

test('checkout has no billing form: the account pays, and the policy shows before paying', async ({ page, request, ownFacility }) => {
  const settings = await settingsOf(request);
  const customer = await signUpAndLogin(request, 'checkout');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 4);
  await useSession(page, customer);
  await page.goto('/dashboard/checkoutForPayment');
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  // The one field is the optional promo code: nothing about billing.
  await expect(main.getByRole('textbox')).toHaveCount(1);
  await expect(main.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Paying as' })).toBeVisible();
  await expect(main).toContainText(customer.user.email);
  await expect(main.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/dashboard');
  await expect(main).toContainText(`Free cancellation up to ${settings.cancellationHours} hours before the start`);
  const line = main.locator('.checkout-lines li', { hasText: held.facility.name });
  await expect(line).toContainText(/Free cancellation until/);
  // Same zone as the facility (the suite's browser is in New York): no zone label.
  await expect(line.locator('.badge-detail')).toHaveText(/^Held until \d{1,2}:\d{2} [AP]M$/);
  await snap(page, 'truth-checkout');

  // The order the site creates carries no billing details.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/order/create'));
  await main.getByRole('button', { name: /^Pay \$/ }).click();
  expect(Object.keys(JSON.parse((await sent).postData() ?? '{}'))).toEqual(['totalPayableAmount', 'bookingIds']);
  await expect(page).toHaveURL(/\/pay\//);
});

test.describe('a visitor in another time zone', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('sees the facility time, labelled with its zone', async ({ page, request, ownFacility }) => {
    const customer = await signUpAndLogin(request, 'traveller');
    const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 4);
    const hold = await bookingOf(request, customer, held.booking._id);
    expect(held.facility.timezone).toBe('America/New_York');
    await useSession(page, customer);
    await page.goto('/dashboard/checkoutForPayment');
    const line = page.locator('main .checkout-lines li', { hasText: held.facility.name });
    const expiresAt = Date.parse((await (await request.get(`/api/bookings/${hold._id}`, { headers: bearer(customer) })).json()).data.holdExpiresAt);
    const ny = `${instantTime(expiresAt, 'America/New_York')} (New York time)`;
    await expect(line).toContainText(`Held until ${ny}`);
    await expect(line).toContainText(`${times(held.booking.startTime, held.booking.endTime)} (New York time)`);
    await expect(line).toContainText(/Free cancellation until \w+, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(New York time\)/);
    await snap(page, 'truth-checkout-other-zone');

    await page.goto(`/facility-booking/${held.facility._id}`);
    await hydrated(page);
    await expect(page.locator('main')).toContainText("Times are the facility's local time (New York time).");
  });
});

test('every payment return page shows the order as it really is', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const customer = await signUpAndLogin(request, 'returns');
  const facility = await ownFacility();
  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  // The panel on show (the others are in the page, hidden).
  const shown = page.locator('#payment-return > [data-view]:not([hidden])');
  await useSession(page, customer);

  await test.step('no order in the link: said plainly, with the way to My Bookings', async () => {
    for (const outcome of ['success', 'cancelled', 'refunded']) {
      await page.goto(`/payment/${outcome}`);
      await expect(heading('We can’t show this payment here')).toBeVisible();
      await expect(page.locator('main').getByRole('link', { name: 'Go to My Bookings' })).toBeVisible();
      await expect(page.getByText(/nothing was charged|confirmed|refunded in full/i).filter({ visible: true })).toHaveCount(0);
    }
    await snap(page, 'truth-return-unknown');
    expect((await page.goto('/payment/elsewhere'))?.status()).toBe(404);
  });

  await test.step('a paid order reads paid, even on the cancelled page (its Cancel button leads there)', async () => {
    const { orderId } = await confirmedBooking(request, customer, facility, 8);
    for (const outcome of ['cancelled', 'refunded', 'success']) {
      await page.goto(`/payment/${outcome}?order=${orderId}`);
      await expect(heading('Payment successful')).toBeVisible();
      await expect(page.getByText(/nothing was charged/i).filter({ visible: true })).toHaveCount(0);
    }
    await expect(shown).toContainText('Free cancellation up to');
    await expect(page).toHaveTitle(/Payment successful/);
    await snap(page, 'truth-return-paid');

    // Refunded by staff: every page says so.
    const admin = await loginAdmin(request);
    expect((await request.post(`/api/admin/payments/${orderId}/refund`, { headers: bearer(admin) })).status()).toBe(200);
    await page.goto(`/payment/cancelled?order=${orderId}`);
    await expect(heading(/Your payment (was|is being) refunded/)).toBeVisible();
  });

  await test.step('a checkout cancelled on the payment page: nothing charged, the hold still there, then released', async () => {
    const held = await bookFirstFreeSlot(request, customer, facility, 9);
    const { orderId, paymentUrl } = await checkOut(request, customer, [held]);
    await page.goto(paymentUrl);
    await page.getByRole('button', { name: /^Cancel/ }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/cancelled\\?order=${orderId}`));
    await expect(heading('Payment not completed')).toBeVisible();
    await expect(shown).toContainText('nothing was charged');
    await expect(shown.getByRole('link', { name: 'Pay again' })).toBeVisible();
    await snap(page, 'truth-return-not-paid');

    expect((await request.delete(`/api/bookings/${held.booking._id}`, { headers: bearer(customer) })).status()).toBe(200);
    await page.reload();
    await expect(heading('Payment cancelled')).toBeVisible();
    await expect(shown).toContainText('no longer held');
  });

  await test.step("someone else's order is not shown", async () => {
    const stranger = await signUpAndLogin(request, 'stranger');
    const held = await bookFirstFreeSlot(request, customer, facility, 10);
    const { orderId } = await checkOut(request, customer, [held]);
    await useSession(page, stranger);
    await page.goto(`/payment/cancelled?order=${orderId}`);
    await expect(heading('We can’t show this payment here')).toBeVisible();
  });
});

test('without JavaScript a return page says it cannot look the order up', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/payment/success?order=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My Bookings' }).filter({ visible: true })).toHaveCount(1);
    // (The message sits in <noscript>, which text locators do not read.)
    expect(await page.content()).toContain('This page needs JavaScript to look up your order.');
    await expect(page.getByText(/confirmed/i).filter({ visible: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the phone menu closes on Escape and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.locator('label.menu-button').click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'About' }).focus();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Show the menu' })).toBeFocused();
  // Opened from the keyboard too.
  await page.keyboard.press('Space');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
});

test('a very long unbroken facility name and description wrap instead of widening the page', async ({ page, request, ownFacility }) => {
  // Unbroken, and sorting after the demo catalogue like every facility of a test's own.
  const longName = `ZzCourt${Date.now().toString(36)}${'W'.repeat(100)}`;
  const id = (await ownFacility({ name: longName, location: `Hall${'L'.repeat(150)}`, pricePerHour: 12, description: `Desc${'D'.repeat(1500)}` }))._id;
  const customer = await signUpAndLogin(request, 'longname');
  const date = isoDate(3);
  const slots = ((await (await request.get(`/api/check-availability?date=${date}&facility=${id}`)).json()) as { data: { startTime: string; endTime: string }[] }).data;
  const booked = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: id, date, startTime: slots[0]!.startTime, endTime: slots[0]!.endTime } });
  expect(booked.status()).toBe(201);
  await useSession(page, customer);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of [`/facilities/${id}`, '/facilities-list', `/facility-booking/${id}`, '/dashboard/checkoutForPayment', '/dashboard/userBookings']) {
      await page.goto(path);
      await expect(page.locator('main')).toContainText(longName.slice(0, 20));
      await page.waitForLoadState('load');
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(scroll, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(client);
    }
  }
  await page.goto(`/facilities/${id}`);
  await snap(page, 'truth-long-name');
});

test('a closure staff make shows on the facility page, and its slots are not offered for booking', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  // A facility of its own, so no other spec's booking stands in the closure's way.
  const facility = await ownFacility({ pricePerHour: 15, description: 'A court closed for works.' });
  const date = isoDate(3, facility.timezone);
  const startsOf = async () =>
    ((await (await request.get(`/api/check-availability?date=${date}&facility=${facility._id}`)).json()) as { data: { startTime: string }[] }).data.map((s) => s.startTime);
  expect(await startsOf()).toEqual(expect.arrayContaining(['11:00', '12:00', '13:00', '14:00', '15:00']));
  const closed = await request.post('/api/admin/closures', {
    headers: bearer(admin),
    data: { facilityIds: [facility._id], start: `${date}T12:00`, end: `${date}T15:00`, reason: 'resurfacing', kind: 'maintenance' },
  });
  expect(closed.status(), await closed.text()).toBe(201);
  const closureId = ((await closed.json()) as { id: string }).id;
  try {
    // The facility page names the day as the site writes days (the year only when it is not this one).
    const withYear = date.slice(0, 4) !== isoDate(0, facility.timezone).slice(0, 4);
    const closedDay = day(date, withYear ? 'full' : 'fullNoYear');
    await page.goto(`/facilities/${facility._id}`);
    const notice = page.getByRole('region', { name: 'Upcoming closure' });
    await expect(notice).toContainText(`Closed ${closedDay}, ${times('12:00', '15:00')}: Resurfacing`);
    await snap(page, 'truth-facility-closure');

    // The booking page explains the gap, and offers no slot inside it.
    const customer = await signUpAndLogin(request, 'closure');
    await useSession(page, customer);
    await page.goto(`/facility-booking/${facility._id}`);
    await hydrated(page);
    await page.getByLabel('Date').fill(date);
    await expect(page.getByRole('list', { name: 'Closures on this day' })).toHaveText(`Closed ${times('12:00', '15:00')}: Resurfacing`);
    const slots = page.getByRole('list', { name: 'Free slots' });
    await expect(slots.getByRole('button', { name: new RegExp(`^${clock('11:00')}`) })).toBeVisible();
    await expect(slots.getByRole('button', { name: new RegExp(`^${clock('15:00')}`) })).toBeVisible();
    await expect(slots.getByRole('button', { name: /^(12:00|1:00|2:00) PM/ })).toHaveCount(0);
    await expect(page.getByLabel('Start time').locator('option', { hasText: /^(12:00|1:00|2:00) PM$/ })).toHaveCount(0);
    await snap(page, 'truth-booking-closure');
    // And the server agrees: the closed hour cannot be booked.
    const refused = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: facility._id, date, startTime: '13:00', endTime: '14:00' } });
    expect(refused.status()).toBe(409);
  } finally {
    await request.delete(`/api/admin/closures/${closureId}`, { headers: bearer(admin) });
  }
});

test("a facility's own cancellation rule is the one checkout and the success page state, with what was bought", async ({ page, request, ownFacility }) => {
  const settings = await settingsOf(request);
  const hours = settings.cancellationHours === 12 ? 6 : 12;
  const admin = await loginAdmin(request);
  const facility = await ownFacility({ description: 'Its own cancellation rule.', policy: { cancellationHours: hours } });
  const customer = await signUpAndLogin(request, 'ownrule');
  const date = isoDate(3, facility.timezone);
  const booked = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: facility._id, date, startTime: '18:00', endTime: '19:00' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = ((await booked.json()) as { data: Booking }).data;

  await useSession(page, customer);
  // Before anyone books, the facility's page lists its rules: its own window, the venue's horizon.
  await page.goto(`/facilities/${facility._id}`);
  const rules = page.getByTestId('facility-rules');
  await expect(rules.locator('div', { hasText: 'Free cancellation' }).locator('dd')).toHaveText(`up to ${hours} hours before the start`);
  await expect(rules.locator('div', { hasText: 'Booking opens' }).locator('dd')).toHaveText(`${settings.bookingHorizonDays} days ahead`);
  await snap(page, 'truth-facility-rules');

  await page.goto('/dashboard/checkoutForPayment');
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  await expect(main.locator('.checkout-terms')).toContainText(`Free cancellation up to ${hours} hours before the start`);
  await expect(main.locator('.checkout-terms')).not.toContainText(`${settings.cancellationHours} hours`);

  const { orderId, paymentUrl } = await checkOut(request, customer, [{ facility, booking }]);
  await payThroughApi(request, paymentUrl);
  await page.goto(`/payment/success?order=${orderId}`);
  const shown = page.locator('#payment-return > [data-view]:not([hidden])');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(shown.locator('[data-order-bookings] li')).toHaveText([new RegExp(`^${facility.name}, .+, ${times('18:00', '19:00')} · Reference ${booking._id.replace(/-/g, '').slice(0, 8).toUpperCase()}$`)]);
  // Staff find the booking by the reference the customer reads them.
  const found = await request.get(`/api/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ q: booking._id.slice(0, 8).toUpperCase() }))}`, { headers: bearer(admin) });
  expect(((await found.json()) as { id: string }[]).map((b) => b.id)).toEqual([booking._id]);
  await expect(shown).toContainText(`Free cancellation up to ${hours} hours before the start`);
  await snap(page, 'truth-return-own-rule');
});
