/**
 * Promo codes in the back office, as staff run a promotion: create a code with the form (an amount
 * off, one facility chosen from the list, a limit on uses), find it in the list with its uses, see
 * a customer's order that used it on the payment, and delete it (withdrawn, as it was used).
 */
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, gotoConsole, openConsole, payThroughApi, snapConsole } from '../support/console.ts';

test('staff create a promo code, see its use on a payment, and withdraw it', async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'promo-admin');
  const held = await bookFirstFreeSlot(request, customer, await ownFacility(), 6);
  const code = `DESK-${Date.now().toString(36).toUpperCase()}`;

  await test.step('create it with the form', async () => {
    await openConsole(page, admin, '/promo-codes/create');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await page.getByLabel('An amount off the order').check();
    await page.getByRole('spinbutton', { name: /Amount off/ }).fill('5');
    await page.getByRole('combobox', { name: 'Only at these facilities' }).fill(held.facility.name);
    await page.getByRole('option', { name: held.facility.name }).click();
    await page.getByRole('spinbutton', { name: 'Uses in all' }).fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tbody tr', { hasText: code });
    await expect(row).toContainText('$5.00 off');
    await expect(row).toContainText('Always');
    await expect(row).toContainText('1 facility');
    await expect(row).toContainText('0 / 10');
  });

  await test.step('a customer pays with it; the list counts the use and the payment shows the discount', async () => {
    const total = held.booking.payableAmount;
    const res = await request.post('/api/order/create', {
      headers: bearer(customer),
      data: { totalPayableAmount: total, bookingIds: [{ bookingId: held.booking._id }], promoCode: code.toLowerCase() },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { orderId, payment_url: paymentUrl, totalPayableAmount } = (await res.json()).data as { orderId: string; payment_url: string; totalPayableAmount: number };
    expect(totalPayableAmount).toBe(Math.round((total - 5) * 100) / 100);
    await payThroughApi(request, paymentUrl);

    // The list is still open from the step before: read it again.
    await page.reload();
    await expect(page.locator('tbody tr', { hasText: code })).toContainText('1 / 10');
    await snapConsole(page, 'admin-promo-codes');
    await gotoConsole(page, `/payments/${orderId}/show`);
    await expect(page.getByText(`less promo code ${code}`, { exact: false })).toBeVisible();
  });

  await test.step('its form shows what was saved; deleting it (used) withdraws it', async () => {
    await gotoConsole(page, '/promo-codes');
    await page.locator('tbody tr', { hasText: code }).click();
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
    await expect(page.getByRole('spinbutton', { name: /Amount off/ })).toHaveValue('5');
    await expect(page.getByRole('spinbutton', { name: 'Uses in all' })).toHaveValue('10');
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('It is in use (1 / 10)');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('tbody tr', { hasText: code })).toHaveCount(0);
    const gone = await request.post('/api/promo-codes/check', { headers: bearer(customer), data: { code, bookingIds: [{ bookingId: held.booking._id }] } });
    expect((await gone.json()).code).toBe('PROMO_INVALID');
  });
});
