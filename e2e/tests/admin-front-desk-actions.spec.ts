/**
 * The front desk acting on the day, in Chromium against the real server: staff book
 * a walk-in from a free cell of the grid and take payment at the desk (it shows in Payments),
 * mark a "pay later" booking paid; drag a booking to another facility (a refused move says why
 * and changes nothing); close a facility over a paid booking, see it, and cancel it with a
 * refund; set up a 6-week series whose preview shows one date taken, which is skipped. On a
 * phone the day is a list with the same actions. Every new screen passes axe.
 *
 * Each test books facilities of its own (support/own-facility.ts). The moves go through the
 * grid's drop handler; the mouse's own drag is tried once, in a test of its own.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, type Session } from '../support/api.ts';
import { allAxeViolations, bearer, checkOut, gotoConsole, openConsole, payThroughApi, snapConsole } from '../support/console.ts';
import { clickFreeSlot, clock, dayColumn, dragByPointer, dropOnColumn } from '../support/front-desk.ts';
import { clock as readTime, times } from '../support/clock.ts';

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const shortDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const tag = () => Date.now().toString(36).slice(-5);
/** The hour the tests book: late in the day, in the middle of the grid's evening. */
const [startTime, endTime] = ['18:00', '19:00'];

async function expectNoAxeViolations(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const found = await allAxeViolations(page);
  expect(found, `axe violations on ${name}:\n${found.join('\n')}`).toEqual([]);
}

async function hold(request: Parameters<typeof checkOut>[0], who: Session, facilityId: string, date: string, startTime: string, endTime: string) {
  const res = await request.post('/api/bookings', { headers: bearer(who), data: { facility: facilityId, date, startTime, endTime } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; date: string; startTime: string; endTime: string; payableAmount: number };
}

test('staff book a walk-in from a free cell and take payment at the desk; it shows in Payments; a pay-later booking is marked paid', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const facility = await ownFacility();
  const date = isoDate(9, facility.timezone);
  const name = `Wanda Walkin ${tag()}`;
  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);

  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await test.step('a free cell opens the dialog with facility, date and times filled in', async () => {
    await clickFreeSlot(page, facility, startTime);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: /^Facility/ })).toHaveText(facility.name);
    await expect(dialog.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(date);
    await expect(dialog.getByRole('combobox', { name: /^Start/ })).toHaveText(readTime(startTime));
    await expect(dialog.getByRole('combobox', { name: /^End/ })).toHaveText(readTime(endTime));
    await expect(dialog.getByTestId('booking-price')).toContainText(usd(facility.pricePerHour));
    await expect(dialog).toContainText('Public price: find the customer to see theirs');
    // The keyboard starts in the customer search.
    await expect(dialog.getByRole('combobox', { name: 'Customer' })).toBeFocused();
    await expectNoAxeViolations(page, 'the booking dialog');
  });

  await test.step('a walk-in, paid at the desk, booked with Enter', async () => {
    await dialog.getByRole('button', { name: 'Walk-in' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555 0142');
    await expect(dialog.getByRole('radio', { name: 'Paid at desk' })).toBeChecked();
    await snapConsole(page, 'admin-front-desk-dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
    const booked = page.getByRole('dialog', { name: 'Booked' });
    await expect(booked).toContainText(`for ${name}`);
    await expect(booked).toContainText(`Paid at the desk: ${usd(facility.pricePerHour)}`);
    await expect(booked.getByRole('button', { name: 'Done' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(booked).toBeHidden();
    await expect(dayColumn(page, facility).getByRole('button', { name: new RegExp(`^${name} ${times(startTime, endTime)} · Confirmed · Paid`) })).toBeVisible();
  });

  await test.step('the money shows in Payments, taken at the front desk', async () => {
    await gotoConsole(page, '/payments');
    await page.getByPlaceholder('Customer name or email').fill(name);
    const row = page.locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Front desk');
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(usd(facility.pricePerHour));
    await expect(row).toContainText(facility.name);
  });

  await test.step("a pay-later booking is marked paid from the day view's booking actions", async () => {
    const other = await ownFacility();
    const later = `Larry Later ${tag()}`;
    const made = await request.post('/api/admin/bookings', {
      headers: bearer(admin),
      data: { facilityId: other._id, date, startTime, endTime, guest: { name: later }, payment: 'unpaid' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await gotoConsole(page, `/day-view?date=${date}&view=grid`);
    const block = dayColumn(page, other).getByRole('button', { name: new RegExp(`^${later} ${times(startTime, endTime)} · Confirmed · Unpaid$`) });
    await block.click();
    const actions = page.getByRole('dialog', { name: `Booking of ${later}` });
    await expect(actions).toContainText('Unpaid');
    await actions.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('dialog', { name: `Mark ${usd(other.pricePerHour)} as paid?` })).toBeVisible();
    await page.getByRole('dialog', { name: /as paid\?$/ }).getByRole('button', { name: 'Mark paid' }).click();
    await expect(notification(page, 'Marked paid at the desk')).toBeVisible();
    await expect(dayColumn(page, other).getByRole('button', { name: new RegExp(`^${later} ${times(startTime, endTime)} · Confirmed · Paid`) })).toBeVisible();
  });
});

test('a booking dropped on another facility moves; a move onto a taken slot is refused, says why, and changes nothing', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'mover');
  const [first, taken, free] = [await ownFacility(), await ownFacility(), await ownFacility()];
  const date = isoDate(10, first.timezone);
  const mine = await hold(request, customer, first._id, date, startTime, endTime);
  await hold(request, customer, taken._id, date, startTime, endTime);
  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
  const block = (facility: { name: string }) => dayColumn(page, facility).getByRole('button', { name: new RegExp(`^${customer.user.name} ${times(startTime, endTime)}`) });
  // The first load of the back office on a busy machine can take longer than an assertion's default.
  await expect(block(first)).toBeVisible({ timeout: 30_000 });

  await test.step('onto a taken slot: refused with the reason, the booking stays', async () => {
    await dropOnColumn(page, block(first), taken);
    await expect(notification(page, /Couldn't move the booking: .*already booked.*It stays where it was\./)).toBeVisible();
    await expect(block(first)).toBeVisible();
  });

  await test.step('onto free time at another facility: moved', async () => {
    await dropOnColumn(page, block(first), free);
    await expect(notification(page, `Moved to ${free.name}`)).toBeVisible();
    await expect(block(free)).toBeVisible();
    await expect(block(first)).toHaveCount(0);
    const after = await request.get(`/api/admin/bookings/${mine._id}`, { headers: bearer(admin) });
    expect(await after.json()).toMatchObject({ facility: { _id: free._id }, date, startTime, endTime });
  });

  await test.step('the keyboard way: Change time from the booking page', async () => {
    await gotoConsole(page, `/bookings/${mine._id}/show`);
    await page.getByRole('button', { name: 'Change time' }).click();
    const move = page.getByRole('dialog', { name: 'Change time' });
    await expect(move.getByRole('combobox', { name: /^Facility/ })).toHaveText(free.name);
    await move.getByRole('combobox', { name: /^Start/ }).click();
    const earlier = clock(Number(startTime.slice(0, 2)) * 60 - 60);
    await page.getByRole('option', { name: readTime(earlier), exact: true }).click();
    // The hour before is free at this facility of the test's own, at the same price: it moves.
    await move.getByRole('button', { name: 'Move booking' }).click();
    await expect(move).toBeHidden();
    const now = (await (await request.get(`/api/admin/bookings/${mine._id}`, { headers: bearer(admin) })).json()) as { startTime: string };
    expect(now.startTime).toBe(earlier);
    await expect(page.locator('#main-content')).toContainText(`${times(earlier, startTime)}`);
  });
});

test('a booking dragged by the mouse onto another facility moves there', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'dragged');
  // Made one after the other, the two sort side by side: both columns are in view together.
  const [from, to] = [await ownFacility(), await ownFacility()];
  const date = isoDate(14, from.timezone);
  const mine = await hold(request, customer, from._id, date, startTime, endTime);
  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
  const block = (facility: { name: string }) => dayColumn(page, facility).getByRole('button', { name: new RegExp(`^${customer.user.name} ${times(startTime, endTime)}`) });
  await expect(block(from)).toBeVisible({ timeout: 30_000 });

  const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/bookings/${mine._id}`));
  await dragByPointer(page, block(from), to);
  expect((await sent).postDataJSON()).toMatchObject({ facilityId: to._id, date, startTime, endTime });
  await expect(notification(page, `Moved to ${to.name}`)).toBeVisible();
  await expect(block(to)).toBeVisible();
  await expect(block(from)).toHaveCount(0);
});

test('closing a facility over a paid booking shows it first, then cancels and refunds it', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'closed-out');
  const facility = await ownFacility();
  const date = isoDate(11, facility.timezone);
  const booking = await hold(request, customer, facility._id, date, startTime, endTime);
  const { paymentUrl } = await checkOut(request, customer, [{ facility, booking }]);
  await payThroughApi(request, paymentUrl);
  const reason = `Net replacement ${tag()}`;

  await test.step('the closure form', async () => {
    await openConsole(page, admin, '/closures/create');
    await page.getByRole('combobox', { name: 'Facilities' }).fill(facility.name.slice(0, 10));
    await page.getByRole('option', { name: facility.name }).click();
    await page.getByLabel('Start date', { exact: true }).fill(date);
    await page.getByLabel('Start time', { exact: true }).selectOption(startTime);
    await page.getByLabel('End date', { exact: true }).fill(date);
    await page.getByLabel('End time', { exact: true }).selectOption('22:00');
    await page.getByRole('textbox', { name: 'Reason', exact: true }).fill(reason);
    await expect(page.getByRole('radio', { name: 'Maintenance' })).toBeChecked();
    await expectNoAxeViolations(page, 'the closure form');
    await page.getByRole('button', { name: 'Save' }).click();
  });

  await test.step('the booking in the way, shown before anything changes', async () => {
    const ask = page.getByRole('dialog', { name: 'Cancel this booking and refund it?' });
    await expect(ask).toBeVisible();
    const list = ask.getByRole('list', { name: 'Bookings the closure covers' });
    await expect(list).toContainText(facility.name);
    await expect(list).toContainText(`${shortDate(date)} · ${times(startTime, endTime)}`);
    await expect(list).toContainText(`booked by ${customer.user.name} (paid)`);
    await snapConsole(page, 'admin-closure-conflict');
    await ask.getByRole('button', { name: 'Cancel 1 booking and close' }).click();
    await expect(notification(page, 'Closure saved; 1 booking cancelled and refunded')).toBeVisible();
  });

  await test.step('the list, the refund, and the day grid', async () => {
    await expect(page).toHaveURL(/#\/closures/);
    const row = page.locator('tbody tr', { hasText: reason });
    await expect(row).toContainText(facility.name);
    await expect(row).toContainText('Maintenance');
    await snapConsole(page, 'admin-closures');
    await expectNoAxeViolations(page, 'the closures list');
    const after = (await (await request.get(`/api/admin/bookings/${booking._id}`, { headers: bearer(admin) })).json()) as { status: string; paymentStatus: string };
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    await gotoConsole(page, `/day-view?date=${date}&view=grid`);
    const closure = dayColumn(page, facility).getByTestId('day-closure');
    await expect(closure).toContainText(reason);
    await expect(closure).toContainText(`Closed ${times(startTime, '22:00')} · Maintenance`);
    await snapConsole(page, 'admin-day-view-closure');
    await expectNoAxeViolations(page, 'the day grid with a closure');
  });
});

test('a 6-week series: the preview shows the one taken date, which is skipped; the series lists its dates', async ({ page, request, ownFacility }) => {
  test.setTimeout(150_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'league');
  const rival = await signUpAndLogin(request, 'rival');
  const facility = await ownFacility();
  const dates = Array.from({ length: 6 }, (_, week) => isoDate(12 + 7 * week, facility.timezone));
  await hold(request, rival, facility._id, dates[2]!, startTime, endTime);
  await openConsole(page, admin, `/day-view?date=${dates[0]}&view=grid`);
  await clickFreeSlot(page, facility, startTime);
  const dialog = page.getByRole('dialog', { name: /^New (booking|weekly series)$/ });

  await test.step('a customer found by email, repeating weekly, previewed date by date', async () => {
    await dialog.getByRole('combobox', { name: 'Customer' }).fill(customer.user.email);
    await page.getByRole('option', { name: new RegExp(customer.user.name) }).click();
    await dialog.getByRole('checkbox', { name: 'Repeat weekly' }).check();
    await expect(dialog).toHaveAccessibleName('New weekly series');
    const preview = dialog.getByTestId('series-preview');
    await expect(preview).toContainText('6 dates: 5 free, 1 taken or closed; it is skipped.');
    const dates6 = preview.getByRole('list', { name: 'Dates of the series' }).getByRole('listitem');
    await expect(dates6).toHaveCount(6);
    await expect(dates6.nth(2)).toContainText(`${shortDate(dates[2]!)} · ${times(startTime, endTime)}`);
    await expect(dates6.nth(2)).toContainText(`taken (held by ${rival.user.name})`);
    await expect(dates6.nth(0)).toContainText('Free');
    await snapConsole(page, 'admin-series-preview');
    await expectNoAxeViolations(page, 'the series preview');
  });

  await test.step('booked: five dates, the taken one skipped', async () => {
    await dialog.getByRole('button', { name: 'Book 5 dates' }).click();
    const done = page.getByRole('dialog', { name: 'Series booked' });
    await expect(done).toContainText(`5 dates for ${customer.user.name} at ${facility.name}`);
    await expect(done).toContainText(`Skipped:`);
    await expect(done).toContainText(`${shortDate(dates[2]!)}: taken (held by ${rival.user.name})`);
    await done.getByRole('button', { name: 'Open series' }).click();
  });

  await test.step('the series view: its dates, and cancelling the last one on', async () => {
    await expect(page).toHaveURL(/#\/series\/[^/]+\/show/);
    const rows = page.getByTestId('series-occurrence');
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('Confirmed');
    await expect(rows.first()).toContainText('Paid');
    await snapConsole(page, 'admin-series-show');
    await expectNoAxeViolations(page, 'the series view');
    await rows.last().getByRole('button', { name: 'Cancel this and the following' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel 1 date' }).click();
    await expect(notification(page, '1 date cancelled')).toBeVisible();
    await expect(rows.last()).toContainText('Cancelled');
    // An occurrence links back to its series.
    await rows.first().getByRole('link').click();
    await expect(page.getByRole('link', { name: 'One date of a weekly series' })).toBeVisible();
  });
});

test("on a phone the day is a list with the grid's actions", async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const facility = await ownFacility();
  const date = isoDate(13, facility.timezone);
  await page.setViewportSize({ width: 390, height: 844 });
  await openConsole(page, admin, `/day-view?date=${date}`);
  const card = page.getByRole('region', { name: facility.name });
  await expect(page.getByTestId('day-list')).toBeVisible();
  await expectNoAxeViolations(page, 'the day list (390)');
  await card.getByRole('button', { name: new RegExp(`^Book ${facility.name} at `) }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await expect(dialog.getByRole('combobox', { name: /^Facility/ })).toHaveText(facility.name);
  await expect(dialog.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(date);
  await expectNoAxeViolations(page, 'the booking dialog (390)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
