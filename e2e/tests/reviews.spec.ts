/**
 * Rate and review, as a player and the venue live it: a booking that has ended shows "Rate this
 * court" in My bookings; the player rates it with the keyboard; the facility page and its card
 * show the average and the review by a "Verified player", never a name; staff hide it in the
 * back office and it leaves the page.
 *
 * An ended booking without a backdoor: staff book the current hour at the desk (paid there) on
 * a new court in Honolulu, then correct the court's time zone to Kiritimati, which keeps the
 * booking's wall-clock time (the product's rule for a time-zone fix): the same 10:00 is then a
 * day earlier, over.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin, useSession, type Facility, type Session } from '../support/api.ts';
import { signInAtConsole } from '../support/back-office.ts';
import { bearer, gotoConsole } from '../support/console.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import type { FacilityData } from '../support/own-facility.ts';

const FROM_ZONE = 'Pacific/Honolulu';
const TO_ZONE = 'Pacific/Kiritimati';
const allDay = { open: '00:00', close: '24:00' };

/** The local date and the current hour on `timeZone`'s clock. */
function currentHour(timeZone: string): { date: string; startTime: string; endTime: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const start = Number(parts.hour) * 60;
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, startTime: clock(start), endTime: clock(start + 60) };
}

/** The court of the spec's own: open all day in Honolulu. */
const REVIEW_COURT: FacilityData = {
  pricePerHour: 24,
  description: 'An outdoor hard court.',
  sport: 'tennis',
  timezone: FROM_ZONE,
  slotMinutes: 60,
  maxBookingMinutes: 120,
  openingHours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
};

/** A confirmed, paid booking of `customer` that has already ended, on `facility` (a REVIEW_COURT). */
async function endedBooking(request: APIRequestContext, staff: Session, customer: Session, facility: Facility): Promise<{ facility: Facility; bookingId: string }> {
  // Started earlier today and not over: the desk may book it (paid at the desk).
  const desk = await request.post('/api/admin/bookings', {
    headers: bearer(staff),
    data: { facilityId: facility._id, ...currentHour(FROM_ZONE), userId: customer.user._id, payment: 'desk', lateEntry: true },
  });
  expect(desk.status(), await desk.text()).toBe(201);
  const bookingId = ((await desk.json()) as { id: string }).id;
  const moved = await request.put(`/api/facility/${facility._id}`, { headers: bearer(staff), data: { timezone: TO_ZONE, confirmTimezoneChange: true } });
  expect(moved.status(), await moved.text()).toBe(200);
  return { facility, bookingId };
}

test('a player rates a court after playing; the page shows it without a name; staff hide it', async ({ page, request, ownFacility }) => {
  const staff = await loginAdmin(request);
  const player = await signUpAndLogin(request, 'reviewer');
  const { facility } = await endedBooking(request, staff, player, await ownFacility(REVIEW_COURT));
  const comment = 'Fast surface, good lights.\nNets could be tighter.';

  // My bookings: the ended booking offers "Rate this court".
  await useSession(page, player);
  await page.goto('/dashboard/userBookings');
  await hydrated(page);
  const rate = page.getByRole('button', { name: new RegExp(`^Rate this court: ${facility.name}`) });
  await expect(rate).toBeVisible();
  await rate.click();
  const form = page.getByRole('form', { name: `Rate ${facility.name}` });
  await expect(form).toBeVisible();
  // Stars by keyboard: the first star has the focus; arrows move along the group.
  await expect(form.getByRole('radio', { name: '1 star' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Comment').fill(comment);
  await snap(page, 'reviews-rate-form');
  await form.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByText('You rated it 4/5')).toBeVisible();
  await expect(rate).toHaveCount(0);
  // Still there after a reload: the server has it.
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('You rated it 4/5')).toBeVisible();

  // The facility page: the average, the review, a verified player and a month, no name.
  await page.goto(`/facilities/${facility._id}`);
  await expect(page.getByRole('link', { name: 'Rated 4.0 out of 5 from 1 review' })).toHaveText('4.0 ★ from 1 review');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Fast surface, good lights.')).toBeVisible();
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(reviews.getByText(`Verified player · ${month}`)).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(player.user.name);
  expect(html).not.toContain(player.user.email);
  await snap(page, 'reviews-facility-page');

  // The facility list's card says it too.
  await page.goto('/facilities-list');
  const card = page.locator('.facility-card', { hasText: facility.name });
  await expect(card.getByText('4.0 ★ from 1 review')).toBeVisible();

  // Staff see who wrote it and hide it.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAtConsole(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Today at Courtside' })).toBeVisible();
  await gotoConsole(page, '/reviews');
  const row = page.getByRole('row', { name: new RegExp(facility.name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(player.user.name)).toBeVisible();
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
  await dialog.getByLabel('Reason (optional, for staff)').fill('Testing moderation');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Unhide' })).toBeVisible();
  await snap(page, 'reviews-admin-list');

  // Gone from the page, and from its average.
  await page.goto(`/facilities/${facility._id}`);
  await expect(page.getByRole('region', { name: 'Reviews' }).getByText('No reviews yet')).toBeVisible();
  await expect(page.getByText('Fast surface, good lights.')).toHaveCount(0);
  await expect(page.getByText(/★ from \d+ review/)).toHaveCount(0);
});
