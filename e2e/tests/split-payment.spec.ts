/**
 * Split payment at phone size. An organizer books a padel court (4 players), chooses Split the
 * cost at checkout and pays their quarter on the sandbox page, which states the rule they agree
 * to; their Players panel says where the split stands and gives the link. A new player opens the
 * link signed out (it says their share and when it is due), signs up through it, comes back,
 * joins and pays their quarter on the sandbox page; the return page says their share is paid.
 * Both see it in My bookings with each share's status; the organizer cancels, and each sees
 * their own share refunded.
 */
import type { Page } from '@playwright/test';
import { displayDateTime, formatCents, fromLocal, parseDate, parseTime, playerShortName, sharesDueAt, sharesDueRule, splitCents, type MoneyFormat } from '@courtside/domain';
import { test, expect, watchContext, type PageProblem } from '../support/fixtures.ts';
import { newCustomer, signUpAndLogin, useSession } from '../support/api.ts';
import { bookFirstFreeSlot, expectAccessible } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import { signUpThroughForm } from '../support/sign-up.ts';
import { clock, LOCALE } from '../support/clock.ts';

const PHONE = { width: 390, height: 844 };
const MY_BOOKINGS = '/dashboard/userBookings';
const MONEY: MoneyFormat = { currency: 'USD', locale: LOCALE };
const money = (cents: number) => formatCents(cents, MONEY);

test.use({ viewport: PHONE });

async function myBookings(page: Page): Promise<void> {
  await page.goto(MY_BOOKINGS);
  await hydrated(page);
}

/** The organizer's booking row at `start` on `facilityName`, its Players button and the panel it opens. */
function bookingOf(page: Page, facilityName: string, start: string) {
  const row = page.locator('main tr', { hasText: facilityName }).filter({ hasText: clock(start) }).first();
  return { row, players: row.getByRole('button', { name: /^Players/ }), panel: page.getByRole('region', { name: /^Players: / }) };
}

test('an organizer splits the cost; a new player joins through the link and pays their share; cancelling refunds each their own', async ({ page, browser, baseURL, request, ownFacility }) => {
  test.setTimeout(240_000);
  const facility = await ownFacility({ sport: 'padel' });
  expect(facility.maxPlayers).toBe(4);
  const organizer = await signUpAndLogin(request, 'organizer');
  const held = await bookFirstFreeSlot(request, organizer, facility, 3);
  const { date, startTime: start } = held.booking;
  const [yoursCents, eachCents] = splitCents(Math.round(held.booking.payableAmount * 100), 4) as [number, number];
  // The due time: 24 hours (the server's default SHARE_DUE_HOURS) before the start, the booking being days ahead.
  const dueAt = sharesDueAt(fromLocal(parseDate(date), parseTime(start), facility.timezone), new Date(), 24);
  const dueText = displayDateTime(dueAt.getTime(), facility.timezone, LOCALE);
  let link = '';
  const joinPath = () => new URL(link).pathname;

  await test.step('checkout offers Split the cost; split, it says each share and the rule, and the button the amount charged now', async () => {
    await useSession(page, organizer);
    await page.goto('/dashboard/checkoutForPayment');
    await hydrated(page);
    const main = page.locator('main');
    const choice = main.getByRole('group', { name: 'Who pays' });
    await expect(choice.getByRole('radio', { name: /Pay for everyone/ })).toBeChecked();
    await expect(main.getByRole('button', { name: `Pay ${money(yoursCents + 3 * eachCents)}` })).toBeVisible();
    await choice.getByRole('radio', { name: /Split the cost/ }).check();
    await expect(choice).toContainText(`You pay ${money(yoursCents)} now (your share, 1 of 4); each player pays ${money(eachCents)}`);
    await expect(choice).toContainText(sharesDueRule());
    await expect(main.getByRole('button', { name: `Pay ${money(yoursCents)}` })).toBeVisible();
    await expect(main.locator('.checkout-now')).toHaveText(`Your share, paid now${money(yoursCents)}`);
    await snap(page, 'split-checkout');
    await expectAccessible(page, 'the checkout with Split the cost chosen');
  });

  await test.step('the sandbox page charges their share and states what paying agrees to', async () => {
    await page.getByRole('button', { name: `Pay ${money(yoursCents)}` }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await expect(page.getByText(sharesDueRule())).toBeVisible();
    await expect(page.getByText('your share, 1 of 4')).toBeVisible();
    await snap(page, 'split-sandbox');
    await page.getByRole('button', { name: `Pay ${money(yoursCents)}` }).click();
    await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  });

  await test.step('Players: the split so far, the organizer paid, the link', async () => {
    await myBookings(page);
    const { players, panel } = bookingOf(page, facility.name, start);
    await expect(players).toHaveText('Players (1/4)');
    await players.click();
    await expect(panel).toContainText(`Split 4 ways: 1 of 4 shares paid. ${money(3 * eachCents)} unpaid, charged to your card on ${dueText}.`);
    const own = panel.getByRole('listitem').filter({ hasText: playerShortName(organizer.user.name) });
    await expect(own).toContainText(`Paid ${money(yoursCents)}`);
    link = await panel.getByLabel('Link to share').inputValue();
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{16,64}$/);
    await snap(page, 'split-players-panel');
    await expectAccessible(page, 'My bookings with the split players panel');
  });

  const problems: PageProblem[] = [];
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US', timezoneId: 'America/New_York' });
  await watchContext(context, problems);
  const guest = await context.newPage();
  const newPlayer = { ...newCustomer('splitter'), name: 'Robin Quist' };

  await test.step('the link, signed out, says the share a player pays and by when', async () => {
    await guest.goto(joinPath());
    await hydrated(guest);
    const card = guest.getByRole('region', { name: facility.name });
    await expect(card).toContainText(`Your share: ${money(eachCents)} (pay by ${dueText})`);
    await snap(guest, 'split-join-signed-out');
    await expectAccessible(guest, 'the link page of a split booking, signed out');
  });

  const playing = guest.getByRole('region', { name: 'Playing' });
  const item = playing.getByRole('listitem').filter({ hasText: facility.name });
  await test.step('they sign up through it, come back and join; Pay your share opens the sandbox page, which they leave unpaid', async () => {
    await guest.getByRole('link', { name: 'Join' }).click();
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await hydrated(guest);
    await signUpThroughForm(guest, newPlayer);
    await expect(guest).toHaveURL(new URL(joinPath(), baseURL).href);
    await hydrated(guest);
    await guest.getByRole('button', { name: 'Join' }).click();
    await expect(guest.getByRole('status').filter({ hasText: "You're in:" })).toBeVisible();
    await snap(guest, 'split-joined');
    await expectAccessible(guest, 'the link page once joined, with Pay your share');
    await guest.getByRole('button', { name: 'Pay your share' }).click();
    await expect(guest).toHaveURL(/\/pay\//);
    await expect(guest.getByText(`Total ${money(eachCents)}`)).toBeVisible();
    await guest.getByRole('button', { name: 'Cancel' }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Your share is not paid' })).toBeVisible();
    await snap(guest, 'split-share-not-paid');
  });

  await test.step('Playing says their share and when it is due; they pay it from there on the sandbox page', async () => {
    await myBookings(guest);
    await expect(item).toContainText(`Your share: ${money(eachCents)}, due by ${dueText}`);
    await snap(guest, 'split-playing-open');
    await expectAccessible(guest, 'My bookings with a share to pay');
    await item.getByRole('button', { name: /^Pay your share/ }).click();
    await expect(guest).toHaveURL(/\/pay\//);
    await guest.getByRole('button', { name: `Pay ${money(eachCents)}` }).click();
    await expect(guest).toHaveURL(/\/payment\/success\/?\?order=/);
    await expect(guest.getByRole('heading', { level: 1, name: 'Your share is paid' })).toBeVisible();
    await expect(guest.getByText(facility.name)).toBeVisible();
    await snap(guest, 'split-share-paid');
    await expectAccessible(guest, 'the return page of a share');
  });

  await test.step("the player's Playing section says their share is paid", async () => {
    await guest.getByRole('link', { name: 'Go to My Bookings' }).click();
    await hydrated(guest);
    await expect(item).toContainText(`Share paid: ${money(eachCents)}`);
    await expect(item.getByRole('button', { name: /^Pay your share/ })).toHaveCount(0);
    await snap(guest, 'split-playing-paid');
  });

  await test.step("the organizer's panel: two of four paid, each row its share", async () => {
    await myBookings(page);
    const { players, panel } = bookingOf(page, facility.name, start);
    await expect(players).toHaveText('Players (2/4)');
    await players.click();
    await expect(panel).toContainText(`Split 4 ways: 2 of 4 shares paid. ${money(2 * eachCents)} unpaid, charged to your card on ${dueText}.`);
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(organizer.user.name) })).toContainText(`Paid ${money(yoursCents)}`);
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(newPlayer.name) })).toContainText(`Paid ${money(eachCents)}`);
    await snap(page, 'split-players-two-paid');
  });

  await test.step('the organizer cancels: their row says their share refunded; the player sees theirs refunded', async () => {
    const { row, players, panel } = bookingOf(page, facility.name, start);
    await row.getByRole('button', { name: /^Cancel/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    // The row tells the organizer their own money back, not the players'.
    await expect(row).toContainText(`${money(yoursCents)} back to you`);
    // The panel stays open, read again now the booking is cancelled.
    await expect(players).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toContainText('The booking was cancelled: every share paid went back to whoever paid it.');
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(organizer.user.name) })).toContainText(`Refunded ${money(yoursCents)}`);
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(newPlayer.name) })).toContainText(`Refunded ${money(eachCents)}`);
    // The toast said it; out of the way so the screenshot shows the panel.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await snap(page, 'split-cancelled-organizer');
    await expectAccessible(page, 'My bookings with a cancelled split booking');

    await myBookings(guest);
    await expect(item).toContainText(`Share refunded: ${money(eachCents)} back to you`);
    await snap(guest, 'split-cancelled-player');
    await expectAccessible(guest, 'My bookings with a refunded share');
  });

  await context.close();
  expect(problems, 'page problems in the second context').toEqual([]);
});
