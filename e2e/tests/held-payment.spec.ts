/**
 * A booking the desk holds for a customer's payment (a payment link) that the venue then moves
 * or cancels: the old payment page, and the site's return page, say why they no longer take
 * payment instead of a generic "cancelled".
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession, type Facility, type Session } from '../support/api.ts';
import { bearer } from '../support/console.ts';
import { snap } from '../support/screens.ts';
import { day, times } from '../support/clock.ts';

/** Two free afternoon slots at `facility` (one of the test's own) `daysAhead` days out, an hour apart. */
async function twoFreeSlots(request: APIRequestContext, facility: Facility, daysAhead: number) {
  const date = isoDate(daysAhead, facility.timezone);
  const res = await request.get(`/api/check-availability?date=${date}&facility=${facility._id}`);
  const late = ((await res.json()) as { data: { startTime: string; endTime: string }[] }).data.filter((s) => s.startTime >= '12:00');
  expect(late.length, `free afternoon slots at ${facility.name} on ${date}`).toBeGreaterThanOrEqual(3);
  return { date, first: late[0]!, second: late[2]! };
}

async function heldWithLink(request: APIRequestContext, staff: Session, customer: Session, facility: Facility, daysAhead: number) {
  const { date, first, second } = await twoFreeSlots(request, facility, daysAhead);
  const res = await request.post('/api/admin/bookings', {
    headers: bearer(staff),
    data: { facilityId: facility._id, date, startTime: first.startTime, endTime: first.endTime, userId: customer.user._id, payment: 'link' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { _id: string; paymentUrl: string };
  return { booking, date, second, paymentPath: new URL(booking.paymentUrl).pathname };
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('the old payment page of a held booking the venue moved says where it went; once cancelled, that the venue cancelled it', async ({ page, request, ownFacility }) => {
  const staff = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'heldpayer');
  const { booking, date, second, paymentPath } = await heldWithLink(request, staff, customer, await ownFacility(), 13);
  const orderId = paymentPath.split('/').at(-1)!;

  // The hosted page takes payment while the booking is held as it was sold.
  await page.goto(paymentPath);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();

  const moved = await request.put(`/api/admin/bookings/${booking._id}`, {
    headers: bearer(staff),
    data: { date, startTime: second.startTime, endTime: second.endTime, confirmPriceChange: true },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto(paymentPath);
  await expect(page.getByText(`This booking was moved to ${day(date)}, ${times(second.startTime, second.endTime)}: use the new payment link in your email.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await snap(page, 'held-payment-moved-pay-page');

  // The site's return page (where a provider's Cancel leads) says the same.
  await useSession(page, customer);
  await page.goto(`/payment/cancelled?order=${orderId}`);
  await expect(heading(page, 'This booking can no longer be paid')).toBeVisible();
  await expect(page.getByText(/This booking was moved to .*: use the new payment link in your email\./)).toBeVisible();
  await snap(page, 'held-payment-moved-return');

  // Staff cancel it: the page now says the venue cancelled it.
  const cancelled = await request.delete(`/api/admin/bookings/${booking._id}`, { headers: bearer(staff) });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.goto(`/payment/cancelled?order=${orderId}`);
  await expect(page.getByText(/was cancelled by the venue, so it can no longer be paid/)).toBeVisible();
  await snap(page, 'held-payment-cancelled-return');
  await page.goto(paymentPath);
  await expect(page.getByText(/was cancelled by the venue, so it can no longer be paid/)).toBeVisible();
  await snap(page, 'held-payment-cancelled-pay-page');
});
