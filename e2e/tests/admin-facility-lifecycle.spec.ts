/**
 * Facility deletion and time-zone changes in the back office: a facility with upcoming bookings is not deleted
 * or re-zoned behind the customers' backs. Staff see the bookings in a confirm dialog; confirming
 * a delete cancels and refunds them, confirming a time-zone change keeps their local times.
 * A facility without bookings is deleted exactly as before (one confirmation).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { facilities, isoDate, loginAdmin, signUpAndLogin, useSession, type Session } from '../support/api.ts';
import { bearer, checkOut, openConsole, payOnSandboxPage, snapConsole } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { clock, literal, times } from '../support/clock.ts';

const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function hold(request: APIRequestContext, customer: Session, facilityId: string, date: string, startTime: string, endTime: string) {
  const res = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: facilityId, date, startTime, endTime } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; date: string; startTime: string; endTime: string; payableAmount: number };
}

const bookingOf = async (request: APIRequestContext, admin: Session, id: string) =>
  (await (await request.get(`/api/bookings/${id}`, { headers: bearer(admin) })).json()).data as {
    status: string;
    paymentStatus: string;
    refundState: string;
    date: string;
    startTime: string;
    endTime: string;
  };

test('staff see the bookings in the way: a time-zone change keeps their local times, a delete cancels and refunds them', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  // Named to sort among the first page of the back office's facility list, where it is looked for.
  const name = `E2E Lifecycle ${Date.now().toString(36)}`;
  const court = await ownFacility({ name });
  const date = isoDate(3);
  const holder = await signUpAndLogin(request, 'holder');
  const payer = await signUpAndLogin(request, 'payer');
  const held = await hold(request, holder, court._id, date, '10:00', '11:00');
  const paid = await hold(request, payer, court._id, date, '11:00', '12:00');
  const { paymentUrl } = await checkOut(request, payer, [{ facility: { _id: court._id } as never, booking: paid }]);
  await payOnSandboxPage(page, paymentUrl);
  expect((await bookingOf(request, admin, paid._id)).status).toBe('confirmed');

  await test.step('saving a new time zone shows the bookings and changes nothing until confirmed', async () => {
    await openConsole(page, admin, `/facilities/${court._id}`);
    await expect(page.getByLabel('Name')).toHaveValue(name);
    const zone = page.getByLabel('Time zone');
    await zone.fill('Asia/Tokyo');
    await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Change the time zone of 2 bookings?');
    const list = dialog.getByRole('list', { name: 'Affected bookings' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText(`${date} 10:00-11:00 ${holder.user.name} (held, unpaid)`);
    await expect(list).toContainText(`${date} 11:00-12:00 ${payer.user.name} (paid)`);
    await expect(dialog).toContainText('Asia/Tokyo');
    await snapConsole(page, 'admin-facility-timezone-confirm');

    // "Keep them" changes nothing.
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await expect(dialog).toHaveCount(0);
    const unchanged = (await facilities(request)).find((f) => f._id === court._id)!;
    expect(unchanged.timezone).toBe('America/New_York');

    // Saving again and confirming from the keyboard changes it; the bookings keep their times.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('Change the time zone of 2 bookings?');
    await dialog.getByRole('button', { name: 'Change time zone' }).focus();
    await page.keyboard.press('Enter');
    await expect(notification(page, 'Facility updated successfully')).toBeVisible();
    const changed = (await facilities(request)).find((f) => f._id === court._id)!;
    expect(changed.timezone).toBe('Asia/Tokyo');
    expect(await bookingOf(request, admin, held._id)).toMatchObject({ date, startTime: '10:00', endTime: '11:00', status: 'pending' });
    expect(await bookingOf(request, admin, paid._id)).toMatchObject({ date, startTime: '11:00', endTime: '12:00', status: 'confirmed' });
  });

  await test.step('deleting it shows the bookings; confirming cancels and refunds them and deletes it', async () => {
    await openConsole(page, admin, '/facilities');
    const row = page.locator('tr', { hasText: name });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Delete ${name}?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(dialog).toContainText('Cancel and refund these 2 bookings and delete?');
    await expect(dialog.getByRole('list', { name: 'Affected bookings' }).getByRole('listitem')).toHaveCount(2);
    await expect(dialog).toContainText(`${payer.user.name} (paid)`);
    await snapConsole(page, 'admin-facility-delete-confirm');
    // Escape keeps everything as it was.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect((await facilities(request)).map((f) => f._id)).toContain(court._id);
    expect((await bookingOf(request, admin, paid._id)).status).toBe('confirmed');

    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Cancel bookings and delete' }).click();
    await expect(notification(page, 'Facility deleted; 2 bookings cancelled and paid ones refunded')).toBeVisible();
    await expect(page).toHaveURL(/#\/facilities/);
    await expect(page.locator('tr', { hasText: name })).toHaveCount(0);
    expect((await facilities(request)).map((f) => f._id)).not.toContain(court._id);
    expect(await bookingOf(request, admin, held._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    await expect.poll(async () => (await bookingOf(request, admin, paid._id)).refundState).toBe('refunded');
    expect((await bookingOf(request, admin, paid._id)).status).toBe('cancelled');
  });
});

test('a facility without bookings is deleted with one confirmation, as before', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const name = `E2E Empty ${Date.now().toString(36)}`;
  const court = await ownFacility({ name });
  await openConsole(page, admin, `/facilities/${court._id}`);
  // The first screen of a fresh browser fetches the console and the edit screen's chunks: allow for a busy machine.
  await expect(page.getByLabel('Name')).toHaveValue(name, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Delete ${name}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(notification(page, 'Facility deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/#\/facilities$/);
  expect((await facilities(request)).map((f) => f._id)).not.toContain(court._id);
});

test('staff set a peak price and a booking horizon in the facility form; the booking page shows each slot\'s price and the total', async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const admin = await loginAdmin(request);
  const court = await ownFacility();
  const { name } = court;
  await openConsole(page, admin, `/facilities/${court._id}`);
  await expect(page.getByLabel('Name')).toHaveValue(name, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('combobox', { name: 'Days' }).click();
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await page.getByRole('option', { name: day, exact: true }).click();
  await page.keyboard.press('Escape');
  // The rule's times are listed on the venue's clock, like every time in the back office.
  await page.getByRole('combobox', { name: /^From/ }).click();
  await page.getByRole('option', { name: clock('18:00'), exact: true }).click();
  await page.getByRole('combobox', { name: /^To/ }).click();
  await page.getByRole('option', { name: clock('22:00'), exact: true }).click();
  await page.getByRole('spinbutton', { name: /^Price \/ hour/ }).fill('30');
  await page.getByLabel('Horizon (days ahead)').fill('14');
  await snapConsole(page, 'admin-facility-pricing');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Facility updated successfully')).toBeVisible();

  const saved = (await (await request.get(`/api/facility/${court._id}`)).json()).data;
  expect(saved.priceRules).toEqual([{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '18:00', to: '22:00', pricePerHour: 30 }]);
  expect(saved.policy).toEqual({ horizonDays: 14 });

  const customer = await signUpAndLogin(request, 'peak');
  await useSession(page, customer);
  await page.goto(`/facility-booking/${court._id}`);
  await hydrated(page);
  // The page states the facility's own horizon.
  await expect(page.getByLabel('Date')).toHaveAttribute('max', isoDate(14));
  await page.getByLabel('Date').fill(isoDate(2));
  const slots = page.getByRole('list', { name: 'Free slots' });
  await expect(slots.getByRole('button', { name: new RegExp(`^${literal(times('17:00', '18:00'))} \\$20\\.00`) })).toBeVisible();
  await expect(slots.getByRole('button', { name: new RegExp(`^${literal(times('18:00', '19:00'))} \\$30\\.00`) })).toBeVisible();
  await page.getByLabel('Start time').selectOption('17:00');
  await page.getByLabel('Length', { exact: true }).selectOption('19:00');
  await expect(page.getByLabel('Booking summary')).toContainText('$50.00');
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  // The summary showed $50.00 before the click; the hold exists once the page says so.
  await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
  const held = (await (await request.get(`/api/bookings/user/${customer.user._id}`, { headers: bearer(customer) })).json()).data as { payableAmount: number }[];
  expect(held.map((b) => b.payableAmount)).toEqual([50]);
});
