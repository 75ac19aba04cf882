/**
 * Players at phone size. An organizer books a padel court and pays on the sandbox page, opens
 * Players in My bookings, copies the booking's link and adds a friend by name; someone without
 * an account opens the link, goes through the login page to sign up, comes back and joins; both
 * see it in My bookings (the organizer's panel names the new player "First L.", the player's
 * Playing section names the organizer); the player leaves and the organizer's list no longer has
 * them; an address invited by email is listed, and a new link ends the old one. And a full
 * booking tells a third person so instead of offering Join.
 */
import type { Page } from '@playwright/test';
import { playerShortName } from '@courtside/domain';
import { test, expect, watchContext, type PageProblem } from '../support/fixtures.ts';
import { newCustomer, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, checkOut, payOnSandboxPage, payThroughApi, expectAccessible } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { snap } from '../support/screens.ts';
import { signUpThroughForm } from '../support/sign-up.ts';
import { clock, day, times } from '../support/clock.ts';

const PHONE = { width: 390, height: 844 };
const MY_BOOKINGS = '/dashboard/userBookings';

test.use({ viewport: PHONE });

/** My bookings, its islands ready. */
async function myBookings(page: Page): Promise<void> {
  await page.goto(MY_BOOKINGS);
  await hydrated(page);
}

/** The organizer's Players button of the booking at `start` on `facilityName`, and the panel it opens. */
function playersOf(page: Page, facilityName: string, start: string) {
  const row = page.locator('main tr', { hasText: facilityName }).filter({ hasText: clock(start) });
  const button = row.getByRole('button', { name: /^Players/ });
  return { button, panel: page.getByRole('region', { name: /^Players: / }) };
}

test('an organizer shares the link and adds a friend; a new player signs up through it and joins, then leaves', async ({ page, browser, baseURL, request, ownFacility }) => {
  test.setTimeout(180_000);
  const facility = await ownFacility({ sport: 'padel' });
  const organizer = await signUpAndLogin(request, 'organizer');
  const held = await bookFirstFreeSlot(request, organizer, facility, 3);
  const { date, startTime: start, endTime: end } = held.booking;
  // The link as the panel shows it (PUBLIC_BASE_URL/join/<token>), opened on this server by its path.
  let link = '';
  const joinPath = () => new URL(link).pathname;

  await test.step('the organizer pays for the padel court on the sandbox page', async () => {
    const { paymentUrl } = await checkOut(request, organizer, [held]);
    await useSession(page, organizer);
    await payOnSandboxPage(page, paymentUrl);
  });

  await test.step('opens Players in My bookings: only the organizer so far, the link to share', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await myBookings(page);
    const { button, panel } = playersOf(page, facility.name, start);
    await expect(button).toHaveText('Players (1/4)');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toContainText('3 places left');
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(organizer.user.name) })).toContainText('organizer');
    link = await panel.getByLabel('Link to share').inputValue();
    expect(link).toMatch(/^https?:\/\/[^/]+\/join\/[A-Za-z0-9_-]{16,64}$/);
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').getByText('Link copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  await test.step('adds a friend without an account by name', async () => {
    const { button, panel } = playersOf(page, facility.name, start);
    await panel.getByLabel('Add by name').fill('Grandpa Joe');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Grandpa Joe' })).toContainText('added by name');
    await expect(button).toHaveText('Players (2/4)');
    await expect(panel).toContainText('2 places left');
    await snap(page, 'players-panel');
    await expectAccessible(page, 'My bookings with the players panel open');
  });

  const problems: PageProblem[] = [];
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US', timezoneId: 'America/New_York' });
  await watchContext(context, problems);
  const guest = await context.newPage();
  // A name of their own: the suite's customers all read "E2E X." to each other.
  const newPlayer = { ...newCustomer('joiner'), name: 'Robin Quist' };

  await test.step('someone without an account opens the link: the booking, its organizer, the places left', async () => {
    await guest.goto(joinPath());
    await hydrated(guest);
    const card = guest.getByRole('region', { name: facility.name });
    await expect(card).toContainText("You're invited to play padel");
    await expect(card).toContainText(facility.location);
    await expect(card).toContainText(`${day(date)}, ${times(start, end)}`);
    await expect(card).toContainText(`Organized by ${organizer.user.name.split(' ')[0]}`);
    await expect(card).toContainText('2 of 4 places left');
    await snap(guest, 'players-join-signed-out');
    await expectAccessible(guest, 'the link page, signed out');
  });

  await test.step('Join leads to the login page; from there they sign up and come back to the link', async () => {
    await guest.getByRole('link', { name: 'Join' }).click();
    await expect(guest).toHaveURL(/\/login\?redirect=%2Fjoin%2F/);
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await expect(guest).toHaveURL(/\/register\?redirect=%2Fjoin%2F/);
    await hydrated(guest);
    await signUpThroughForm(guest, newPlayer);
    await expect(guest).toHaveURL(new URL(joinPath(), baseURL).href);
    await hydrated(guest);
  });

  await test.step('joins: told they are in, with the way to My bookings', async () => {
    await guest.getByRole('button', { name: 'Join' }).click();
    const done = guest.getByRole('status').filter({ hasText: "You're in:" });
    await expect(done).toBeVisible();
    await snap(guest, 'players-joined');
    await done.getByRole('link', { name: 'see it in My bookings' }).click();
    await expect(guest).toHaveURL(MY_BOOKINGS);
    await hydrated(guest);
  });

  const playing = guest.getByRole('region', { name: 'Playing' });
  await test.step("the player's Playing section lists the booking and its organizer", async () => {
    const item = playing.getByRole('listitem').filter({ hasText: facility.name });
    await expect(item).toContainText(`Organized by ${playerShortName(organizer.user.name)}`);
    await expect(item).toContainText('3 of 4 players');
    await expect(item).toContainText(times(start, end));
    await snap(guest, 'players-playing');
    await expectAccessible(guest, 'My bookings with a Playing section');
  });

  await test.step("the organizer's panel lists the new player as First L.", async () => {
    await myBookings(page);
    const { button, panel } = playersOf(page, facility.name, start);
    await expect(button).toHaveText('Players (3/4)');
    await button.click();
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(newPlayer.name) })).toBeVisible();
    await expect(panel).not.toContainText(newPlayer.name);
    await expect(panel).not.toContainText(newPlayer.email);
  });

  await test.step('the player leaves (asked first); the organizer no longer has them', async () => {
    await playing.getByRole('button', { name: /^Leave / }).click();
    await guest.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(playing).toHaveCount(0);
    await myBookings(page);
    const { button, panel } = playersOf(page, facility.name, start);
    await expect(button).toHaveText('Players (2/4)');
    await button.click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Grandpa Joe' })).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: playerShortName(newPlayer.name) })).toHaveCount(0);
  });

  await test.step('the organizer invites an address by email and makes a new link: the old one no longer works', async () => {
    const { panel } = playersOf(page, facility.name, start);
    const address = newCustomer('invited').email;
    await panel.getByLabel('Invite by email').fill(address);
    await panel.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: address })).toBeVisible();
    await panel.getByRole('button', { name: 'New link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make a new link' }).click();
    await expect(panel.getByLabel('Link to share')).not.toHaveValue(link);
    await guest.goto(joinPath());
    await expect(guest.getByRole('heading', { name: "This link doesn't work" })).toBeVisible();
  });

  await context.close();
  expect(problems, 'page problems in the second context').toEqual([]);
});

test('a full booking tells the next person it is full instead of offering Join', async ({ page, request, ownFacility }) => {
  const facility = await ownFacility({ sport: 'squash', maxPlayers: 2 });
  const [organizer, second, third] = await Promise.all([signUpAndLogin(request, 'organizer'), signUpAndLogin(request, 'second'), signUpAndLogin(request, 'third')]);
  const held = await bookFirstFreeSlot(request, organizer, facility, 3);
  await payThroughApi(request, (await checkOut(request, organizer, [held])).paymentUrl);
  const players = await request.get(`/api/bookings/${held.booking._id}/players`, { headers: bearer(organizer) });
  expect(players.status(), await players.text()).toBe(200);
  const link = ((await players.json()) as { data: { inviteUrl: string } }).data.inviteUrl;
  const joined = await request.post(`/api/join/${link.split('/join/')[1]}`, { headers: bearer(second) });
  expect(joined.status(), await joined.text()).toBe(200);

  await useSession(page, third);
  await page.goto(new URL(link).pathname);
  await hydrated(page);
  const card = page.getByRole('region', { name: facility.name });
  await expect(card).toContainText('No places left: 2 of 2 taken');
  await expect(card).toContainText('This booking is full: 2 players at most.');
  await expect(card.getByRole('button', { name: 'Join' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Join' })).toHaveCount(0);
  await snap(page, 'players-join-full');
  await expectAccessible(page, 'the link page of a full booking');
});
