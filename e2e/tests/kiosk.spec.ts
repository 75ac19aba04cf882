/**
 * The kiosk at the door. A customer books and pays a slot starting within the next quarter of an
 * hour; a manager adds a door device in the back office and copies its key (shown once); the
 * tablet at the door is signed in with it at /checkin; the customer types the booking's code and
 * reads the welcome; a wrong code is refused in words; the device shows as seen in the back office,
 * and the day grid shows the booking checked in.
 */
import { localTimes } from '@courtside/domain';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin } from '../support/api.ts';
import { bearer, checkOut, expectAccessible, gotoConsole, openConsole, payThroughApi, snapConsole } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import { instantTime } from '../support/clock.ts';
import { dayColumn } from '../support/front-desk.ts';
import { ACCESS_OPENS_MINUTES } from '../support/env.ts';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const allDay = { open: '00:00', close: '24:00' };

test('a device made in the back office signs the kiosk in; the code of a booking starting soon opens the door', async ({ page, browser, request, ownFacility }) => {
  test.setTimeout(240_000);
  const facility = await ownFacility({
    slotMinutes: 15,
    maxBookingMinutes: 60,
    openingHours: { sun: allDay, mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay },
  });
  const customer = await signUpAndLogin(request, 'kiosk');
  const admin = await loginAdmin(request);

  // The next quarter-hour slot at least two minutes away (time to book and pay it): it starts within
  // 17 minutes, and this server's codes open the door ACCESS_OPENS_MINUTES (30) before the start.
  const start = Math.ceil((Date.now() + 2 * MINUTE) / QUARTER) * QUARTER;
  expect(start - Date.now()).toBeLessThan((ACCESS_OPENS_MINUTES - 10) * MINUTE);
  const slot = localTimes(new Date(start), new Date(start + 2 * QUARTER), facility.timezone);

  const booking = await test.step('the customer books and pays the slot', async () => {
    const held = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: facility._id, ...slot } });
    expect(held.status(), await held.text()).toBe(201);
    const data = (await held.json()).data as { _id: string; date: string; startTime: string; endTime: string; payableAmount: number };
    const { paymentUrl } = await checkOut(request, customer, [{ facility, booking: data }]);
    await payThroughApi(request, paymentUrl);
    const read = await request.get(`/api/bookings/${data._id}`, { headers: bearer(admin) });
    const code = ((await read.json()).data as { accessCode: string | null }).accessCode;
    expect(code).toMatch(/^\d{6}$/);
    return { ...data, code: code! };
  });

  const key = await test.step('a manager adds a door device and copies its key, shown once', async () => {
    await openConsole(page, admin, '/devices/create');
    await page.getByRole('textbox', { name: 'Name' }).fill(`Gate of ${facility.name}`);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('you will not see it again');
    const value = await dialog.getByRole('textbox', { name: 'Device key' }).inputValue();
    expect(value).toMatch(/^csd_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.locator('tbody tr', { hasText: `Gate of ${facility.name}` })).toContainText('Not used yet');
    return value;
  });

  // The tablet at the door: a browser of its own (a context of its own, as axe opens pages in it).
  const tabletContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tablet = await tabletContext.newPage();
  await test.step('staff sign the tablet in as the device', async () => {
    await tablet.goto('/checkin');
    await hydrated(tablet);
    await expect(tablet.getByRole('heading', { name: 'Sign in this device' })).toBeVisible();
    await tablet.getByLabel('Device key').fill(key);
    await tablet.getByRole('button', { name: 'Sign in this device' }).click();
    await expect(tablet.getByRole('heading', { name: 'Check in' })).toBeVisible();
    await expectAccessible(tablet, 'the kiosk keypad');
    await snap(tablet, 'kiosk-keypad');
  });

  await test.step('the customer types the code and is welcomed; the answer clears for the next player', async () => {
    for (const digit of booking.code) await tablet.getByRole('button', { name: digit, exact: true }).click();
    const until = instantTime(start + 2 * QUARTER, facility.timezone);
    await expect(tablet.getByRole('status')).toHaveText(`Welcome, E2E: ${facility.name} until ${until}`);
    await expectAccessible(tablet, 'the kiosk welcome');
    await snap(tablet, 'kiosk-welcome');
    await expect(tablet.getByRole('status')).toHaveText('', { timeout: 15_000 });
  });

  await test.step('a wrong code is refused in words', async () => {
    const wrong = booking.code === '000000' ? '000001' : '000000';
    await tablet.keyboard.type(wrong);
    await expect(tablet.getByRole('status')).toHaveText('This code is not valid. Please check it and try again.');
  });

  await test.step('the back office shows the device as seen', async () => {
    // The list is still open from the first step: read it again.
    await page.reload();
    await gotoConsole(page, '/devices');
    const row = page.locator('tbody tr', { hasText: `Gate of ${facility.name}` });
    await expect(row).toContainText('Active');
    await snapConsole(page, 'admin-devices');
  });

  await test.step('the day grid shows the booking checked in, by the device', async () => {
    await gotoConsole(page, `/day-view?date=${booking.date}&view=grid`);
    const block = dayColumn(page, facility).getByTestId('day-booking');
    await expect(block).toHaveAttribute('data-attendance', 'checked_in');
    await expect(block.getByTestId('attendance-mark')).toHaveText('In');
  });
  await tabletContext.close();
});
