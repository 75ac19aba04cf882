/**
 * Check-in at the desk, in Chromium against the real server: a booking of the current hour at a
 * facility that checks in shows in the Today list; staff check it in with one click there, the
 * list says by whom, the day grid marks the booking "In", and the dashboard counts it.
 * Screenshots of the Today list and the dashboard at phone and desktop widths.
 */
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin } from '../support/api.ts';
import { bearer, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { dayColumn } from '../support/front-desk.ts';

const ZONE = 'America/New_York';
const allDay = { open: '00:00', close: '24:00' };

/** The local date and the current hour on the venue's clock. */
function currentHour(): { date: string; startTime: string; endTime: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, startTime: clock(hour), endTime: clock(hour + 1) };
}

test('staff check a booking in from the Today list; the day grid shows it checked in', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'arriving');
  const facility = await ownFacility({
    timezone: ZONE,
    slotMinutes: 60,
    openingHours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
    policy: { checkIn: 'on' },
  });
  const at = currentHour();
  const desk = await request.post('/api/admin/bookings', {
    headers: bearer(admin),
    data: { facilityId: facility._id, ...at, userId: customer.user._id, payment: 'desk', lateEntry: true },
  });
  expect(desk.status(), await desk.text()).toBe(201);
  const name = customer.user.name;

  await openConsole(page, admin, '/today');
  const row = page.getByTestId('today-booking').filter({ hasText: facility.name });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText(name);
  await expect(row.getByTestId('today-attendance')).toHaveText('Not checked in');

  await row.getByRole('button', { name: `Check in: ${name}` }).click();
  await expect(row.getByTestId('today-attendance')).toContainText(/^Checked in .+ by /);
  await expect(row.getByRole('button', { name: `Undo check-in: ${name}` })).toBeVisible();
  await snapConsole(page, 'admin-today');

  await gotoConsole(page, `/day-view?date=${at.date}&view=grid`);
  const block = dayColumn(page, facility).getByTestId('day-booking');
  await expect(block).toHaveAttribute('data-attendance', 'checked_in');
  await expect(block.getByTestId('attendance-mark')).toHaveText('In');

  await gotoConsole(page, '/');
  await expect(page.getByTestId('door-figures')).toContainText(/Today: \d+ of \d+ checked in/, { timeout: 30_000 });
  await expect(page.getByTestId('door-figures')).toContainText(facility.name);
  await snapConsole(page, 'admin-dashboard-door');
});
