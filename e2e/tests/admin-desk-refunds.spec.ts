/**
 * Money at the front desk that a person must act on, in Chromium against the real server: the
 * day grid tells unpaid bookings from paid ones (and never cuts the state's word), and cash
 * taken at the desk for a booking that is then cancelled is a to-do for staff (the dashboard's
 * To do, the day view, the booking) until someone records handing it back, while the customer
 * reads "Refund due at the desk", then "Refunded".
 *
 * It books facilities of its own (support/own-facility.ts), 19 days ahead.
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, openConsole, snapConsole } from '../support/console.ts';
import { snap } from '../support/screens.ts';
import { literal, times } from '../support/clock.ts';

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

test('unpaid bookings stand out in the day grid; cash to hand back is a to-do until recorded done', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'cashback');
  const name = customer.user.name;
  const facility = await ownFacility();
  const date = isoDate(19, facility.timezone);
  const deskBooking = async (payment: 'desk' | 'unpaid', startTime: string, endTime: string) => {
    const res = await request.post('/api/admin/bookings', { headers: bearer(admin), data: { facilityId: facility._id, date, startTime, endTime, userId: customer.user._id, payment } });
    expect(res.status(), await res.text()).toBe(201);
    return { facility, booking: (await res.json()) as { _id: string; date: string; startTime: string; endTime: string; payableAmount: number } };
  };
  const paid = await deskBooking('desk', '18:00', '19:00');
  const unpaid = await deskBooking('unpaid', '20:00', '21:00');
  const block = (b: { startTime: string; endTime: string }, state: string) =>
    page.getByRole('button', { name: new RegExp(`^${literal(name)} ${literal(times(b.startTime, b.endTime))} · Confirmed · ${state}`) });

  await test.step('the grid marks the unpaid booking, and each state tag shows whole', async () => {
    await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
    const paidBlock = block(paid.booking, 'Paid$');
    const unpaidBlock = block(unpaid.booking, 'Unpaid$');
    await expect(paidBlock).toBeVisible();
    await expect(unpaidBlock).toBeVisible();
    await expect(unpaidBlock).toHaveAttribute('data-payment', 'unpaid');
    await expect(paidBlock).toHaveAttribute('data-payment', 'paid');
    await expect(unpaidBlock.getByText('Unpaid', { exact: true })).toBeVisible();
    await expect(paidBlock.getByText('Paid', { exact: true })).toBeVisible();
    // The two look different (stripes and an amber edge for unpaid), and the legend says which is which.
    const look = (l: typeof paidBlock) => l.evaluate((el) => `${getComputedStyle(el).backgroundImage} ${getComputedStyle(el).borderLeftColor}`);
    expect(await look(unpaidBlock)).not.toBe(await look(paidBlock));
    await expect(page.getByText('Confirmed, unpaid (take payment)')).toBeVisible();
    // No block's state word is cut: every tag fits its box.
    const cut = await page.getByTestId('day-booking').evaluateAll((blocks) =>
      blocks.flatMap((b) => [...b.querySelectorAll('[data-testid="block-tag"]')].filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent)));
    expect(cut).toEqual([]);
    await unpaidBlock.scrollIntoViewIfNeeded();
    await snapConsole(page, 'admin-day-view-unpaid');
  });

  const cancelled = await request.delete(`/api/admin/bookings/${paid.booking._id}`, { headers: bearer(admin) });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const cash = `Cash to hand back: ${usd(paid.booking.payableAmount)}`;

  await test.step('the customer reads that the refund is due at the desk, not that it is refunded', async () => {
    await useSession(page, customer);
    await page.goto('/dashboard/userBookings');
    await expect(page.getByText('Refund due at the desk').first()).toBeVisible();
    await snap(page, 'my-bookings-refund-due');
  });

  await test.step('the day view lists the cash to hand back for the cancelled booking', async () => {
    await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
    const strip = page.getByTestId('day-desk-refunds');
    await expect(strip.getByTestId('desk-refund').filter({ hasText: name })).toContainText(cash);
    await expect(strip.getByRole('button', { name: 'Refunded at the desk' }).first()).toBeVisible();
    await snapConsole(page, 'admin-day-view-cash-to-hand-back');
  });

  await test.step('the booking says it too, with the action', async () => {
    await openConsole(page, admin, `/bookings/${paid.booking._id}/show`);
    const todo = page.getByTestId('booking-desk-refunds');
    await expect(todo).toContainText(cash);
    await expect(todo.getByRole('button', { name: 'Refunded at the desk' })).toBeVisible();
    await snapConsole(page, 'admin-booking-cash-to-hand-back');
  });

  await test.step("the dashboard's To do lists it, links to the booking, and recording it done clears it everywhere", async () => {
    await openConsole(page, admin, '/');
    const todo = page.getByRole('region', { name: 'To do' });
    const row = todo.getByTestId('desk-refund').filter({ hasText: name });
    await expect(row).toContainText(cash);
    await expect(row.getByRole('link')).toHaveAttribute('href', `#/bookings/${paid.booking._id}/show`);
    await snapConsole(page, 'admin-dashboard-to-do');
    await row.getByRole('button', { name: 'Refunded at the desk' }).click();
    await page.getByRole('dialog', { name: /^Hand .* back to / }).getByRole('button', { name: 'Refunded at the desk' }).click();
    await expect(page.getByText('Refund recorded as handed back.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await openConsole(page, admin, `/bookings/${paid.booking._id}/show`);
    await expect(page.getByText(`${usd(paid.booking.payableAmount)} refunded`)).toBeVisible();
    await expect(page.getByTestId('booking-desk-refunds')).toHaveCount(0);
    await useSession(page, customer);
    await page.goto('/dashboard/userBookings');
    await expect(page.getByText('Refund due at the desk')).toHaveCount(0);
  });
});

test('a 15-minute and a 30-minute booking still show whose they are and their state, whole', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'quarter');
  // Its own facility with 15-minute slots, of a sport the other specs do not search.
  const facility = await ownFacility({ description: 'A court with 15-minute slots, for the day grid spec.', imageUrl: '/images/facilities/squash.svg', sport: 'squash', slotMinutes: 15 });
  const date = isoDate(19);
  const book = async (startTime: string, endTime: string, payment: 'desk' | 'unpaid') => {
    const res = await request.post('/api/admin/bookings', { headers: bearer(admin), data: { facilityId: facility._id, date, startTime, endTime, userId: customer.user._id, payment } });
    expect(res.status(), await res.text()).toBe(201);
  };
  await book('09:00', '09:15', 'unpaid');
  await book('09:30', '10:00', 'desk');
  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
  const quarter = page.getByRole('button', { name: new RegExp(`^${literal(customer.user.name)} ${literal(times('09:00', '09:15'))} · Confirmed · Unpaid$`) });
  const half = page.getByRole('button', { name: new RegExp(`^${literal(customer.user.name)} ${literal(times('09:30', '10:00'))} · Confirmed · Paid$`) });
  await expect(quarter.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(half.getByText('Paid', { exact: true })).toBeVisible();
  for (const block of [quarter, half]) {
    // The tag fits its block across and down; the name may be cut, the state never.
    const fits = await block.evaluate((el) => {
      const tag = el.querySelector('[data-testid="block-tag"]')!;
      const [b, t] = [el.getBoundingClientRect(), tag.getBoundingClientRect()];
      return tag.scrollWidth <= tag.clientWidth + 1 && t.right <= b.right && t.top >= b.top - 1 && t.bottom <= b.bottom + 1;
    });
    expect(fits).toBe(true);
  }
  await quarter.scrollIntoViewIfNeeded();
  await snapConsole(page, 'admin-day-view-short-blocks');
});
