/**
 * A forgotten password, end to end: the customer asks on the site, the server mails a link over
 * SMTP (to the suite's SMTP server, support/mailbox.ts), the link opens the reset page, the new
 * password works and the old one no longer does, the link works once, and a browser that was
 * signed in before the reset is signed out.
 */
import { expect, test } from '../support/fixtures.ts';
import { newCustomer, signUpAndLogin, useSession, type Session } from '../support/api.ts';
import { waitForMail } from '../support/mailbox.ts';
import { snap } from '../support/screens.ts';

const NEW_PASSWORD = 'Second-Serve-Ace-73';
const NEUTRAL = /If an account exists for that email, we sent a link to reset the password/;

/** The reset page's address (path and token) from the email's link, on the server under test. */
function resetPathOf(text: string): string {
  const link = /https?:\/\/\S+?(\/reset-password\?token=[\w%-]+)/.exec(text);
  expect(link, `a reset link in:\n${text}`).toBeTruthy();
  return link![1]!;
}

async function askForLink(page: import('@playwright/test').Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(NEUTRAL);
}

test('forgot password: the emailed link sets a new password once, and every other session is signed out', async ({ page, browser, request }) => {
  const customer: Session = await signUpAndLogin(request, 'forgetful');
  const email = customer.user.email;

  // Another browser, signed in before the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await useSession(otherPage, customer);
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  // From the login page to the forgotten-password page.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await snap(page, 'forgot-password');

  // The same answer for an email without an account as for one with.
  await askForLink(page, newCustomer('nobody').email);
  await askForLink(page, email);
  await snap(page, 'forgot-password-sent');

  const mail = await waitForMail(email, 'Reset your password');
  const resetPath = resetPathOf(mail.text ?? '');
  expect(mail.html).toContain(resetPath.replace(/&/g, '&amp;'));

  await page.goto(resetPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await snap(page, 'reset-password');
  // Two different passwords are caught before anything is sent.
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
  await page.getByRole('button', { name: 'Change password' }).click();
  expect(await page.getByLabel('Confirm new password').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('The two new passwords do not match.');
  // A password the policy refuses is named, and the link still works.
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not change the password.' })).toContainText('most common passwords');

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.locator('#reset-password-form')).toBeHidden();
  await snap(page, 'reset-password-done');

  // The old password no longer signs in; the new one does.
  await page.getByRole('link', { name: 'Log in', exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your email and password.');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userBookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();

  // The link works once.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('Third-Serve-Let-19');
  await page.getByLabel('Confirm new password').fill('Third-Serve-Let-19');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This reset link has been used already. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  await snap(page, 'reset-password-used');
  expect((await request.post('/api/auth/login', { data: { email, password: 'Third-Serve-Let-19' } })).status()).toBe(401);

  // The browser signed in before the reset: its next call is refused and it lands on the login page.
  await otherPage.goto('/dashboard/userBookings');
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fdashboard%2FuserBookings$/);
  expect(await otherPage.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await other.close();

  // And the owner is told by email.
  await waitForMail(email, 'Your password was changed');
});

test('a reset link without its token, or an unknown one, offers to send a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('This reset link is not complete.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(page.locator('#reset-password-form')).toBeHidden();

  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This reset link is not valid. Ask for a new one.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
