/**
 * The waitlist at phone size: two customers, one slot. A books and pays an evening slot; B finds
 * it taken and joins its waitlist from the booking step (first in line); A cancels; the freed
 * slot is offered to B at once (a hold in B's name, with a countdown in My bookings and an
 * email); C, trying for it meanwhile, finds it taken; B follows the email's link, pays on the
 * sandbox page and has it confirmed.
 */
import AxeBuilder from '@axe-core/playwright';
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

/** axe finds no serious or critical violation on the page as it stands. */
async function accessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`), `axe on ${what}`).toEqual([]);
}

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
  // C opens the booking step before anyone books: the slot is free on C's screen from then on.
  const pageC = await phone();
  await bookingStep(pageC, c, id, date);
  await expect(slotChip(pageC)).not.toContainText('Taken');

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
    await snap(pageB, 'waitlist-booking-taken');
    await taken.click();
    await expect(pageB.getByText(`Taken? Join the waitlist for ${times(START, END)}.`)).toBeVisible();
    await snap(pageB, 'waitlist-booking-join');
    await pageB.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(pageB.getByText("You're on the waitlist (position 1). We'll email you if it frees up.")).toBeVisible();
    await expect(pageB.locator('.waitlist-outcome').getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/dashboard/userBookings');
    await snap(pageB, 'waitlist-booking-joined');
    await accessible(pageB, 'the booking step with a taken slot joined');
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

  await test.step("C, booking it meanwhile from a screen that still shows it free, is told it is waitlisted and offered the line", async () => {
    await slotChip(pageC).click();
    await expect(pageC.getByLabel('Start time')).toHaveValue(START);
    await pageC.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    const summary = pageC.getByRole('complementary', { name: 'Booking summary' });
    await expect(summary.getByRole('alert')).toContainText('People are waiting for this time');
    await expect(summary).toContainText(`Waiting for ${times(START, END)}? We'll email you when it's your turn.`);
    await snap(pageC, 'waitlist-booking-waitlisted');
    await summary.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(summary).toContainText(/You're on the waitlist \(position \d\)\. We'll email you if it frees up\./);
    // On a fresh look the slot is taken: the offer holds it for B.
    await pageC.reload();
    await hydrated(pageC);
    await pageC.getByLabel('Date').fill(date);
    await expect(slotChip(pageC)).toContainText('Taken');
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
    await accessible(pageB, 'My bookings with an offer');
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

test("a taken slot on a facility's page leads (through login) to its waitlist; Find a court offers a sport's window, or what is free; leaving asks first", async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const facility = await ownFacility({ sport: 'squash' });
  const { _id: id, name } = facility;
  const date = isoDate(2, facility.timezone);
  const [holder, waiter] = await Promise.all([signUpAndLogin(request, 'waitlist-holder'), signUpAndLogin(request, 'waitlist-waiter')]);
  const held = await request.post('/api/bookings', { headers: bearer(holder), data: { facility: id, date, startTime: START, endTime: END } });
  expect(held.status(), await held.text()).toBe(201);
  const later = await request.post('/api/bookings', { headers: bearer(holder), data: { facility: id, date, startTime: END, endTime: '21:00' } });
  expect(later.status(), await later.text()).toBe(201);

  await test.step('signed out, the facility page shows the slot taken; its chip leads to login, then to its waitlist', async () => {
    await page.goto(`/facilities/${id}?date=${date}#free-slots`);
    const chip = page.getByRole('link', { name: `${clock(START)} to ${clock(END)}, taken: join the waitlist` });
    await expect(chip).toBeVisible();
    await snap(page, 'waitlist-facility-taken');
    await chip.click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.waitForLoadState('load');
    await page.getByLabel('Email').fill(waiter.user.email);
    await page.getByLabel('Password').fill(waiter.password);
    await page.locator('main').getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/facility-booking/${id}\\?date=${date}&start=`));
    await hydrated(page);
    await expect(slotChip(page)).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByText("You're on the waitlist (position 1). We'll email you if it frees up.")).toBeVisible();
  });

  await test.step('a taken slot that frees before joining: the waitlist offers it to book instead', async () => {
    const next = page.getByRole('list', { name: /slots/i }).getByRole('button', { name: new RegExp(`^${literal(times(END, '21:00'))}`) });
    await expect(next).toContainText('Taken');
    await next.click();
    const { _id: laterId } = ((await later.json()) as { data: { _id: string } }).data;
    const cancelled = await request.delete(`/api/bookings/${laterId}`, { headers: bearer(holder) });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    const outcome = page.locator('.waitlist-outcome');
    await expect(outcome).toContainText('Good news: it is free right now. Book it instead of waiting:');
    await expect(outcome.getByRole('link', { name: `${name}, ${clock(END)} to ${clock('21:00')}` })).toHaveAttribute('href', /^\/book\?facility=/);
    // The day's slots were read again: it is free there too.
    await expect(next).not.toContainText('Taken');
  });

  await test.step("Find a court: the search's sport, day and window, with a length; what is free is offered instead", async () => {
    await page.goto(`/find?date=${date}&sport=squash&time=evening`);
    await expect(page.locator('#find')).toHaveAttribute('data-live', 'true');
    const block = page.locator('#find-waitlist');
    await expect(block).toContainText(/Join the waitlist for any squash court (on \w+|tomorrow) between 5:00 PM and midnight \(60 min\)\./);
    await block.getByRole('button', { name: 'Join the waitlist' }).click();
    // The court's other evening slots are free: book one of them instead.
    await expect(block).toContainText('Good news: these are free right now. Book one instead of waiting:');
    await expect(block.getByRole('list', { name: `Free slots at ${name}` }).getByRole('link').first()).toHaveAttribute('href', /^\/book\?facility=/);
    await snap(page, 'waitlist-find-free');
    await accessible(page, "Find a court's waitlist offering free slots");
    // What the server refuses shows in the block, and goes with a new choice. (A window no court
    // could fit: other specs' squash courts book by the quarter hour, so "no court fits 90
    // minutes" would depend on which of them ran first.)
    await page.goto(`/find?date=${date}&sport=squash&time=23:00`);
    await expect(page.locator('#find')).toHaveAttribute('data-live', 'true');
    await block.getByLabel('Length').selectOption('90');
    await expect(block).toContainText('between 11:00 PM and midnight (90 min)');
    await block.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(block.locator('.alert-error')).toContainText('is shorter than 90 minutes');
    await block.getByLabel('Length').selectOption('60');
    await expect(block.locator('.alert-error')).toHaveCount(0);
  });

  await test.step('My bookings: leaving the line asks first, then says so', async () => {
    await page.goto('/dashboard/userBookings');
    const entry = page.locator('.waitlist-entry', { hasText: name });
    await expect(entry).toContainText('Waiting: number 1 in line');
    await entry.getByRole('button', { name: /^Leave the waitlist/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the waitlist?' });
    await expect(dialog).toContainText('You lose your place in line.');
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(entry).toContainText('Left the waitlist');
    await expect(entry.getByRole('button', { name: /^Leave the waitlist/ })).toHaveCount(0);
  });
});
