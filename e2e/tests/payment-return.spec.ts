/**
 * The payment success page never claims more than the server knows: fulfilment comes
 * from the provider's webhook, so the browser may come back before the order is paid. With
 * `?order=` the page says "Confirming your payment…" and asks the API until the order is paid
 * (confirmed), refunded or a minute has passed. Without an order it can read (none in the link,
 * someone else's, or no JavaScript) it says so (see also site-truth.spec.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, signUpAndLogin, useSession, type Facility, type Session } from '../support/api.ts';
import { snap } from '../support/screens.ts';
import { bearer, bookFirstFreeSlot, checkOut, payThroughApi } from '../support/console.ts';


/** A customer's fresh sandbox order, not paid yet, for a slot at `facility`. */
async function openOrder(request: APIRequestContext, customer: Session, facility: Facility, daysAhead: number) {
  const held = await bookFirstFreeSlot(request, customer, facility, daysAhead);
  return checkOut(request, customer, [held]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('a paid order reads as confirmed', async ({ page, request, ownFacility }) => {
  const customer = await signUpAndLogin(request, 'returner');
  const { orderId, paymentUrl } = await openOrder(request, customer, await ownFacility(), 6);
  await payThroughApi(request, paymentUrl);

  await useSession(page, customer);
  await page.goto(`/payment/success?order=${orderId}`);
  await expect(heading(page, 'Payment successful')).toBeVisible();
  await expect(page.getByText(/your booking is confirmed/i)).toBeVisible();
  await expect(page.getByText('Confirming your payment…')).toBeHidden();
  await snap(page, 'payment-return-confirmed');
});

test('an unpaid order reads "Confirming your payment…" until it is paid, then confirmed', async ({ page, request, ownFacility }) => {
  const customer = await signUpAndLogin(request, 'waiter');
  const { orderId, paymentUrl } = await openOrder(request, customer, await ownFacility(), 7);
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/order/${orderId}`)) polls.push(r.url());
  });

  await useSession(page, customer);
  await page.goto(`/payment/success?order=${orderId}`);
  await expect(heading(page, 'Confirming your payment…')).toBeVisible();
  await expect(page.getByText(/your booking is confirmed/i)).toBeHidden();
  await snap(page, 'payment-return-confirming');
  // It keeps asking (every 1.5 s) and still says nothing more.
  await expect.poll(() => polls.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
  await expect(heading(page, 'Confirming your payment…')).toBeVisible();

  // The payment is confirmed on the server (as a webhook would): the page follows by itself.
  await payThroughApi(request, paymentUrl);
  await expect(heading(page, 'Payment successful')).toBeVisible();
  await expect(page.getByText(/your booking is confirmed/i)).toBeVisible();
});

test('an order still unpaid after a minute reads "being processed", never confirmed', async ({ page, request, ownFacility }) => {
  const customer = await signUpAndLogin(request, 'patient');
  const { orderId } = await openOrder(request, customer, await ownFacility(), 9);
  await page.clock.install();
  await useSession(page, customer);
  const firstPoll = page.waitForResponse((r) => r.url().includes(`/api/order/${orderId}`));
  await page.goto(`/payment/success?order=${orderId}`);
  await firstPoll;
  await expect(heading(page, 'Confirming your payment…')).toBeVisible();
  // A minute on the page's clock: the next check still finds it unpaid and the page gives up waiting.
  const lastPoll = page.waitForResponse((r) => r.url().includes(`/api/order/${orderId}`));
  await page.clock.fastForward(60_000);
  await lastPoll;
  await expect(heading(page, 'Still confirming your payment')).toBeVisible();
  await expect(page.getByText('Your payment is being processed; it will appear in My Bookings shortly.')).toBeVisible();
  await expect(page.getByText(/your booking is confirmed/i)).toBeHidden();
});

test('a refunded order reads refunded; an order that is not yours or not an order is not shown', async ({ page, request, ownFacility }) => {
  const customer = await signUpAndLogin(request, 'refundee');
  const { orderId, paymentUrl } = await openOrder(request, customer, await ownFacility(), 8);
  await payThroughApi(request, paymentUrl);
  const admin = await loginAdmin(request);
  expect((await request.post(`/api/admin/payments/${orderId}/refund`, { headers: bearer(admin) })).status()).toBe(200);

  await useSession(page, customer);
  await page.goto(`/payment/success?order=${orderId}`);
  await expect(heading(page, /refunded/i)).toBeVisible();
  await expect(page.getByText(/your booking is confirmed/i)).toBeHidden();

  const stranger = await signUpAndLogin(request, 'stranger');
  await useSession(page, stranger);
  await page.goto(`/payment/success?order=${orderId}`);
  await expect(heading(page, 'We can’t show this payment here')).toBeVisible();
  await expect(page.getByText('My Bookings always shows your bookings and whether they are paid.')).toBeVisible();
  await snap(page, 'payment-return-unknown');

  await page.goto('/payment/success?order=not-an-order');
  await expect(heading(page, 'We can’t show this payment here')).toBeVisible();
});

test('without JavaScript, or without an order, the page claims nothing', async ({ browser, page }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noJs = await context.newPage();
    await noJs.goto('/payment/success?order=00000000-0000-4000-8000-000000000000');
    await expect(heading(noJs, 'Your payment')).toBeVisible();
    await expect(noJs.getByText(/confirmed/i).filter({ visible: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
  await page.goto('/payment/success');
  await expect(heading(page, 'We can’t show this payment here')).toBeVisible();
  await expect(page.getByText(/confirmed/i).filter({ visible: true })).toHaveCount(0);
});
