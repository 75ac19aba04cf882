/**
 * The waitlist at phone size: two customers, one slot. A books and pays an evening slot; B finds
 * it taken and joins its waitlist from the booking step (first in line); A cancels; the freed
 * slot is offered to B at once (a hold in B's name, with a countdown in My bookings and an
 * email); C, trying for it meanwhile, finds it taken; B follows the email's link, pays on the
 * sandbox page and has it confirmed.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, watchContext, type PageProblem } from '../support/fixtures.ts';
import { isoDate, signUpAndLogin, useSession, type Session } from '../support/api.ts';
import { bearer } from '../support/console.ts';
import { waitForMail } from '../support/mailbox.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import { clock, literal, times } from '../support/clock.ts';

const PHONE = { width: 390, height: 844 };
const START = '19:00';
const END = '20:00';

test.use({ viewport: PHONE });

/** The booking step of `facilityId` on `date`, signed in as `who`, its island ready. */
async function bookingStep(page: Page, who: Session, facilityId: string, date: string): Promise<void> {
  await useSession(page, who);
  await page.goto(`/facility-booking/${facilityId}?date=${date}`);
  await hydrated(page);
  await expect(page.getByLabel('Date')).toHaveValue(date);
}

const slotChip = (page: Page) => page.getByRole('list', { name: /slots/i }).getByRole('button', { name: new RegExp(`^${literal(times(START, END))}`) });

/** Checkout's Pay, then the sandbox page's: back on the site's success page. */
async function payAtCheckout(page: Page, facilityName: string): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
  await expect(page.locator('main .checkout-lines li', { hasText: facilityName })).toContainText(times(START, END));
  await page.locator('main').getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/pay\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
}

test('two customers, one slot: the second waits for it, is offered it when the first cancels, and pays for it; a third finds it taken meanwhile', async ({ page, browser, baseURL, request, ownFacility }) => {
  test.setTimeout(180_000);
  const facility = await ownFacility();
  const { _id: id, name } = facility;
  // Three days ahead: the first customer's booking may still be cancelled (with a refund).
  const date = isoDate(3, facility.timezone);
  const [a, b, c] = await Promise.all([signUpAndLogin(request, 'waitlist-a'), signUpAndLogin(request, 'waitlist-b'), signUpAndLogin(request, 'waitlist-c')]);

  const problems: PageProblem[] = [];
  const contexts: BrowserContext[] = [];
  const phone = async () => {
    const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US', timezoneId: 'America/New_York' });
    await watchContext(context, problems);
    contexts.push(context);
    return context.newPage();
  };
  const pageB = await phone();

  await test.step('A books the evening slot and pays on the sandbox page', async () => {
    await bookingStep(page, a, id, date);
    await slotChip(page).click();
    await expect(page.getByLabel('Start time')).toHaveValue(START);
    await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    await payAtCheckout(page, name);
  });

  await test.step('B finds it taken on the booking step and joins its waitlist: first in line', async () => {
    await bookingStep(pageB, b, id, date);
    const taken = slotChip(pageB);
    await expect(taken).toContainText('Taken');
    await taken.click();
    await expect(pageB.getByText(`Taken? Join the waitlist for ${times(START, END)}.`)).toBeVisible();
    await snap(pageB, 'waitlist-booking-join');
    await pageB.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(pageB.getByText("You're on the waitlist (position 1). We'll email you if it frees up.")).toBeVisible();
    await expect(pageB.locator('.waitlist-outcome').getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/dashboard/userBookings');
    await snap(pageB, 'waitlist-booking-joined');
  });

  await test.step("B's My bookings lists the entry, waiting, first in line", async () => {
    await pageB.goto('/dashboard/userBookings');
    const entry = pageB.locator('.waitlist-entry', { hasText: name });
    await expect(entry).toContainText(times(START, END));
    await expect(entry).toContainText('Waiting: number 1 in line');
    await expect(entry.getByRole('button', { name: /^Leave the waitlist/ })).toBeVisible();
  });

  await test.step('A cancels it from My bookings', async () => {
    await page.goto('/dashboard/userBookings');
    const row = page.locator('main tr', { hasText: name }).filter({ hasText: clock(START) });
    await row.getByRole('button', { name: /^Cancel/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  });

  await test.step('C, trying for it meanwhile, finds it taken: the offer holds it for B', async () => {
    const pageC = await phone();
    await bookingStep(pageC, c, id, date);
    await expect(slotChip(pageC)).toContainText('Taken');
    const tried = await request.post('/api/bookings', { headers: bearer(c), data: { facility: id, date, startTime: START, endTime: END } });
    expect(tried.status(), await tried.text()).toBe(409);
    expect(['SLOT_TAKEN', 'WAITLISTED']).toContain(((await tried.json()) as { code: string }).code);
  });

  await test.step('B sees the offer stand out in My bookings, with a countdown to pay', async () => {
    await pageB.reload();
    const offer = pageB.getByRole('group', { name: 'A court is free for you' });
    await expect(offer).toContainText(`A court is free for you: ${name}`);
    await expect(offer).toContainText(times(START, END));
    await expect(offer).toContainText(/\$\d+\.\d\d\. Pay before \d{1,2}:\d\d [AP]M/);
    const countdown = offer.locator('.countdown');
    await expect(countdown).toHaveText(/^\d\d:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!);
    await expect(offer.getByRole('link', { name: /^Pay now/ })).toHaveAttribute('href', '/dashboard/checkoutForPayment');
    await expect(offer.getByRole('button', { name: /^Decline/ })).toBeVisible();
    await snap(pageB, 'waitlist-offer');
  });

  await test.step("B gets the offer's email, follows its link, pays, and has it confirmed", async () => {
    const mail = await waitForMail(b.user.email, 'A court is free for you');
    const link = /https?:\/\/[^\s"<>]+\/dashboard\/checkoutForPayment/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    await pageB.goto(new URL(link!).pathname);
    await payAtCheckout(pageB, name);
    await pageB.goto('/dashboard/userBookings');
    const row = pageB.locator('main tr', { hasText: name }).filter({ hasText: clock(START) });
    await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(pageB.locator('.waitlist-entry', { hasText: name })).toContainText('Booked');
  });

  for (const context of contexts) await context.close();
  expect(problems, problems.map((p) => `${p.kind} ${p.url}: ${p.detail}`).join('\n')).toEqual([]);
});
