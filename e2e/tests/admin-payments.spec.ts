/**
 * Payments in the back office: staff find the order a customer just paid on the
 * sandbox page, filter to it, open it and refund it; the booking is cancelled and the customer
 * reads "Refunded" in My Bookings. A checkout that no longer holds its slot takes no money on the
 * sandbox page (a provider's late payment is refunded and flagged: api/test/payments.test.ts
 * covers the flag and its resolution). Every list is a one-column list on a phone, never a table scrolling sideways.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { SCREENSHOT_DIR, snap } from '../support/screens.ts';
import { bearer, bookFirstFreeSlot, checkOut, gotoConsole, openConsole, payOnSandboxPage, seriousAxeViolations, snapConsole } from '../support/console.ts';
import { clock } from '../support/clock.ts';

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
/** The console's content area (react-admin's <main> also holds the menu). */
const main = (page: Page) => page.locator('#main-content');
const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('staff find a sandbox payment, refund it, and the customer sees it refunded', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'payer');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 5);
  const { facility, booking } = held;
  const { orderId, paymentUrl } = await checkOut(request, customer, [held]);
  const amount = usd(booking.payableAmount);
  const row = () => page.locator('tbody tr', { hasText: customer.user.email });

  await test.step('the customer pays on the sandbox page', async () => {
    await useSession(page, customer);
    await payOnSandboxPage(page, paymentUrl);
  });

  await test.step('their payment is on the first page (newest first), paid through the sandbox', async () => {
    await openConsole(page, admin, '/payments');
    // Other tests pay at the same time, so "among the newest" rather than "the newest".
    await expect(row()).toHaveCount(1);
    await expect(row()).toContainText('Paid');
    await expect(row()).toContainText('Sandbox');
    await expect(row()).toContainText(amount);
    await expect(row()).toContainText(facility.name);
    await snapConsole(page, 'admin-payments');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  await test.step('filters: search, status, provider, flagged', async () => {
    await page.getByPlaceholder('Customer name or email').fill(customer.user.email);
    await expect(page).toHaveURL(/filter=.*%22q%22/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Awaiting payment' }).click();
    await expect(row()).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await expect(row()).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'Stripe', exact: true }).click();
    await expect(row()).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'Sandbox', exact: true }).click();
    await expect(row()).toHaveCount(1);
    // Nothing went wrong with this order, so it is not among the flagged ones.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Flagged for staff' }).click();
    await expect(page).toHaveURL(/%22flagged%22%3Atrue/);
    await expect(row()).toHaveCount(0);
    await gotoConsole(page, `/payments?filter=${encodeURIComponent(JSON.stringify({ q: customer.user.email, status: 'paid' }))}`);
    await expect(row()).toHaveCount(1);
  });

  await test.step('the order: its booking, no refunds yet', async () => {
    await expect(async () => {
      await row().getByText(customer.user.name).click();
      await expect(page).toHaveURL(new RegExp(`#/payments/${orderId}/show`), { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: `${amount} from ${customer.user.name}` })).toBeVisible();
    await expect(main(page).getByRole('link', { name: facility.name })).toBeVisible();
    await expect(main(page)).toContainText('No refunds.');
    await expect(main(page)).not.toContainText('Flagged for staff');
    await snapConsole(page, 'admin-payment-show');
  });

  await test.step('refund it with a confirmation', async () => {
    await main(page).getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Refund this payment?');
    await expect(dialog).toContainText(`${amount} goes back to ${customer.user.name}`);
    await snapConsole(page, 'admin-payment-refund-dialog');
    await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
    await expect(notification(page, `Payment refunded: ${amount} back to the customer.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(main(page).locator('table').last()).toContainText(amount);
    await expect(main(page).locator('table').last()).toContainText('Refunded');
    await expect(main(page).locator('table').first()).toContainText('Cancelled');
    await snapConsole(page, 'admin-payment-refunded');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  await test.step('the API agrees: refunded in full, booking cancelled', async () => {
    const res = await request.get(`/api/admin/payments/${orderId}`, { headers: bearer(admin) });
    const payment = await res.json();
    expect(payment).toMatchObject({ refundState: 'refunded', refundedAmount: booking.payableAmount });
    expect(payment.bookings).toEqual([expect.objectContaining({ id: booking._id, status: 'cancelled', paymentStatus: 'refunded' })]);
  });

  await test.step('CSV export: readable columns, the refund included', async () => {
    await gotoConsole(page, `/payments?filter=${encodeURIComponent(JSON.stringify({ q: customer.user.email }))}`);
    await expect(row()).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    });
    const [header, ...lines] = csv.trim().split('\n');
    expect(header).toContain('customer,email,bookings,provider');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(customer.user.email);
    expect(lines[0]).toContain(`"${facility.name} ${booking.date} ${booking.startTime}-${booking.endTime}"`);
    expect(lines[0]).toContain('"refunded"');
    await gotoConsole(page, `/payments/${orderId}/show`);
  });

  await test.step('the booking record shows the refund', async () => {
    await main(page).getByRole('link', { name: facility.name }).click();
    await expect(page).toHaveURL(new RegExp(`#/bookings/${booking._id}/show`));
    await expect(main(page)).toContainText('Cancelled');
    await expect(main(page)).toContainText(`${amount} refunded`);
    await snapConsole(page, 'admin-booking-refunded');
  });

  await test.step('the customer reads "Refunded" in My Bookings', async () => {
    await useSession(page, customer);
    await page.goto('/dashboard/userBookings');
    await expect(page.locator('main tr', { hasText: facility.name }).first()).toBeVisible();
    const mine = page.locator('main tr', { hasText: facility.name }).filter({ hasText: clock(booking.startTime) });
    await expect(mine.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(mine.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(mine).toContainText(`${amount} back to you`);
    await snap(page, 'my-bookings-refunded');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('a refund the server refuses shows its reason', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'twice');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 6);
  const { orderId, paymentUrl } = await checkOut(request, customer, [held]);
  await useSession(page, customer);
  await payOnSandboxPage(page, paymentUrl);

  await openConsole(page, admin, `/payments/${orderId}/show`);
  await expect(main(page).getByRole('button', { name: 'Refund' })).toBeVisible();
  // Another member of staff refunds it first, from another screen.
  const first = await request.post(`/api/admin/payments/${orderId}/refund`, { headers: bearer(admin) });
  expect(first.status(), await first.text()).toBe(200);
  await main(page).getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Refund \$/ }).click();
  await expect(notification(page, /^Refund failed: .+/)).toBeVisible();
  await expect(notification(page, /already refunded/i)).toBeVisible();
});

test('a checkout that lost its booking takes no money: its page says so, and staff see it cancelled, unpaid, not flagged', async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'late');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 7);
  const { orderId, paymentUrl } = await checkOut(request, customer, [held]);

  // The customer has the payment page open, cancels the hold in another tab, then presses Pay anyway.
  await useSession(page, customer);
  await page.goto(paymentUrl);
  const cancelled = await request.delete(`/api/bookings/${held.booking._id}`, { headers: bearer(customer) });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await page.getByRole('button', { name: /^Pay/ }).click();
  // Back on the page, which no longer takes money (a provider that had charged would refund and flag it).
  await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));
  // It says why: the customer cancelled the booking it was for.
  await expect(page.locator('.state')).toContainText('This page no longer takes payment.');
  await expect(page.locator('.state')).toContainText('was cancelled, so it can no longer be paid');
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

  await test.step('staff see the order cancelled and unpaid, and nothing flagged for it', async () => {
    await openConsole(page, admin, `/payments/${orderId}/show`);
    await expect(main(page).getByText('cancelled').first()).toBeVisible();
    await expect(main(page).getByRole('alert').filter({ hasText: 'Flagged for staff' })).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Refund' })).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('on a phone every list is one column of records, with no sideways scrolling', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  // Something in every list, whatever ran before; a long message must wrap, not widen the page.
  const sent = await request.post('/api/contact', { data: { name: 'Sam Phone', email: 'sam@example.com', subject: 'Parking', message: 'Is there parking for bikes near the courts? We come as a group of six on Saturday mornings and would like to know before we book the whole season.' } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const customer = await signUpAndLogin(request, 'phone');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 8);
  await useSession(page, customer);
  await payOnSandboxPage(page, (await checkOut(request, customer, [held])).paymentUrl);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const resource of ['payments', 'bookings', 'facilities', 'users', 'messages']) {
    await openConsole(page, admin, `/${resource}`);
    await expect(main(page).locator('ul li').first()).toBeVisible();
    await expect(main(page).locator('table')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${resource} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}admin-${resource}-phone-list-390.png`, fullPage: true, animations: 'disabled' });
  }
});
