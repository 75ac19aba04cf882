/**
 * Players in the back office, in Chromium against the real server: staff set how many play on
 * one booking of a facility in its form and see it saved; a booking a second customer joined
 * through its link shows that player (whole name, role) and the invite link on the booking page
 * and beside the customer's name on the day grid; staff remove the player and the page, the
 * grid and the API agree. Every new screen passes axe.
 */
import type { Page } from '@playwright/test';
import type { JoinPreviewDto } from '@courtside/contracts';
import { DEFAULT_MAX_PLAYERS } from '@courtside/domain';
import { test, expect } from '../support/fixtures.ts';
import { facilities, loginAdmin, playersOf, signUpAndLogin } from '../support/api.ts';
import { bearer, expectNoAxeViolations, bookFirstFreeSlot, checkOut, gotoConsole, openConsole, payThroughApi, snapConsole } from '../support/console.ts';
import { dayColumn, transitionsDone } from '../support/front-desk.ts';

const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test("staff set a facility's players per booking in its form and see it saved", async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const court = await ownFacility({ sport: 'padel' });
  expect(court.maxPlayers, "a padel court made without a number gets padel's usual").toBe(DEFAULT_MAX_PLAYERS.padel);
  await openConsole(page, admin, `/facilities/${court._id}`);

  const players = page.getByRole('spinbutton', { name: 'Players per booking' });
  await expect(players).toHaveValue(String(DEFAULT_MAX_PLAYERS.padel));
  await expect(page.getByText(`Usual for padel: ${DEFAULT_MAX_PLAYERS.padel}`, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the facility form');

  await players.fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Facility updated successfully')).toBeVisible();
  const saved = (await facilities(request)).find((f) => f._id === court._id)!;
  expect(saved.maxPlayers).toBe(2);

  await gotoConsole(page, `/facilities/${court._id}`);
  await expect(page.getByRole('spinbutton', { name: 'Players per booking' })).toHaveValue('2');
  await snapConsole(page, 'admin-players-facility-form');
});

test('a player who joined shows on the booking page and the day grid; staff remove them', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const court = await ownFacility();
  expect(court.maxPlayers, 'the counts below are those of a court for four').toBe(4);
  const organizer = await signUpAndLogin(request, 'organizer');
  const player = await signUpAndLogin(request, 'joiner');
  const held = await bookFirstFreeSlot(request, organizer, court, 6);
  // Paid, so no lapsing hold can end the booking while the test looks at it.
  await payThroughApi(request, (await checkOut(request, organizer, [held])).paymentUrl);
  const bookingId = held.booking._id;

  const { inviteUrl } = await playersOf(request, organizer, bookingId);
  expect(inviteUrl).toMatch(/\/join\/[A-Za-z0-9_-]+$/);
  const token = inviteUrl!.split('/').pop()!;
  const joined = await request.post(`/api/join/${token}`, { headers: bearer(player) });
  expect(joined.status(), await joined.text()).toBe(200);
  expect(((await joined.json()) as { data: JoinPreviewDto }).data.you).toBe('player');

  const table = page.getByRole('table', { name: 'Players' });
  const rows = table.getByTestId('booking-player');
  await test.step('the booking page lists the organizer and the player by their whole names, with the invite link', async () => {
    await openConsole(page, admin, `/bookings/${bookingId}/show`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(organizer.user.name);
    await expect(rows.nth(0)).toContainText('Organizer');
    await expect(rows.nth(1)).toContainText(player.user.name);
    await expect(rows.nth(1)).toContainText('Player');
    // The organizer's place cannot be taken away.
    await expect(rows.nth(0).getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('booking-places')).toHaveText('2 of 4 players · 2 places left');
    await expect(page.getByRole('textbox', { name: 'Invite link' })).toHaveValue(inviteUrl!);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expectNoAxeViolations(page, 'the booking page with its players');
    await snapConsole(page, 'admin-players-booking');
  });

  const block = dayColumn(page, court).getByTestId('day-booking');
  const actions = page.getByRole('dialog', { name: `Booking of ${organizer.user.name}` });
  await test.step("the day grid names the player beside the customer, in the block's details and its actions", async () => {
    await gotoConsole(page, `/day-view?date=${held.booking.date}&view=grid`);
    await block.hover();
    await expect(page.getByRole('tooltip')).toContainText(`${organizer.user.name} (${organizer.user.email}) + 1 player: ${player.user.name}`);
    await block.click();
    await expect(actions.getByTestId('booking-players')).toHaveText(`+ 1 player: ${player.user.name}`);
    // The pointer leaves the block, so its tooltip is gone before axe looks at the actions.
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await transitionsDone(actions);
    await expectNoAxeViolations(page, "the day grid's booking actions with a player");
    await page.keyboard.press('Escape');
    await expect(actions).toBeHidden();
  });

  await test.step('staff remove the player after a question; the list, the API and the grid agree', async () => {
    await gotoConsole(page, `/bookings/${bookingId}/show`);
    await rows.nth(1).getByRole('button', { name: `Remove ${player.user.name}` }).click();
    const question = page.getByRole('dialog', { name: `Remove ${player.user.name} from this booking?` });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Remove player' }).click();
    await expect(notification(page, `${player.user.name} was removed from the booking`)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(organizer.user.name);
    await expect(page.getByTestId('booking-places')).toHaveText('1 of 4 players · 3 places left');
    expect((await playersOf(request, admin, bookingId)).players.map((p) => p.role)).toEqual(['organizer']);

    await gotoConsole(page, `/day-view?date=${held.booking.date}&view=grid`);
    await block.click();
    await expect(actions).toBeVisible();
    await expect(actions.getByTestId('booking-players')).toHaveCount(0);
  });

  await test.step('the desk adds a walk-in by name and makes a new link; the old one stops working', async () => {
    await gotoConsole(page, `/bookings/${bookingId}/show`);
    const oldLink = (await playersOf(request, admin, bookingId)).inviteUrl!;
    await page.getByLabel('Add a player by name').fill('Wally Walkin');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(notification(page, 'Wally Walkin was added to the booking')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Wally Walkin');
    await expect(page.getByTestId('booking-places')).toHaveText('2 of 4 players · 2 places left');

    await page.getByRole('button', { name: 'New link' }).click();
    const question = page.getByRole('dialog', { name: 'Make a new invite link?' });
    await question.getByRole('button', { name: 'Make a new link' }).click();
    await expect(notification(page, 'A new link was made: the old one no longer works')).toBeVisible();
    const newLink = (await playersOf(request, admin, bookingId)).inviteUrl!;
    expect(newLink).not.toBe(oldLink);
    await expect(page.getByLabel('Invite link')).toHaveValue(newLink);
    const old = await request.get(`/api/join/${oldLink.split('/').pop()}`);
    expect(old.status()).toBe(404);
  });
});
