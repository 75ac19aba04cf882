/**
 * The back office (/admin/): staff sign in with the site's account, manage facilities (the
 * public list follows), promote and demote users, create admins; customers are kept out.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { ADMIN_EMAIL } from '../support/env.ts';
import { facilities, loginAdmin, newCustomer } from '../support/api.ts';
import { bearer, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { signInAtConsole, signInElsewhere, staffAndCustomer } from '../support/back-office.ts';

const notification = (page: Page, text: string) => page.getByText(text, { exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

/** A separate admin, so signing out (which revokes that account's tokens) disturbs no other test. */
async function freshAdmin(request: APIRequestContext) {
  const admin = await loginAdmin(request);
  const details = newCustomer('signout');
  const res = await request.post('/api/users/admin', { headers: bearer(admin), data: details });
  expect(res.status(), await res.text()).toBe(201);
  return details;
}

test('an admin signs in at /admin/ with the site account and sees the dashboard', async ({ page, request }) => {
  const staff = await freshAdmin(request);
  await signInAtConsole(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Today at Courtside' })).toBeVisible();
  await expect(page.getByText("Today's bookings")).toBeVisible();
  await expect(page.getByText('Occupancy today')).toBeVisible();
  await expect(page.getByText('Revenue, last 7 days')).toBeVisible();
  // One sign-in serves both: the console stored the session where the site reads it.
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), user: JSON.parse(localStorage.getItem('user') ?? 'null') }));
  expect(stored.token).toBeTruthy();
  expect(stored.user.email).toBe(staff.email);
  await snapConsole(page, 'admin-dashboard');

  // Logout clears the shared session.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('user')])).toEqual([null, null]);
  await snapConsole(page, 'admin-login');
});

test('a wrong password is refused with a readable message', async ({ page }) => {
  await signInAtConsole(page, ADMIN_EMAIL, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(/invalid|incorrect|wrong/i);
});

test('a signed-in customer is kept out with a "Staff only" page', async ({ page, request }) => {
  const customer = newCustomer('outsider');
  const res = await request.post('/api/auth/signup', { data: customer });
  expect(res.ok()).toBeTruthy();
  await signInAtConsole(page, customer.email, customer.password);
  await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  // The back-office screens stay shut, whatever the address.
  for (const hash of ['/facilities', '/users', '/day-view']) {
    await gotoConsole(page, hash);
    await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
    await expect(page.getByText('Add facility')).toHaveCount(0);
  }
  await snapConsole(page, 'admin-staff-only');
  await page.getByRole('link', { name: 'Back to the site' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('facilities: create, see it on the public list, edit, soft-delete, restore', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const name = `E2E Court ${Date.now().toString(36)}`;
  const publicNames = async () => (await facilities(request)).map((f) => f.name);
  const onPublicList = async () => {
    await page.goto('/facilities-list');
    return page.locator('main').getByText(name, { exact: true });
  };

  await test.step('the list shows thumbnails and prices in dollars', async () => {
    await openConsole(page, admin, '/facilities');
    await expect(page.locator('img[src^="/images/facilities/"]').first()).toBeVisible();
    await expect(page.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
    await snapConsole(page, 'admin-facilities');
  });

  await test.step('create through the form', async () => {
    await gotoConsole(page, '/facilities/create');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Location').fill('North Hall, Court 9');
    await page.getByLabel('Price per hour ($)').fill('27.5');
    await page.getByLabel('Description').fill('A sprung wooden floor under bright LED lights.');
    await page.getByLabel("Or the photo's address").fill('/images/facilities/badminton.svg');
    await page.getByRole('switch', { name: 'Sunday open' }).uncheck();
    await page.getByLabel('Saturday closes').selectOption('18:00');
    await snapConsole(page, 'admin-facility-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Facility added successfully')).toBeVisible();
    await expect(page).toHaveURL(/#\/facilities$/);
    await expect(page.locator('tr', { hasText: name })).toContainText('$27.50');
  });

  const created = (await facilities(request)).find((f) => f.name === name);
  expect(created, 'the new facility is on the public API').toBeTruthy();
  const full = (await (await request.get(`/api/facility/${created!._id}`, { headers: { accept: 'application/json' } })).json()).data;
  expect(full.openingHours.sun).toBeNull();
  expect(full.openingHours.sat).toEqual({ open: '08:00', close: '18:00' });
  await expect(await onPublicList()).toBeVisible();

  await test.step('edit it (the site links to /admin/#/facilities/<id>)', async () => {
    await gotoConsole(page, `/facilities/${created!._id}`);
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await page.getByLabel('Price per hour ($)').fill('31');
    await page.getByLabel("Or the photo's address").fill('');
    await snapConsole(page, 'admin-facility-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Facility updated successfully')).toBeVisible();
    await expect(page.locator('tr', { hasText: name })).toContainText('$31.00');
    const after = (await facilities(request)).find((f) => f._id === created!._id)!;
    expect(after.pricePerHour).toBe(31);
    expect(after.imageUrl).toBe('/images/facilities/badminton.svg');
  });

  await test.step('soft-delete it with a confirmation: it leaves the public list', async () => {
    await page.locator('tr', { hasText: name }).getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page)).toContainText(`Delete ${name}?`);
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(notification(page, 'Facility deleted successfully')).toBeVisible();
    await expect(page.locator('tr', { hasText: name })).toHaveCount(0);
    expect(await publicNames()).not.toContain(name);
    await expect(await onPublicList()).toHaveCount(0);
  });

  await test.step('find it with "Show deleted" and restore it', async () => {
    await openConsole(page, admin, '/facilities');
    await page.getByLabel('Show deleted').click();
    await page.getByRole('option', { name: 'Deleted only' }).click();
    const row = page.locator('tr', { hasText: name });
    await expect(row).toContainText('Deleted');
    await snapConsole(page, 'admin-facilities-deleted');
    await row.getByRole('button', { name: 'Restore' }).click();
    await dialog(page).getByRole('button', { name: 'Restore' }).click();
    await expect(notification(page, 'Facility restored successfully')).toBeVisible();
    expect(await publicNames()).toContain(name);
    await expect(await onPublicList()).toBeVisible();
  });
});

test('users: make a customer an owner who then gets in, a customer again, create an admin who can sign in', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { admin, customer } = await staffAndCustomer(request, 'promoted');
  const row = () => page.locator('tr', { hasText: customer.user.email });

  await test.step('the list shows roles; promote with a confirmation', async () => {
    await openConsole(page, admin, '/users');
    await page.getByPlaceholder('Name or email').fill(customer.user.email);
    await expect(row()).toContainText('Customer');
    await snapConsole(page, 'admin-users');
    await row().getByRole('button', { name: 'Role' }).click();
    await page.getByRole('menuitem', { name: 'Make Owner' }).click();
    await expect(dialog(page)).toContainText(`Make ${customer.user.name} an Owner?`);
    await dialog(page).getByRole('button', { name: 'Make Owner' }).click();
    await expect(notification(page, 'Admin status granted successfully')).toBeVisible();
    await expect(row()).toContainText('Owner');
  });

  await test.step('the promoted user signs in to the console', async () => {
    await signInElsewhere(browser, customer.user.email, customer.password, 'Today at Courtside');
  });

  await test.step('demote them again; they are kept out', async () => {
    await row().getByRole('button', { name: 'Role' }).click();
    await page.getByRole('menuitem', { name: 'Make customer' }).click();
    await dialog(page).getByRole('button', { name: 'Make customer' }).click();
    await expect(notification(page, 'Admin status removed successfully')).toBeVisible();
    await expect(row()).toContainText('Customer');
    await signInElsewhere(browser, customer.user.email, customer.password, 'Staff only');
  });

  await test.step("the API's protections read as messages: an owner cannot demote themself", async () => {
    await page.getByPlaceholder('Name or email').fill(ADMIN_EMAIL);
    const self = page.locator('tr', { hasText: ADMIN_EMAIL });
    await self.getByRole('button', { name: 'Role' }).click();
    await page.getByRole('menuitem', { name: 'Make customer' }).click();
    await dialog(page).getByRole('button', { name: 'Make customer' }).click();
    await expect(page.getByText(/^Failed to update user role: You cannot demote your own account\./)).toBeVisible();
    await expect(self).toContainText('Owner');
  });

  const fresh = newCustomer('staff');
  const fillAdminForm = async () => {
    await gotoConsole(page, '/users/create');
    // Without the switch the form makes a desk customer with no password.
    await page.getByLabel('Set a password now').check();
    await page.getByLabel('Name').fill(fresh.name);
    await page.getByLabel('Email').fill(fresh.email);
    await page.locator('input[name="password"]').fill(fresh.password);
    await page.getByLabel('Phone').fill(fresh.phone);
    await page.getByLabel('Address').fill(fresh.address);
    // The original product's "create an admin": an owner's account.
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Owner' }).click();
  };
  await test.step('create an admin through the form (the site links to /admin/#/users/create)', async () => {
    await fillAdminForm();
    await snapConsole(page, 'admin-user-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Admin registration successful!')).toBeVisible();
  });

  await test.step('the same email again is refused with the reason', async () => {
    await fillAdminForm();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/^Admin registration failed\. Please try again\.: .+/)).toBeVisible();
  });

  await test.step('the new admin signs in', async () => {
    await signInElsewhere(browser, fresh.email, fresh.password, 'Today at Courtside');
  });

  await test.step('delete (deactivate) the promoted customer with a confirmation', async () => {
    await gotoConsole(page, '/users');
    await page.getByPlaceholder('Name or email').fill(customer.user.email);
    await row().getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(notification(page, 'User deleted successfully')).toBeVisible();
    await expect(row()).toHaveCount(0);
    const login = await request.post('/api/auth/login', { data: { email: customer.user.email, password: customer.password } });
    expect(login.status()).toBe(401);
  });
});
