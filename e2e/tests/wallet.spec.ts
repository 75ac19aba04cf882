/**
 * The wallet as a customer meets it. A new customer buys a pack that gives $110 for $100 on the
 * sandbox page and sees $110.00 in their wallet; books two $40 slots and pays from the wallet alone
 * (no payment page: the bookings are confirmed at once), leaving $30.00; cancels one inside the
 * policy (the dialog says the $40.00 goes back to the credit) and finds $70.00 with a "Returned"
 * entry. And a gift voucher made by staff is redeemed on the wallet page, once; one is bought for a friend.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, expectAccessible } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import { clock } from '../support/clock.ts';

const WALLET = '/dashboard/wallet';

async function openWallet(page: Page) {
  await page.goto(WALLET);
  await hydrated(page);
  return page.locator('main');
}

test('a customer buys a pack, pays two bookings from the wallet alone, cancels one and gets the credit back', async ({ page, request, ownFacility }) => {
  test.setTimeout(240_000);
  const staff = await loginAdmin(request);
  const packName = `E2E club pack ${Date.now().toString(36)}`;
  const pack = await request.post('/api/admin/credit-packs', { headers: bearer(staff), data: { name: packName, price: 100, credit: 110, bonusExpiresDays: 90 } });
  expect(pack.status(), await pack.text()).toBe(201);

  const customer = await signUpAndLogin(request, 'wallet');
  await useSession(page, customer);
  let main = await openWallet(page);
  await expect(main.getByTestId('wallet-balance')).toHaveText('$0.00');
  const card = main.getByRole('listitem').filter({ hasText: packName });
  await expect(card).toContainText('Pay $100.00, get $110.00');
  await expect(card).toContainText('$10.00 bonus credit, to spend within 90 days');
  await snap(page, 'wallet-empty');
  await expectAccessible(page, 'the wallet page');

  // Buy → the sandbox's hosted page → back on the payment return page, which says credit was added.
  await card.getByRole('button', { name: /^Buy / }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credit added' })).toBeVisible();
  await expect(page.getByText('Your credit is now $110.00.')).toBeVisible();

  main = await openWallet(page);
  await expect(main.getByTestId('wallet-balance')).toHaveText('$110.00');
  await expect(main).toContainText(/\$10\.00 of bonus credit expires on /);
  const history = main.getByRole('table', { name: 'Your credit, newest first' });
  await expect(history.getByRole('row').filter({ hasText: 'Top-up' })).toContainText('+$100.00');
  await expect(history.getByRole('row').filter({ hasText: 'Bonus credit' })).toContainText('+$10.00');
  await snap(page, 'wallet-topped-up');

  // Two $40 slots, paid from the wallet alone.
  const facility = await ownFacility({ pricePerHour: 40 });
  const first = await bookFirstFreeSlot(request, customer, facility, 5);
  const second = await bookFirstFreeSlot(request, customer, facility, 5);
  expect(first.booking.payableAmount + second.booking.payableAmount).toBe(80);

  await page.goto('/dashboard/checkoutForPayment');
  await hydrated(page);
  main = page.locator('main');
  await expect(main.getByRole('checkbox', { name: /Use my credit \(\$110\.00 available\)/ })).toBeChecked();
  await expect(main.getByText('From your credit', { exact: true })).toBeVisible();
  await expect(main.locator('.checkout-credit-lines')).toContainText('From your credit−$80.00');
  await expect(main.locator('.checkout-credit-lines')).toContainText('To pay by card$0.00');
  const pay = main.getByRole('button', { name: 'Pay with credit' });
  await expect(pay).toBeVisible();
  await snap(page, 'checkout-credit');
  await expectAccessible(page, 'checkout with credit');

  await pay.click();
  // No payment page: straight to the return page, the bookings confirmed.
  await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.locator('[data-order-bookings] li')).toHaveCount(2);

  main = await openWallet(page);
  await expect(main.getByTestId('wallet-balance')).toHaveText('$30.00');
  await expect(main.getByRole('row').filter({ hasText: 'Spent' })).toContainText('−$80.00');

  // Cancel one inside the policy: its $40.00 goes back to the credit.
  await page.goto('/dashboard/userBookings');
  await hydrated(page);
  const row = page.locator('main tr', { hasText: facility.name }).filter({ hasText: clock(first.booking.startTime) });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-label="Payment"]')).toContainText('$40.00 from your credit');
  await row.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your $40.00 will be returned to your credit, to spend on your next booking.');
  await expect(dialog).not.toContainText('card');
  await snap(page, 'wallet-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('td[data-label="Payment"]')).toContainText('$40.00 returned to your credit');

  main = await openWallet(page);
  await expect(main.getByTestId('wallet-balance')).toHaveText('$70.00');
  await expect(main.getByRole('row').filter({ hasText: 'Returned' })).toContainText('+$40.00');
  await snap(page, 'wallet-after-cancel');
});

test('a customer redeems a gift voucher made by staff, once', async ({ page, request }) => {
  const staff = await loginAdmin(request);
  const made = await request.post('/api/admin/vouchers', { headers: bearer(staff), data: { value: 25 } });
  expect(made.status(), await made.text()).toBe(201);
  // The back-office API answers the record itself (react-admin's REST shape).
  const { code } = (await made.json()) as { code: string };

  const customer = await signUpAndLogin(request, 'voucher');
  await useSession(page, customer);
  const main = await openWallet(page);
  const form = main.getByRole('region', { name: 'Redeem a gift voucher' });
  const field = form.getByLabel('Voucher code');

  await field.fill('ABCD-EFGH');
  await form.getByRole('button', { name: 'Redeem' }).click();
  await expect(form.getByRole('alert')).toContainText('16 letters and digits');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // Typed in lower case, as people do.
  await field.fill(code.toLowerCase());
  await form.getByRole('button', { name: 'Redeem' }).click();
  await expect(form.getByRole('status')).toHaveText('$25.00 added to your credit. Your balance is now $25.00.');
  await expect(main.getByTestId('wallet-balance')).toHaveText('$25.00');
  await expect(main.getByRole('row').filter({ hasText: 'Gift voucher' })).toContainText('+$25.00');
  await snap(page, 'wallet-voucher-redeemed');

  await field.fill(code);
  await form.getByRole('button', { name: 'Redeem' }).click();
  await expect(form.getByRole('alert')).toHaveText('This gift voucher has already been used.');
  await expect(main.getByTestId('wallet-balance')).toHaveText('$25.00');
  await expectAccessible(page, 'the wallet page after redeeming');

  // Giving one: the amount and a friend's address, paid on the hosted page.
  const gift = main.getByRole('region', { name: 'Give a gift voucher' });
  const friend = `friend-${Date.now().toString(36)}@courtside.test`;
  await gift.getByRole('button', { name: 'Buy the voucher' }).click();
  await expect(gift.getByText('Enter the amount of the voucher.')).toBeVisible();
  await gift.getByLabel('Amount ($)').fill('30');
  await gift.getByLabel("Recipient's email (optional)").fill(friend);
  await gift.getByRole('button', { name: 'Buy the voucher' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift voucher bought' })).toBeVisible();
  await expect(page.getByText(friend)).toBeVisible();
});
