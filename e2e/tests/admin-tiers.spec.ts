/**
 * Customer tiers, tried as a venue would: staff define a tier with its own prices at a court with
 * a peak rule (base price and the peak rule's price) in the back office, give it to a customer on
 * their user record, and the customer, signed in on the booking page, sees each slot at their
 * price, "Coach prices" named, and holds 17:00-19:00 across the peak boundary for what the slots said.
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, openConsole } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { literal, times } from '../support/clock.ts';
import { EVENING_PEAK } from '../support/own-facility.ts';

test('staff give a customer a tier with its own prices; the customer sees and pays them', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const tag = Date.now().toString(36);
  // $20 an hour, $30 from 18:00 every day.
  const court = await ownFacility({ pricePerHour: 20, priceRules: EVENING_PEAK });
  const tierName = `Coach ${tag}`;
  const customer = await signUpAndLogin(request, 'coach');
  const date = isoDate(3);

  await test.step('staff define the tier: its own price per hour and a price for the peak rule', async () => {
    await openConsole(page, admin, '/tiers/create');
    await page.getByLabel('Name').fill(tierName);
    await page.getByLabel('Its own prices at some facilities').check();
    await page.locator('button.button-add-prices').click();
    await page.getByRole('combobox', { name: 'Facility' }).fill(court.name);
    await page.getByRole('option', { name: court.name }).click();
    const prices = page.getByRole('spinbutton', { name: 'Price / hour' });
    await prices.first().fill('15');
    // The court's rules appear once it is chosen: price its peak rule.
    await expect(page.getByText(`Prices for ${court.name}'s rules`, { exact: false })).toBeVisible();
    await page.locator('button[class~="button-add-prices.0.rules"], button.button-add-rules').click();
    await page.getByRole('combobox', { name: 'Rule' }).click();
    await page.getByRole('option', { name: new RegExp(`^Rule 1: .* ${literal(times('18:00', '22:00'))}`) }).click();
    await prices.nth(1).fill('24');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tbody tr', { hasText: tierName });
    await expect(row).toContainText('Own prices at 1 facility');
  });

  await test.step("the tier's form shows what was saved; a change of its base price is saved", async () => {
    await page.locator('tbody tr', { hasText: tierName }).click();
    await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveValue(court.name);
    const prices = page.getByRole('spinbutton', { name: 'Price / hour' });
    await expect(prices.nth(0)).toHaveValue('15');
    await expect(prices.nth(1)).toHaveValue('24');
    await prices.nth(0).fill('16');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('tbody tr', { hasText: tierName })).toContainText('Own prices at 1 facility');
    const [saved] = (await (await request.get(`/api/admin/tiers?filter=${encodeURIComponent(JSON.stringify({ q: tierName }))}`, { headers: bearer(admin) })).json()) as {
      facilityPrices: Record<string, unknown>;
    }[];
    expect(saved!.facilityPrices).toEqual({ [court._id]: { pricePerHour: 16, rules: { '0': 24 } } });
  });

  await test.step('staff give it to the customer on their user record', async () => {
    await openConsole(page, admin, `/users/${customer.user._id}`);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(customer.user.name);
    await page.getByRole('combobox', { name: 'Tier' }).click();
    await page.getByRole('option', { name: tierName }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'User updated' })).toBeVisible();
    // The user list shows the tier.
    await expect(page.locator('tbody tr', { hasText: customer.user.email })).toContainText(tierName);
    const record = await (await request.get(`/api/admin/users/${customer.user._id}`, { headers: bearer(admin) })).json();
    expect(record.tierId).toEqual(expect.any(String));
    expect(record.tierExpiresAt).toBeNull();
  });

  await test.step('the customer sees their prices per slot, named, and holds across the peak boundary for their total', async () => {
    await useSession(page, customer);
    await page.goto(`/facility-booking/${court._id}`);
    await hydrated(page);
    await page.getByLabel('Date').fill(date);
    await expect(page.locator('main')).toContainText(/free slots? on/i);
    await expect(page.getByText(`${tierName} price`, { exact: true }).first()).toBeVisible();
    const slots = page.getByRole('list', { name: 'Free slots' });
    await expect(slots.getByRole('button', { name: new RegExp(`^${literal(times('17:00', '18:00'))}`) })).toContainText('$16.00');
    await expect(slots.getByRole('button', { name: new RegExp(`^${literal(times('18:00', '19:00'))}`) })).toContainText('$24.00');
    await slots.getByRole('button', { name: new RegExp(`^${literal(times('17:00', '18:00'))}`) }).click();
    await slots.getByRole('button', { name: new RegExp(`^${literal(times('18:00', '19:00'))}`) }).click();
    const summary = page.getByRole('complementary', { name: 'Booking summary' });
    await expect(summary).toContainText('$40.00');
    await expect(summary).toContainText(`${tierName} price`);
    await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
    const mine = (await (await request.get(`/api/bookings/user/${customer.user._id}`, { headers: bearer(customer) })).json()).data as { startTime: string; payableAmount: number }[];
    expect(mine.map((b) => [b.startTime, b.payableAmount])).toEqual([['17:00', 40]]);
    // Anyone else sees the public prices.
    const visitor = (await (await request.get(`/api/check-availability?date=${date}&facility=${court._id}`)).json()).data as { startTime: string; price: number }[];
    expect(visitor.find((s) => s.startTime === '19:00')?.price).toBe(30);
  });
});
