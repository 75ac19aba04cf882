/**
 * The back office at the front desk: the day view shows what customers booked, staff cancel
 * a customer's booking (the customer sees it cancelled and the slot is free again), the
 * contact inbox reads newest first.
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, useSession } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { staffAndCustomer } from '../support/back-office.ts';
import { dayColumn } from '../support/front-desk.ts';
import { times } from '../support/clock.ts';

test('the day view shows a booking a customer made, in its facility column', async ({ page, request, ownFacility }) => {
  const { admin, customer } = await staffAndCustomer(request, 'dayview');
  const { facility, booking } = await bookFirstFreeSlot(request, customer, await ownFacility(), 3);

  await openConsole(page, admin, `/day-view?date=${booking.date}`);
  const column = dayColumn(page, facility);
  await expect(page.getByText(facility.name, { exact: true }).first()).toBeVisible();
  // A block is named by the text it shows (WCAG 2.5.3): who, when, and "Held" until paid.
  const block = page.getByRole('button', { name: new RegExp(`${customer.user.name} ${times(booking.startTime, booking.endTime)} · Held`) });
  await expect(block).toBeVisible();
  await expect(column.getByRole('button', { name: new RegExp(customer.user.name) })).toBeVisible();
  await expect(page.getByText(/^Free \d{1,2}:\d\d [AP]M – \d{1,2}:\d\d [AP]M$/).first()).toBeVisible();
  await snapConsole(page, 'admin-day-view');

  await test.step('previous and next day move the date; Today comes back', async () => {
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${isoDate(4, facility.timezone)}`));
    await expect(block).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(block).toBeVisible();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByText('Today', { exact: true }).last()).toBeVisible();
  });

  await test.step('a booking opens its actions, and from there its detail', async () => {
    await gotoConsole(page, `/day-view?date=${booking.date}`);
    await block.click();
    await page.getByRole('dialog', { name: `Booking of ${customer.user.name}` }).getByRole('button', { name: 'Open booking' }).click();
    await expect(page).toHaveURL(new RegExp(`#/bookings/${booking._id}/show`));
    await expect(page.getByText(customer.user.email)).toBeVisible();
  });
});

test("staff cancel a customer's booking: it shows cancelled everywhere and the slot is free again", async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const { admin, customer } = await staffAndCustomer(request, 'cancelled');
  const { facility, booking } = await bookFirstFreeSlot(request, customer, await ownFacility(), 4);
  const row = () => page.locator('tr', { hasText: customer.user.email });

  await openConsole(page, admin, '/bookings');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await snapConsole(page, 'admin-bookings');
  await page.getByPlaceholder('Customer name or email').fill(customer.user.email);
  await expect(row()).toHaveCount(1);
  await expect(row()).toContainText(facility.name);
  await expect(row()).toContainText(`${times(booking.startTime, booking.endTime)}`);
  await expect(row()).toContainText('Held');

  await test.step('the detail view', async () => {
    // The list re-renders once its debounced filter lands in the URL; a click during that
    // re-render is lost, so wait for it, click the plain time cell, and retry if needed.
    await expect(page).toHaveURL(/filter=.*%22q%22/);
    await expect(async () => {
      await row().getByText(`${times(booking.startTime, booking.endTime)}`).click();
      await expect(page).toHaveURL(new RegExp(`#/bookings/${booking._id}/show`), { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: facility.name, exact: true })).toBeVisible();
    await snapConsole(page, 'admin-booking-show');
  });

  await test.step('cancel with a confirmation', async () => {
    await page.locator('main').getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('dialog')).toContainText('Cancel this booking?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Booking cancelled successfully.', { exact: true })).toBeVisible();
    await expect(page.locator('main')).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  });

  await test.step('the list shows it cancelled', async () => {
    await gotoConsole(page, '/bookings');
    await page.getByPlaceholder('Customer name or email').fill(customer.user.email);
    await expect(row()).toContainText('Cancelled');
  });

  await test.step("the customer's bookings say cancelled, and the slot is free again", async () => {
    const mine = await request.get(`/api/bookings/user/${customer.user._id}`, { headers: bearer(customer) });
    const list = (await mine.json()).data as { _id: string; status: string }[];
    expect(list.find((b) => b._id === booking._id)?.status).toBe('cancelled');
    const slots = (await (await request.get(`/api/check-availability?date=${booking.date}&facility=${facility._id}`)).json()).data as { startTime: string }[];
    expect(slots.map((s) => s.startTime)).toContain(booking.startTime);

    await useSession(page, customer);
    await page.goto('/dashboard/userBookings');
    await expect(page.locator('main')).toContainText(facility.name);
    await expect(page.locator('main')).toContainText(/cancelled/i);
  });
});

test('the contact inbox lists messages newest first and opens one', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  const subject = `Court lights ${Date.now().toString(36)}`;
  const sent = await request.post('/api/contact', { data: { name: 'Robin Visitor', email: 'robin@example.com', subject, message: 'Hello!\nAre the outdoor courts lit after 8pm in winter?' } });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  await openConsole(page, admin, '/messages');
  await expect(page.locator('tbody tr').first()).toContainText(subject);
  await snapConsole(page, 'admin-messages');
  await page.locator('tbody tr').first().click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Are the outdoor courts lit after 8pm in winter?')).toBeVisible();
  await snapConsole(page, 'admin-message-show');
});
