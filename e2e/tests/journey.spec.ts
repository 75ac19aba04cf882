/**
 * (b) A new customer's whole journey through the UI: register (and be signed in), pick a facility from
 * the list (one of the test's own, so no other spec takes its slot), Book Now, choose a day 2+ days ahead (so the booking stays cancellable with a
 * refund), a start and a length, book (on to checkout), pay on the sandbox page, see the booking
 * Confirmed and Paid in My Bookings, cancel it through the dialog, log out.
 */
import { test, expect } from '../support/fixtures.ts';
import { demoFacilities, isoDate, newCustomer } from '../support/api.ts';
import { snap } from '../support/screens.ts';
import { hydrated } from '../support/islands.ts';
import { signUpThroughForm } from '../support/sign-up.ts';
import { clock } from '../support/clock.ts';

test('register (signed in at once), book, pay, see it confirmed, cancel it, log out', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);

  // A facility of the test's own (on the list with the others), booked 2 days ahead in its own zone.
  const { _id: id, name, timezone } = await ownFacility();
  const date = isoDate(2, timezone);
  const res = await request.get(`/api/check-availability?date=${date}&facility=${id}`);
  expect(((await res.json()) as { data: unknown[] }).data.length, `${name} has free slots on ${date}`).toBeGreaterThanOrEqual(2);
  const customer = newCustomer('journey');

  await test.step('register through the form (with a photo) and land on My bookings, signed in', async () => {
    await page.goto('/register');
    await signUpThroughForm(page, customer, { withPhoto: true });
    await expect(page).toHaveURL(/\/dashboard\/userBookings\/?$/);
    await page.goto('/dashboard');
    await expect(page.locator('main').getByText(customer.email).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeHidden();
    await snap(page, 'journey-dashboard');
  });

  await test.step('choose the facility from the list and press Book Now', async () => {
    await page.goto('/facilities-list');
    await page.locator(`main a[href="/facilities/${id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/facilities/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/facility-booking/${id}$`));
  });

  let start = '';
  let end = '';
  await test.step(`book ${date}: a start and a length`, async () => {
    await hydrated(page);
    const form = page.getByRole('form', { name: new RegExp(`Book`) });
    await page.getByLabel('Date').fill(date);
    await expect(page.getByLabel('Date')).toHaveValue(date);
    await expect(page.locator('main')).toContainText(/free slots? on/i);
    const startSelect = page.getByLabel('Start time');
    await expect(startSelect).toBeEnabled();
    const starts = await startSelect.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(starts.length).toBeGreaterThan(0);
    start = starts[0]!;
    await startSelect.selectOption(start);
    const endSelect = page.getByLabel('Length', { exact: true });
    await expect(endSelect).toBeEnabled();
    const ends = await endSelect.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    end = ends[0]!;
    await endSelect.selectOption(end);
    await snap(page, 'journey-booking');
    await form.getByRole('button', { name: 'Book', exact: true }).click();
  });

  await test.step('check out, pay on the sandbox page, come back to /payment/success', async () => {
    // Book holds the slot and goes on to checkout.
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
    await expect(page.locator('main').getByText(name).first()).toBeVisible();
    const pay = page.locator('main').getByRole('button', { name: /^Pay/ });
    await expect(pay).toBeEnabled();
    await snap(page, 'journey-checkout');
    await pay.click();
    await expect(page).toHaveURL(/\/pay\/[^/]+$/);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
    await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
    await snap(page, 'journey-payment-success');
  });

  await test.step('My Bookings shows it Confirmed and Paid', async () => {
    await page.locator('main').getByRole('link', { name: /my bookings/i }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/userBookings\/?$/);
    const row = page.locator('main tr', { hasText: name }).filter({ hasText: clock(start) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await snap(page, 'journey-my-bookings');
  });

  await test.step('cancel it through the dialog', async () => {
    const row = page.locator('main tr', { hasText: name }).filter({ hasText: clock(start) });
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/refund/i);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    // How much came back, in the customer's words.
    await expect(row).toContainText(/\$\d+\.\d\d back to you/);
  });

  await test.step('log out: back on / with Login shown again', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Dashboard' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

test('signed-out Book Now: log in, then back on the booking screen', async ({ page, request }) => {
  const [facility] = await demoFacilities(request);
  const customer = newCustomer('redirect');
  await request.post('/api/auth/signup', { data: customer });
  await page.goto(`/facilities/${facility!._id}`);
  await page.getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // The form works once its script has run (submitted earlier, it POSTs to /login: see the report).
  await page.waitForLoadState('load');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.locator('main').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/facility-booking/${facility!._id}$`));
  await expect(page.getByLabel('Date')).toBeVisible();
});

test('booking form messages: both times required', async ({ page, request }) => {
  const [facility] = await demoFacilities(request);
  const customer = newCustomer('messages');
  await request.post('/api/auth/signup', { data: customer });
  const login = (await (await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })).json()) as { token: string; data: unknown };
  await page.goto('/');
  await page.evaluate((s) => { localStorage.setItem('accessToken', s.token); localStorage.setItem('user', JSON.stringify(s.data)); }, login);
  await page.goto(`/facility-booking/${facility!._id}`);
  await hydrated(page);
  await page.getByLabel('Date').fill(isoDate(3, facility!.timezone));
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText('Please select both start and end times.').first()).toBeVisible();
});
