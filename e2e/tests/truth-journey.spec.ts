/**
 * What a person reads is what happens, along one member's whole journey. A court with an evening
 * peak ($20 an hour, $30 from 18:00), a 12-hour cancellation rule and a 10-minute changeover; a
 * member whose tier takes 20% off; a promo code for 10% more. The member books 17:00-19:00 across
 * the peak boundary and pays with the code. Find a court, the facility page, the booking step,
 * checkout, the hosted payment page, the success page, both emails, My bookings, the cancel dialog
 * and the back office each say the same price ($16 + $24 = $40 for the member, $36 paid), the same
 * rule (12 hours), the same times on the venue's clock (play until 18:50), and the server charges,
 * records and refunds exactly that.
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, openConsole, snapConsole } from '../support/console.ts';
import { clock, day, instantTime, times, zone } from '../support/clock.ts';
import { hydrated } from '../support/islands.ts';
import { waitForMail } from '../support/mailbox.ts';
import { snap } from '../support/screens.ts';
import { EVENING_PEAK } from '../support/own-facility.ts';

const TZ = 'America/New_York';

interface BookingView {
  _id: string;
  startTime: string;
  endTime: string;
  playEndTime: string;
  payableAmount: number;
  paidAmount: number | null;
  cancellableUntil: string | null;
  status: string;
}

test('a member with a promo code books across the peak: every page, email and the back office say what the server charges and will do', async ({ page, request, ownFacility }) => {
  test.setTimeout(180_000);
  const staff = await loginAdmin(request);
  const tag = Date.now().toString(36);
  const court = await ownFacility({ pricePerHour: 20, imageUrl: '/images/facilities/basketball.svg', timezone: TZ, sport: 'basketball', priceRules: EVENING_PEAK, policy: { cancellationHours: 12, bufferMinutes: 10 } });
  const { name } = court;
  const tierName = `Member ${tag}`;
  const tier = await request.post('/api/admin/tiers', { headers: bearer(staff), data: { name: tierName, discountPercent: 20 } });
  expect(tier.status(), await tier.text()).toBe(201);
  const code = `TRUTH-${tag.toUpperCase()}`;
  const promo = await request.post('/api/admin/promo-codes', { headers: bearer(staff), data: { code, percentOff: 10, facilityIds: [court._id] } });
  expect(promo.status(), await promo.text()).toBe(201);
  const member = await signUpAndLogin(request, 'truth');
  const assigned = await request.put(`/api/admin/users/${member.user._id}`, { headers: bearer(staff), data: { tierId: ((await tier.json()) as { id: string }).id } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const date = isoDate(4, TZ);
  const slotName = (start: string, end: string, price: string) => `${name}, ${clock(start)} to ${clock(end)}, 50 min play, ${price}`;
  const mine = async (): Promise<BookingView> => {
    const all = (await (await request.get(`/api/bookings/user/${member.user._id}`, { headers: bearer(member) })).json()).data as BookingView[];
    const found = all.find((b) => b.startTime === '17:00' && b.status !== 'cancelled') ?? all.find((b) => b.startTime === '17:00');
    expect(found, 'the member booking at 17:00').toBeTruthy();
    return found!;
  };

  await useSession(page, member);

  await test.step('Find a court: the member price of each slot, and its play', async () => {
    await page.goto(`/find?date=${date}&sport=basketball`);
    await expect(page.getByRole('link', { name: slotName('17:00', '18:00', '$16.00'), exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: slotName('18:00', '19:00', '$24.00'), exact: true })).toBeVisible();
    await snap(page, 'truth-journey-find');
  });

  await test.step('the facility page: the member price, labelled, and the rules that apply', async () => {
    await page.goto(`/facilities/${court._id}?date=${date}`);
    const price = page.locator('main .price');
    await expect(price).toContainText(`${tierName} price from $16.00 / hour`);
    await expect(price).toContainText('List price from $20.00 / hour');
    const rules = page.getByTestId('facility-rules');
    await expect(rules).toContainText('up to 12 hours before the start');
    await expect(rules).toContainText('Changeover');
    await expect(rules).toContainText('50 minutes of play');
    await expect(page.getByRole('link', { name: slotName('18:00', '19:00', '$24.00'), exact: true })).toBeVisible();
    await snap(page, 'truth-journey-facility');
  });

  await test.step('the booking step: 17:00 for two hours is $40.00 for the member', async () => {
    await page.getByRole('link', { name: slotName('17:00', '18:00', '$16.00'), exact: true }).click();
    await expect(page).toHaveURL(/\/book\?facility=/);
    await hydrated(page);
    await expect(page.getByLabel('Start time')).toHaveValue('17:00');
    await page.getByLabel('Length', { exact: true }).selectOption({ label: '2 hours · $40.00' });
    const summary = page.getByRole('complementary', { name: 'Booking summary' });
    await expect(summary).toContainText(times('17:00', '19:00'));
    await expect(summary).toContainText('$40.00');
    await expect(summary).toContainText('up to 12 hours before the start');
    await snap(page, 'truth-journey-step');
    await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
  });

  await test.step('checkout: the line, its play, its rule, and the code taking $4.00 off', async () => {
    const main = page.locator('main');
    const line = main.locator('.checkout-lines li', { hasText: name });
    await expect(line).toContainText(times('17:00', '19:00'));
    await expect(line).toContainText('$40.00');
    await expect(line).toContainText(`play until ${clock('18:50')}`);
    await expect(main).toContainText('Free cancellation up to 12 hours before the start');
    await expect(main).not.toContainText('24 hours');
    await main.getByLabel('Promo code').fill(code.toLowerCase());
    await main.locator('.checkout-promo').getByRole('button', { name: 'Apply' }).click();
    await expect(main.locator('.checkout-promo').getByRole('status')).toContainText(`Promo code ${code} applied: $4.00 off.`);
    await snap(page, 'truth-journey-checkout');
    await main.getByRole('button', { name: 'Pay $36.00' }).click();
  });

  await test.step('the hosted payment page: the date and times as everywhere else, and $36.00', async () => {
    await expect(page).toHaveURL(/\/pay\//);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(day(date));
    await expect(row).toContainText(times('17:00', '19:00'));
    await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
    await expect(page.getByText('Total $36.00')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(date);
    await page.getByRole('button', { name: 'Pay $36.00' }).click();
    await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
  });

  const booking = await mine();
  await test.step('the server charged $36.00, and keeps the rule and the play it showed', async () => {
    expect(booking).toMatchObject({ status: 'confirmed', endTime: '19:00', playEndTime: '18:50', payableAmount: 40, paidAmount: 36 });
    expect(instantTime(Date.parse(booking.cancellableUntil!), TZ), 'cancellable until 12 hours before 17:00').toBe(clock('05:00'));
    const payments = (await (await request.get('/api/admin/payments', { headers: bearer(staff) })).json()) as { user: { email: string }; amount: number; discount: number; promoCode: string | null }[];
    expect(payments.find((p) => p.user.email === member.user.email)).toMatchObject({ amount: 36, discount: 4, promoCode: code });
  });

  await test.step('the success page: the facility, the time, the play and the rule', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(times('17:00', '19:00'));
    await expect(item).toContainText(`play until ${clock('18:50')}`);
    await expect(item).toContainText('Reference');
    await expect(page.locator('main')).toContainText('up to 12 hours before the start');
    await snap(page, 'truth-journey-success');
  });

  await test.step('the confirmation email: the same day, times, zone, play and amount paid', async () => {
    const mail = await waitForMail(member.user.email, `Booking confirmed: ${name}`);
    const text = mail.text ?? '';
    expect(text).toContain(day(date));
    expect(text).toContain(times('17:00', '19:00'));
    expect(text).toContain(zone(TZ));
    expect(text).toContain(`Play ends at ${clock('18:50')}`);
    expect(text).toContain('Paid: $36.00');
    expect(text).toContain(`Promo code ${code}: $4.00 off`);
    expect(text).toContain(`Free cancellation until ${day(booking.cancellableUntil!.slice(0, 10))}, ${instantTime(Date.parse(booking.cancellableUntil!), TZ)} (${zone(TZ)})`);
    expect(text).not.toContain('$40.00');
    expect(text).not.toContain(TZ);
  });

  await test.step('the back office: the price, what was paid after the code, and the play', async () => {
    await openConsole(page, staff, `/bookings/${booking._id}/show`);
    const main = page.locator('main');
    await expect(main).toContainText(`Paid $36.00 after a promo code`);
    await expect(main).toContainText(times('17:00', '19:00'));
    await expect(main).toContainText(`play until ${clock('18:50')}`);
    await snapConsole(page, 'truth-journey-back-office');
  });

  await test.step('My bookings and the cancel dialog: $36.00 paid, $36.00 back, the deadline 12 hours before', async () => {
    // The back office signed this browser in as staff (one origin): the member signs in again.
    await useSession(page, member);
    await page.goto('/dashboard/userBookings');
    await hydrated(page);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(times('17:00', '19:00'));
    await expect(row).toContainText(`play until ${clock('18:50')}`);
    await expect(row).toContainText('$36.00');
    await expect(row).not.toContainText('$40.00');
    await expect(row).toContainText(`Free cancellation until`);
    await expect(row).toContainText(clock('05:00'));
    await snap(page, 'truth-journey-my-bookings');
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Your $36.00 will be refunded in full');
    await expect(dialog).not.toContainText('$40.00');
    await snap(page, 'truth-journey-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('$36.00 back to you');
  });

  await test.step('the cancellation email: the refund is what was paid, and the server gave back exactly that', async () => {
    const mail = await waitForMail(member.user.email, `Booking cancelled: ${name}`);
    const text = mail.text ?? '';
    expect(text).toContain(times('17:00', '19:00'));
    expect(text).toContain('$36.00');
    expect(text).not.toContain('$40.00');
    const after = await mine();
    expect(after).toMatchObject({ status: 'cancelled', paidAmount: 36 });
  });
});
