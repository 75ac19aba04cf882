/**
 * A promo code at checkout, as a customer meets it: a code that does not exist is refused with
 * the reason, a real one (typed in lower case) shows its discount and the new total before
 * paying, and the hosted payment page charges exactly that. Afterwards My bookings, its cancel
 * dialog and the refund line all speak of the discounted amount paid, never the list price.
 */
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, openConsole, seriousAxeViolations, snapConsole } from '../support/console.ts';
import { snap } from '../support/screens.ts';
import { clock } from '../support/clock.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a customer applies a promo code at checkout and pays the discounted total', async ({ page, request, ownFacility }) => {
  const staff = await loginAdmin(request);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const made = await request.post('/api/admin/promo-codes', { headers: bearer(staff), data: { code, percentOff: 20 } });
  expect(made.status(), await made.text()).toBe(201);

  const customer = await signUpAndLogin(request, 'promo');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 5);
  const priceCents = Math.round(held.booking.payableAmount * 100);
  // 20% off, the discount rounded up to the cent (in the customer's favour).
  const discountCents = Math.ceil((priceCents * 20) / 100);
  const payCents = priceCents - discountCents;

  await useSession(page, customer);
  await page.goto('/dashboard/checkoutForPayment');
  const main = page.locator('main');
  await expect(main.getByRole('button', { name: `Pay ${dollars(priceCents)}` })).toBeVisible();

  const field = main.getByLabel('Promo code');
  const promo = main.locator('.checkout-promo');
  await field.fill('no-such-code');
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(promo.getByRole('alert')).toHaveText('There is no promo code NO-SUCH-CODE.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // Enter applies, as the button does.
  await field.fill(code.toLowerCase());
  await field.press('Enter');
  await expect(promo.getByRole('status')).toContainText(`Promo code ${code} applied: ${dollars(discountCents)} off.`);
  await expect(promo.getByRole('alert')).toHaveCount(0);
  await expect(main.getByText(`Promo code ${code}`, { exact: true })).toBeVisible();
  const pay = main.getByRole('button', { name: `Pay ${dollars(payCents)}` });
  await expect(pay).toBeVisible();
  await snap(page, 'checkout-promo-applied');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await pay.click();
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(page.getByText(`Total ${dollars(payCents)}`)).toBeVisible();
  await page.getByRole('button', { name: `Pay ${dollars(payCents)}` }).click();
  await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();

  const orders = await request.get('/api/admin/payments', { headers: bearer(staff) });
  const mine = ((await orders.json()) as { user: { email: string }; amount: number; discount: number; promoCode: string | null }[]).find((p) => p.user.email === customer.user.email);
  expect(mine).toMatchObject({ amount: payCents / 100, discount: discountCents / 100, promoCode: code });

  // My bookings: the amount paid, the refund the dialog promises and the refund made are all the discounted one.
  await page.goto('/dashboard/userBookings');
  const row = page.locator('main tr', { hasText: held.facility.name }).filter({ hasText: clock(held.booking.startTime) });
  await expect(row).toHaveCount(1);
  const payment = row.locator('td[data-label="Payment"]');
  await expect(payment).toContainText(`${dollars(payCents)}Paid`);
  await expect(row).not.toContainText(dollars(priceCents));
  await snap(page, 'promo-my-bookings');

  await row.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Your ${dollars(payCents)} will be refunded in full to the card you paid with.`);
  await expect(dialog).not.toContainText(dollars(priceCents));
  await snap(page, 'promo-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(payment).toContainText(`${dollars(payCents)}Refunded${dollars(payCents)} back to you`);
  await expect(row).not.toContainText(dollars(priceCents));
  await snap(page, 'promo-refunded');

  // Staff see the same: the booking's list price, what was paid for it, and that same amount refunded.
  await openConsole(page, staff, `/bookings/${held.booking._id}/show`);
  await expect(page.locator('main')).toContainText(`Paid ${dollars(payCents)} after a promo code`);
  await expect(page.locator('main')).toContainText(`${dollars(payCents)} refunded`);
  await snapConsole(page, 'promo-admin-booking');
});
