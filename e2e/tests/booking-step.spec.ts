/**
 * One booking step, wherever booking starts. A member (a tier with 20% off) sees their own price
 * on the facility list, the facility page, its free-slot chips and the step's header; tapping a chip and pressing
 * Book Now both open the same step (a start, a length the facility takes, each length priced,
 * Book); checkout lists each held slot with Remove (the hold is released) and + Add another slot,
 * which opens the step again on that court and day, the sport kept.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession, type Session } from '../support/api.ts';
import { bearer } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import { clock, times } from '../support/clock.ts';
import { EVENING_PEAK, type FacilityData } from '../support/own-facility.ts';

/** A badminton court of this spec's own: $20 an hour, $30 from 18:00, at most 3 hours a booking. */
const STEP_COURT: FacilityData = {
  pricePerHour: 20,
  imageUrl: '/images/facilities/badminton.svg',
  sport: 'badminton',
  maxBookingMinutes: 180,
  priceRules: EVENING_PEAK,
};

/** A customer whose tier takes 20% off everywhere. */
async function member(request: APIRequestContext, admin: Session, tierName: string): Promise<Session> {
  const customer = await signUpAndLogin(request, 'stepmember');
  const tier = await request.post('/api/admin/tiers', { headers: bearer(admin), data: { name: tierName, discountPercent: 20 } });
  expect(tier.status(), await tier.text()).toBe(201);
  const assigned = await request.put(`/api/admin/users/${customer.user._id}`, { headers: bearer(admin), data: { tierId: (await tier.json()).id } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return customer;
}

const options = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('option').evaluateAll((os) => os.map((o) => o.textContent ?? ''));

test('a chip and Book Now open the same step; member prices everywhere; Remove and + Add another slot at checkout', async ({ page, request, browser, baseURL, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const tag = Date.now().toString(36);
  const court = await ownFacility(STEP_COURT);
  const tierName = `Member ${tag}`;
  const customer = await member(request, admin, tierName);
  const date = isoDate(2);
  await test.step('a visitor sees the list price on the facility page', async () => {
    const context = await browser.newContext({ baseURL });
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/facilities/${court._id}?date=${date}`);
      await visitor.waitForLoadState('networkidle');
      await expect(visitor.locator('main .price')).toHaveText('Price: from $20.00 / hour');
      await expect(visitor.getByRole('link', { name: `${court.name}, ${clock('17:00')} to ${clock('18:00')}, $20.00`, exact: true })).toBeVisible();
      await visitor.goto('/facilities-list');
      await expect(visitor.locator('main .facility-card', { hasText: court.name }).locator('.price')).toHaveText('Price: from $20.00 / hour');
    } finally {
      await context.close();
    }
  });

  await useSession(page, customer);
  await test.step('the member sees their own price, labelled, and their price on every free slot', async () => {
    await page.goto(`/facilities/${court._id}?date=${date}`);
    const price = page.locator('main .price');
    await expect(price).toContainText(`${tierName} price from $16.00 / hour`);
    await expect(price).toContainText('List price from $20.00 / hour');
    await expect(page.locator('#free-slots')).toContainText(`${tierName} price: every price below is yours.`);
    await expect(page.getByRole('link', { name: `${court.name}, ${clock('18:00')} to ${clock('19:00')}, $24.00`, exact: true })).toBeVisible();
    await snap(page, 'booking-step-facility-member');
    // The facility list's card says the same.
    await page.goto('/facilities-list');
    await expect(page.locator('main .facility-card', { hasText: court.name }).locator('.price')).toContainText(`${tierName} price from $16.00 / hour`);
    await snap(page, 'booking-step-list-member');
  });

  await test.step('tapping a chip opens the step on that slot, with a choice of length, each priced for the member', async () => {
    await page.goto(`/facilities/${court._id}?date=${date}`);
    await page.getByRole('link', { name: `${court.name}, ${clock('17:00')} to ${clock('18:00')}, $16.00`, exact: true }).click();
    await expect(page).toHaveURL(/\/book\?facility=/);
    await hydrated(page);
    await expect(page.locator('.facility-strip')).toContainText(`${tierName} price from $16.00 / hour`);
    await expect(page.getByLabel('Start time')).toHaveValue('17:00');
    // The longest booking is 3 hours; 18:00 on is peak ($30, $24 for the member).
    expect(await options(page, 'Length')).toEqual(['1 hour · $16.00', '2 hours · $40.00', '3 hours · $64.00']);
    await page.getByLabel('Length', { exact: true }).selectOption({ label: '2 hours · $40.00' });
    const summary = page.getByRole('complementary', { name: 'Booking summary' });
    await expect(summary).toContainText(times('17:00', '19:00'));
    await expect(summary).toContainText(`${tierName} price$40.00`);
    await snap(page, 'booking-step-from-chip');
    await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
    const line = page.locator('main .checkout-lines li', { hasText: court.name });
    await expect(line).toContainText(times('17:00', '19:00'));
    await expect(line).toContainText('$40.00');
  });

  await test.step('Book Now opens the same step: a date, a start, a length', async () => {
    await page.goto(`/facilities/${court._id}`);
    await page.getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/facility-booking/${court._id}$`));
    await hydrated(page);
    await page.getByLabel('Date').fill(date);
    await page.getByLabel('Start time').selectOption('20:00');
    expect(await options(page, 'Length')).toEqual(['1 hour · $24.00', '2 hours · $48.00']);
    await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
    await expect(page.locator('main .checkout-lines li', { hasText: court.name })).toHaveCount(2);
    await snap(page, 'booking-step-checkout');
  });

  await test.step('Remove releases a held slot', async () => {
    const evening = page.locator('main .checkout-lines li', { hasText: times('20:00', '21:00') });
    await evening.getByRole('button', { name: /^Remove / }).click();
    await expect(evening).toHaveCount(0);
    await expect(page.locator('main .checkout-lines li', { hasText: court.name })).toHaveCount(1);
    await expect(page.locator('main .checkout-total')).toContainText('$40.00');
    const mine = (await (await request.get(`/api/bookings/user/${customer.user._id}`, { headers: bearer(customer) })).json()).data as { startTime: string; status: string }[];
    expect(mine.find((b) => b.startTime === '20:00')?.status).toBe('cancelled');
    // The released hour is free again for anyone.
    const free = (await (await request.get(`/api/check-availability?date=${date}&facility=${court._id}`)).json()).data as { startTime: string }[];
    expect(free.map((s) => s.startTime)).toContain('20:00');
  });

  await test.step('+ Add another slot opens the step again on that court and day, the sport kept', async () => {
    await page.locator('main').getByRole('link', { name: '+ Add another slot' }).click();
    await expect(page).toHaveURL(new RegExp(`/facility-booking/${court._id}\\?date=${date}$`));
    await hydrated(page);
    await expect(page.getByLabel('Date')).toHaveValue(date);
    await expect(page.getByLabel('Length', { exact: true })).toBeVisible();
    const more = page.getByRole('link', { name: 'More badminton on Find a court' });
    await expect(more).toHaveAttribute('href', `/find?date=${date}&sport=badminton`);
    await snap(page, 'booking-step-add-another');
  });
});
