/**
 * Customers in the back office: a customer made at the desk with a phone only, found from the app bar's
 * search by that phone, their page, a staff note on it; and a customer's booking under Upcoming.
 */
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin } from '../support/api.ts';
import { bookFirstFreeSlot, gotoConsole, openConsole, snapConsole } from '../support/console.ts';

test('the desk makes a customer, finds them from anywhere and notes something on their page', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const digits = String(Date.now()).slice(-7);
  const phone = `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  const name = `Desk Walkin ${digits}`;

  await test.step('a customer with a phone only, no password', async () => {
    await openConsole(page, admin, '/users/create');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Phone').fill(phone);
    await snapConsole(page, 'admin-customer-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Customer created', { exact: true })).toBeVisible();
    await expect(page.getByText('No upcoming bookings')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the app bar search finds them by phone and opens their page', async () => {
    await gotoConsole(page, '/');
    await page.getByRole('button', { name: 'Search customers' }).click();
    const search = page.getByRole('combobox', { name: 'Search customers' });
    await search.fill(digits);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(page.getByText('Only staff see these notes.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(phone)).toBeVisible();
  });

  await test.step('a staff note is added and listed', async () => {
    const text = `Prefers court 2 (${digits})`;
    await page.getByLabel('Add a note').fill(text);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(text)).toBeVisible();
    await snapConsole(page, 'admin-customer-page');
  });

  await test.step('Enter without a pick opens the users list filtered by the text', async () => {
    await page.getByRole('button', { name: 'Search customers' }).click();
    const search = page.getByRole('combobox', { name: 'Search customers' });
    await search.fill(name);
    await search.press('Enter');
    await expect(page).toHaveURL(/#\/users\?filter=/);
    await expect(page.locator('tbody tr', { hasText: name })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('a customer with a booking shows it under Upcoming', async () => {
    const customer = await signUpAndLogin(request, 'customer-page');
    const facility = await ownFacility();
    await bookFirstFreeSlot(request, customer, facility, 1);
    await gotoConsole(page, `/users/${customer.user._id}/show`);
    const upcoming = page.locator('div', { has: page.getByRole('heading', { name: 'Upcoming bookings' }) }).last();
    await expect(upcoming).toContainText(facility.name, { timeout: 30_000 });
    await expect(page.getByText('No past bookings')).toBeVisible();
    await snapConsole(page, 'admin-customer-bookings');
  });
});
