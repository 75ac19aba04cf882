/**
 * The account's settings in the profile and "Add to calendar" on My Bookings, in Chromium
 * against the real server: the password changed here keeps this browser signed in and signs
 * out the others, the reminders switch is saved, the calendar feed's link can be renewed, and
 * a confirmed booking downloads as an .ics.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { signUpAndLogin, useSession } from '../support/api.ts';
import { bookFirstFreeSlot, checkOut, payThroughApi } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';

test('change password in the profile: this browser stays signed in, another is signed out', async ({ page, browser, request }) => {
  const customer = await signUpAndLogin(request, 'changer');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await useSession(otherPage, customer);
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  await useSession(page, customer);
  await page.goto('/dashboard');
  await hydrated(page);
  await page.getByRole('button', { name: 'Change password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await expect(form.getByLabel('Current password')).toBeFocused();
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('Fresh-Baseline-Rally-8');
  await form.getByLabel('Confirm new password').fill('Fresh-Baseline-Rally-8');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is incorrect.').first()).toBeVisible();

  await form.getByLabel('Current password').fill(customer.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'every other device has been signed out' }).first()).toBeVisible();

  // This browser carries on with its fresh token; the other one is sent to log in.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(customer.token);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await other.close();
  expect((await request.post('/api/auth/login', { data: { email: customer.user.email, password: 'Fresh-Baseline-Rally-8' } })).status()).toBe(200);
});

test('reminders switch, calendar feed and Add to calendar', async ({ page, request, ownFacility }) => {
  const customer = await signUpAndLogin(request, 'calendar');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 4);
  await payThroughApi(request, (await checkOut(request, customer, [held])).paymentUrl);

  await useSession(page, customer);
  await page.goto('/dashboard');
  await hydrated(page);

  // Reminders: on by default, off saved on the server, still off after a reload.
  const reminders = page.getByRole('switch', { name: 'Email me a reminder before each booking' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await expect(reminders).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me a reminder before each booking' })).not.toBeChecked();

  // The feed: a webcal link to subscribe to; a new one ends the old one.
  const link = page.getByLabel('Your calendar link');
  await expect(link).toHaveValue(/^webcal:\/\/.+\/api\/calendar\/[\w-]{43}\.ics$/);
  await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', await link.inputValue());
  await snap(page, 'profile-account');
  const oldFeed = new URL((await link.inputValue()).replace(/^webcal:/, 'http:')).pathname;
  expect((await request.get(oldFeed)).status()).toBe(200);
  await page.getByRole('button', { name: 'Make a new link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
  await expect.poll(async () => new URL((await link.inputValue()).replace(/^webcal:/, 'http:')).pathname).not.toBe(oldFeed);
  expect((await request.get(oldFeed)).status()).toBe(404);

  // My Bookings: the confirmed booking downloads as an .ics with its own UID.
  await page.goto('/dashboard/userBookings');
  const add = page.getByRole('button', { name: /^Add to calendar: / });
  await expect(add).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${held.booking.date}-${held.booking.startTime.replace(':', '')}\\.ics$`));
  const ics = readFileSync(await download.path(), 'utf8');
  expect(ics).toContain(`UID:booking-${held.booking._id}@courtside`);
  expect(ics).toContain('STATUS:CONFIRMED');
  await snap(page, 'my-bookings-calendar');
});
