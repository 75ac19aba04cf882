/**
 * The front desk's money, tried as staff would in Chromium against the real server: the New
 * booking dialog quotes a member their own price (the server's, for their tier) before booking,
 * and records exactly that; its buttons stay in view at 1280x900. A booking dragged from a tennis
 * court onto a volleyball court is asked about first (the sport, then the price), and the balance
 * the move leaves is collected from the booking's popover. Change time asks the same questions.
 *
 * Its courts are its own (support/own-facility.ts; tennis and volleyball: the Find a court specs
 * search padel), booked 15 days ahead. The drop goes through the grid's drop handler.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, type Session } from '../support/api.ts';
import { bearer, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { agreeToMove, clickFreeSlot, dayColumn, dropOnColumn, moveQuestions } from '../support/front-desk.ts';
import type { FacilityData } from '../support/own-facility.ts';
import { times } from '../support/clock.ts';

const tag = () => Date.now().toString(36).slice(-5);
const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const ZONE = 'America/New_York';

/** A court of the spec's own for a sport, at a price an hour. */
const court = (sport: 'tennis' | 'volleyball', pricePerHour: number): FacilityData => ({ sport, pricePerHour, timezone: ZONE, imageUrl: `/images/facilities/${sport}.svg` });

/** A customer holding a tier of 20% off. */
async function member(request: APIRequestContext, admin: Session, tierName: string): Promise<Session> {
  const who = await signUpAndLogin(request, 'member');
  const tier = await request.post('/api/admin/tiers', { headers: bearer(admin), data: { name: tierName, discountPercent: 20 } });
  expect(tier.status(), await tier.text()).toBe(201);
  const assigned = await request.put(`/api/admin/users/${who.user._id}`, { headers: bearer(admin), data: { tierId: ((await tier.json()) as { id: string }).id } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return who;
}

test("the New booking dialog quotes a member's own price before booking, and the booking records it", async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const t = tag();
  const tennis = await ownFacility(court('tennis', 60));
  const mia = await member(request, admin, `Member ${t}`);
  const date = isoDate(15, ZONE);
  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await clickFreeSlot(page, tennis, '10:00');
  const dialog = page.getByRole('dialog', { name: /^New (booking|weekly series)$/ });
  const price = dialog.getByTestId('booking-price');

  await test.step('before a customer is picked: the public price, said to be public', async () => {
    await expect(price).toHaveText('Price: $60.00 · 1 h');
    await expect(dialog).toContainText('Public price: find the customer to see theirs');
  });

  await test.step("the member picked: their tier's price, the public one beside it; the buttons in view at 1280x900", async () => {
    await dialog.getByRole('combobox', { name: 'Customer' }).fill(mia.user.email);
    await page.getByRole('option', { name: new RegExp(mia.user.name) }).click();
    await expect(price).toHaveText(`Price: $48.00 · 1 h · Member ${t} price (public $60.00)`);
    await expect(dialog).toContainText(`${mia.user.name}'s price`);
    await expect(dialog.getByRole('button', { name: 'Book', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    await snapConsole(page, 'admin-desk-member-price');
  });

  await test.step('repeating weekly: each date at the member price, from the preview', async () => {
    await dialog.getByRole('checkbox', { name: 'Repeat weekly' }).check();
    await expect(price).toHaveText(`Price: $288.00 · 6 dates at $48.00 · Member ${t} price`);
    await expect(dialog.getByRole('button', { name: 'Book 6 dates' })).toBeInViewport({ ratio: 1 });
    await snapConsole(page, 'admin-desk-member-series-price');
    await dialog.getByRole('checkbox', { name: 'Repeat weekly' }).uncheck();
    await expect(price).toHaveText(`Price: $48.00 · 1 h · Member ${t} price (public $60.00)`);
  });

  await test.step('booked at exactly the quoted price', async () => {
    await dialog.getByRole('radio', { name: 'Paid at desk' }).check();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    const booked = page.getByRole('dialog', { name: 'Booked' });
    await expect(booked).toContainText('Paid at the desk: $48.00');
  });
});

test('a paid tennis booking dropped onto a volleyball court: the sport is asked, then the price; the balance is collected at the desk', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const tennis = await ownFacility(court('tennis', 20));
  const volley = await ownFacility(court('volleyball', 30));
  const casey = await signUpAndLogin(request, 'mover');
  const date = isoDate(15, ZONE);
  const made = await request.post('/api/admin/bookings', {
    headers: bearer(admin),
    data: { facilityId: tennis._id, date, startTime: '11:00', endTime: '12:00', userId: casey.user._id, payment: 'desk' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { _id: string })._id;
  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
  const block = (f: { name: string }) => dayColumn(page, f).getByRole('button', { name: new RegExp(`^${casey.user.name} ${times('11:00', '12:00')}`) });
  await expect(block(tennis)).toBeVisible({ timeout: 30_000 });
  const { sport, price } = moveQuestions(page);

  await test.step('the drop asks about the sport first, in the server words; nothing moves until staff say yes', async () => {
    await dropOnColumn(page, block(tennis), volley);
    await expect(sport).toContainText(`${tennis.name} is a tennis facility and ${volley.name} is for volleyball`);
    await snapConsole(page, 'admin-move-sport-question');
    expect(((await (await request.get(`/api/admin/bookings/${id}`, { headers: bearer(admin) })).json()) as { facility: { _id: string } }).facility._id).toBe(tennis._id);
    await sport.getByRole('button', { name: 'Move to the other sport' }).click();
  });

  await test.step('then the price: $10.00 to collect; moved once confirmed', async () => {
    await expect(price).toContainText('The price changes from $20.00 to $30.00: they paid already, so $10.00 is to collect from them');
    await agreeToMove(page, notification(page, `Moved to ${volley.name}`));
    await expect(notification(page, '$10.00 to collect')).toBeVisible();
    await expect(block(volley)).toBeVisible();
  });

  await test.step("the booking's popover collects the balance at the desk", async () => {
    await block(volley).click();
    const popover = page.getByRole('dialog', { name: `Booking of ${casey.user.name}` });
    await expect(popover).toContainText('$30.00');
    await expect(popover).toContainText('Paid $20.00; balance: $10.00 to collect');
    await snapConsole(page, 'admin-popover-balance');
    await popover.getByRole('button', { name: 'Collect $10.00' }).click();
    const ask = page.getByRole('dialog', { name: 'Collect $10.00?' });
    await expect(ask).toContainText(`Record that ${casey.user.name} paid the $10.00 difference at the desk`);
    await ask.getByRole('button', { name: 'Collect $10.00' }).click();
    await expect(notification(page, '$10.00 collected at the desk')).toBeVisible();
    const after = (await (await request.get(`/api/admin/bookings/${id}`, { headers: bearer(admin) })).json()) as { payableAmount: number; balance: number };
    expect(after).toMatchObject({ payableAmount: 30, balance: 0 });
  });

  await test.step('Change time asks the same: moving it back to tennis is asked about the sport, then the price', async () => {
    await gotoConsole(page, `/bookings/${id}/show`);
    await page.getByRole('button', { name: 'Change time' }).click();
    const move = page.getByRole('dialog', { name: 'Change time' });
    await move.getByRole('combobox', { name: /^Facility/ }).click();
    await page.getByRole('option', { name: tennis.name }).click();
    await move.getByRole('button', { name: 'Move booking' }).click();
    await expect(move.getByTestId('move-question')).toContainText('is a volleyball facility');
    await snapConsole(page, 'admin-change-time-sport-question');
    await move.getByRole('button', { name: 'Move to the other sport' }).click();
    await expect(move.getByTestId('move-question')).toContainText('$10.00 is to give back to them');
    await move.getByRole('button', { name: 'Move at the new price' }).click();
    await expect(move).toBeHidden();
    await expect(page.getByRole('button', { name: 'Refund $10.00' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hand back $10.00' })).toBeVisible();
    await snapConsole(page, 'admin-booking-balance-to-give-back');
  });
});
