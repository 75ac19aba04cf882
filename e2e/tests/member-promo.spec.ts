/**
 * Prices as a venue sets them, end to end: a court with an evening peak, a Member tier (20% off)
 * and a promo code (10% off). A signed-in member sees member prices per slot, books 17:00-19:00
 * across the peak boundary, applies the code at checkout and pays exactly what the rules say on
 * the hosted payment page; the order records that amount.
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { literal, times } from '../support/clock.ts';
import { EVENING_PEAK } from '../support/own-facility.ts';

test('a member sees member prices, books across the peak, applies a promo code and pays the right amount', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const staff = await loginAdmin(request);
  const tag = Date.now().toString(36);

  // $20 an hour, $30 from 18:00; members pay 20% less: $16 and $24.
  const court = await ownFacility({ pricePerHour: 20, priceRules: EVENING_PEAK });
  const tier = await request.post('/api/admin/tiers', { headers: bearer(staff), data: { name: `Member ${tag}`, discountPercent: 20 } });
  expect(tier.status(), await tier.text()).toBe(201);
  const code = `MEMBER-${tag.toUpperCase()}`;
  const promo = await request.post('/api/admin/promo-codes', { headers: bearer(staff), data: { code, percentOff: 10, facilityIds: [court._id] } });
  expect(promo.status(), await promo.text()).toBe(201);

  const member = await signUpAndLogin(request, 'member');
  const assigned = await request.put(`/api/admin/users/${member.user._id}`, { headers: bearer(staff), data: { tierId: ((await tier.json()) as { id: string }).id } });
  expect(assigned.status(), await assigned.text()).toBe(200);

  await test.step('member prices per slot, and a hold across the peak boundary for their sum', async () => {
    await useSession(page, member);
    await page.goto(`/facility-booking/${court._id}`);
    await hydrated(page);
    await page.getByLabel('Date').fill(isoDate(4));
    await expect(page.getByText(`Member ${tag} price`, { exact: true }).first()).toBeVisible();
    const slots = page.getByRole('list', { name: 'Free slots' });
    await expect(slots.getByRole('button', { name: new RegExp(`^${literal(times('17:00', '18:00'))}`) })).toContainText('$16.00');
    await expect(slots.getByRole('button', { name: new RegExp(`^${literal(times('18:00', '19:00'))}`) })).toContainText('$24.00');
    await page.getByLabel('Start time').selectOption('17:00');
    await page.getByLabel('Length', { exact: true }).selectOption('19:00');
    await expect(page.getByRole('complementary', { name: 'Booking summary' })).toContainText('$40.00');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
  });

  await test.step('the promo code at checkout: 10% off the member total', async () => {
    await page.goto('/dashboard/checkoutForPayment');
    const main = page.locator('main');
    await expect(main.getByRole('button', { name: 'Pay $40.00' })).toBeVisible();
    await main.getByLabel('Promo code').fill(code.toLowerCase());
    await main.locator('.checkout-promo').getByRole('button', { name: 'Apply' }).click();
    await expect(main.locator('.checkout-promo').getByRole('status')).toContainText(`Promo code ${code} applied: $4.00 off.`);
    await main.getByRole('button', { name: 'Pay $36.00' }).click();
  });

  await test.step('the hosted page charges $36.00 and the order says so', async () => {
    await expect(page).toHaveURL(/\/pay\//);
    await expect(page.getByText('Total $36.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $36.00' }).click();
    await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    const payments = (await (await request.get('/api/admin/payments', { headers: bearer(staff) })).json()) as { user: { email: string }; amount: number; discount: number; promoCode: string | null }[];
    expect(payments.find((p) => p.user.email === member.user.email)).toMatchObject({ amount: 36, discount: 4, promoCode: code });
    const mine = (await (await request.get(`/api/bookings/user/${member.user._id}`, { headers: bearer(member) })).json()).data as { startTime: string; status: string }[];
    expect(mine.map((b) => [b.startTime, b.status])).toEqual([['17:00', 'confirmed']]);
  });
});
