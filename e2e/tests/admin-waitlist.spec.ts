/**
 * The waitlist at the front desk, in Chromium against the real server: a customer books and pays
 * a slot, two others join its waitlist through the API. Staff see "2 waiting" on the day grid,
 * open the Waitlist from it (the two in queue order), are warned by name when they pick that
 * slot in the New booking dialog, and remove the first from the line: the list drops them and
 * their own waitlist says they left.
 *
 * The court is the spec's own (support/own-facility.ts), booked 6 days ahead.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { signUpAndLogin, type Session } from '../support/api.ts';
import { allAxeViolations, bearer, bookFirstFreeSlot, checkOut, gotoConsole, openConsole, payThroughApi, snapConsole } from '../support/console.ts';
import { staffAndCustomer } from '../support/back-office.ts';
import { dayColumn } from '../support/front-desk.ts';
import { clock, CLOCK_TIME, literal, times } from '../support/clock.ts';

interface Entry {
  id: string;
  status: string;
  position: number | null;
}

const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const row = (page: Page, who: Session) => page.locator('tbody tr', { hasText: who.user.email });

/** axe finds nothing at all on the page as it stands (the back office's bar). */
async function expectNoAxeViolations(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const found = await allAxeViolations(page);
  expect(found, `axe violations on ${name}:\n${found.join('\n')}`).toEqual([]);
}

test('staff see who waits for a booked slot, are warned before booking it, and take someone out of the line', async ({ page, request, ownFacility }) => {
  test.setTimeout(240_000);
  const { admin, customer: booker } = await staffAndCustomer(request, 'waitbooker');
  const held = await bookFirstFreeSlot(request, booker, await ownFacility(), 6);
  const { facility, booking } = held;
  await payThroughApi(request, (await checkOut(request, booker, [held])).paymentUrl);

  // Joined one after the other: Ana is first in line, Ben second.
  const ana = await signUpAndLogin(request, 'waitana');
  const ben = await signUpAndLogin(request, 'waitben');
  const slot = { facilityId: facility._id, date: booking.date, startTime: booking.startTime, endTime: booking.endTime };
  const entries: Entry[] = [];
  for (const who of [ana, ben]) {
    const joined = await request.post('/api/waitlist', { headers: bearer(who), data: slot });
    expect(joined.status(), await joined.text()).toBe(201);
    entries.push(((await joined.json()) as { data: Entry }).data);
  }
  expect(entries.map((e) => e.position)).toEqual([1, 2]);

  await test.step('the day grid marks the slot "2 waiting"', async () => {
    await openConsole(page, admin, `/day-view?date=${booking.date}&view=grid`);
    const badge = dayColumn(page, facility).getByRole('link', { name: new RegExp(`^2 waiting for ${literal(times(booking.startTime, booking.endTime))} at ${literal(facility.name)}$`) });
    await expect(badge).toBeVisible();
    await badge.scrollIntoViewIfNeeded();
    await snapConsole(page, 'admin-waitlist-day-grid');
    await expectNoAxeViolations(page, 'the day grid with a waiting badge');
    await badge.click();
  });

  await test.step("the day as a list (a phone's) says it too, and opens the same Waitlist", async () => {
    await gotoConsole(page, `/day-view?date=${booking.date}&view=list`);
    const line = page.getByRole('region', { name: facility.name }).getByRole('link', { name: /^2 waiting/ });
    await expect(line).toContainText(`for ${times(booking.startTime, booking.endTime)}`);
    await line.scrollIntoViewIfNeeded();
    await snapConsole(page, 'admin-waitlist-day-list');
    await line.click();
    await expect(page).toHaveURL(/#\/waitlist\?filter=/);
  });

  await test.step('the badge opens the Waitlist at that facility and day, first in line first', async () => {
    await expect(page).toHaveURL(/#\/waitlist\?filter=/);
    const filter = JSON.parse(decodeURIComponent(/filter=([^&]+)/.exec(page.url())![1]!)) as Record<string, string>;
    expect(filter).toEqual({ facilityId: facility._id, date: booking.date, status: 'active' });
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(ana.user.name);
    await expect(rows.nth(1)).toContainText(ben.user.name);
    await expect(rows.nth(0)).toContainText(facility.name);
    await expect(rows.nth(0)).toContainText(times(booking.startTime, booking.endTime));
    await expect(rows.nth(0)).toContainText('Waiting');
    await expect(rows.nth(0)).toContainText(/just now|minute/);
    await snapConsole(page, 'admin-waitlist-list');
    await expectNoAxeViolations(page, 'the Waitlist');
  });

  await test.step('picking that slot in New booking warns who waits, by name and in order', async () => {
    await gotoConsole(page, `/day-view?date=${booking.date}&view=grid`);
    await page.getByRole('button', { name: 'New booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.getByRole('combobox', { name: /^Facility/ }).click();
    await page.getByRole('option', { name: facility.name, exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Start/ }).click();
    await page.getByRole('option', { name: clock(booking.startTime), exact: true }).click();
    await dialog.getByRole('combobox', { name: /^End/ }).click();
    await page.getByRole('option', { name: clock(booking.endTime), exact: true }).click();
    const warning = dialog.getByTestId('desk-waiting-warning');
    await expect(warning).toHaveText(
      new RegExp(
        `^2 customers are waiting for this time: ${literal(ana.user.name)} \\(since ${CLOCK_TIME}\\), ${literal(ben.user.name)} \\(since ${CLOCK_TIME}\\)\\. Booking it here takes it from them\\.$`,
      ),
    );
    // Staff may still book it: the button stays.
    await expect(dialog.getByRole('button', { name: 'Book', exact: true })).toBeEnabled();
    await snapConsole(page, 'admin-waitlist-desk-warning');
    await expectNoAxeViolations(page, 'the New booking dialog with its warning');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Remove asks about the customer by name, and the list and their own waitlist follow', async () => {
    await gotoConsole(page, `/waitlist?filter=${encodeURIComponent(JSON.stringify({ facilityId: facility._id, date: booking.date, status: 'active' }))}`);
    await expect(row(page, ana)).toHaveCount(1);
    await row(page, ana).getByRole('button', { name: 'Remove' }).click();
    const ask = page.getByRole('dialog', { name: `Remove ${ana.user.name} from the waitlist?` });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Remove from waitlist' }).click();
    await expect(notification(page, `${ana.user.name} was removed from the waitlist`)).toBeVisible();
    await expect(row(page, ana)).toHaveCount(0);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row(page, ben)).toHaveCount(1);

    const mine = await request.get('/api/waitlist', { headers: bearer(ana) });
    expect(mine.status()).toBe(200);
    const list = ((await mine.json()) as { data: Entry[] }).data;
    expect(list.find((e) => e.id === entries[0]!.id)?.status).toBe('left');
    const bens = ((await (await request.get('/api/waitlist', { headers: bearer(ben) })).json()) as { data: Entry[] }).data;
    expect(bens.find((e) => e.id === entries[1]!.id)).toMatchObject({ status: 'waiting', position: 1 });
  });

  await test.step('when the slot frees up, the next in line holds an offer, shown with its deadline', async () => {
    const cancelled = await request.delete(`/api/admin/bookings/${booking._id}`, { headers: bearer(admin) });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.reload();
    await expect(row(page, ben)).toContainText('Offered');
    await expect(row(page, ben)).toContainText(new RegExp(`Until ${CLOCK_TIME}`));
    await snapConsole(page, 'admin-waitlist-offered');
  });
});
