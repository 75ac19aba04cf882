/**
 * The desk's end-of-day cash-up, in Chromium against the real server: a desk user books a walk-in
 * paid at the desk by card and marks a pay-later booking paid in cash, opens the Cash-up from the
 * day view, sees each payment under its method, counts the till, closes the day (asked first)
 * and reads who closed it. The bookings are days ahead (money is taken today, whatever the hour);
 * the facility is the test's own (support/own-facility.ts).
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, login, loginAdmin, signUpAndLogin } from '../support/api.ts';
import { allAxeViolations, bearer, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { clickFreeSlot, dayColumn } from '../support/front-desk.ts';
import { times } from '../support/clock.ts';

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const tag = () => Date.now().toString(36).slice(-5);
const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('the desk takes a card walk-in and a cash payment, counts the till and closes the day', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const owner = await loginAdmin(request);
  const signedUp = await signUpAndLogin(request, 'desk');
  const promoted = await request.put(`/api/users/${signedUp.user._id}/role`, { headers: bearer(owner), data: { role: 'desk' } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const desk = await login(request, signedUp.user.email, signedUp.password);
  const facility = await ownFacility();
  const date = isoDate(9, facility.timezone);
  const walkIn = `Carla Card ${tag()}`;
  const later = `Casey Cash ${tag()}`;
  const made = await request.post('/api/admin/bookings', {
    headers: bearer(desk),
    data: { facilityId: facility._id, date, startTime: '19:00', endTime: '20:00', guest: { name: later }, payment: 'unpaid' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openConsole(page, desk, `/day-view?date=${date}&view=grid`);
  // The menu's entry opens today's cash-up (the server's today at the venue).
  await expect(page.getByRole('menuitem', { name: 'Cash-up' })).toHaveAttribute('href', '#/cash-up');

  await test.step('a walk-in paid at the desk by card', async () => {
    await clickFreeSlot(page, facility, '18:00');
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.getByRole('button', { name: 'Walk-in' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(walkIn);
    await expect(dialog.getByRole('radio', { name: 'Paid at desk' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Card' }).check();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    const booked = page.getByRole('dialog', { name: 'Booked' });
    await expect(booked).toContainText(`Paid at the desk: ${usd(facility.pricePerHour)}`);
    await booked.getByRole('button', { name: 'Done' }).click();
    await expect(booked).toBeHidden();
  });

  await test.step('a pay-later booking marked paid in cash', async () => {
    await dayColumn(page, facility).getByRole('button', { name: new RegExp(`^${later} ${times('19:00', '20:00')} · Confirmed · Unpaid$`) }).click();
    await page.getByRole('dialog', { name: `Booking of ${later}` }).getByRole('button', { name: 'Mark paid' }).click();
    const confirm = page.getByRole('dialog', { name: /as paid\?$/ });
    await expect(confirm.getByRole('radio', { name: 'Cash' })).toBeChecked();
    await snapConsole(page, 'admin-cash-up-mark-paid');
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(notification(page, 'Marked paid at the desk (cash)')).toBeVisible();
  });

  await test.step("the day view's Cash-up shows today's payments under their methods", async () => {
    await page.getByRole('link', { name: 'Cash-up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Cash-up — / })).toBeVisible();
    await expect(page.getByTestId('cash-up-payment').filter({ hasText: walkIn })).toContainText(`Card${signedUp.user.name}${usd(facility.pricePerHour)}`);
    await expect(page.getByTestId('cash-up-payment').filter({ hasText: later })).toContainText(`Cash${signedUp.user.name}${usd(facility.pricePerHour)}`);
    // Other specs on this server take desk payments today too: each method's total is the sum of the
    // payments listed under it, ours among them.
    const totals = page.getByRole('table', { name: "The day's totals" });
    const listed = await page.getByTestId('cash-up-payment').evaluateAll((rows) =>
      rows.map((row) => ({ method: row.children[3]?.textContent ?? '', amount: row.children[5]?.textContent ?? '' })),
    );
    const dollars = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
    for (const [method, testId] of [['Card', 'cash-up-method-card'], ['Cash', 'cash-up-method-cash']] as const) {
      const mine = listed.filter((p) => p.method === method);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      const line = totals.getByTestId(testId);
      await expect(line.locator('td').nth(1)).toHaveText(String(mine.length));
      expect(dollars((await line.locator('td').last().textContent()) ?? '')).toBe(mine.reduce((sum, p) => sum + dollars(p.amount), 0));
    }
    const found = await allAxeViolations(page);
    expect(found, `axe violations on the cash-up:\n${found.join('\n')}`).toEqual([]);
  });

  await test.step('the desk counts the till and closes the day, asked first', async () => {
    const expected = (await page.getByRole('table', { name: "The day's totals" }).getByTestId('cash-up-expected').locator('th').last().textContent()) ?? '';
    const counted = expected.replace(/[^0-9.-]/g, '');
    await page.getByRole('textbox', { name: 'Cash counted in the till' }).fill(counted);
    await expect(page.getByText('Difference: Exact', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Note' }).fill('Till checked twice');
    await snapConsole(page, 'admin-cash-up-open');
    await page.getByRole('button', { name: 'Close the day' }).click();
    await page.getByRole('dialog', { name: /^Close / }).getByRole('button', { name: 'Close the day' }).click();
    await expect(notification(page, 'The day is closed')).toBeVisible();
    const closed = page.getByTestId('cash-up-closed');
    await expect(closed).toContainText(`Closed by ${signedUp.user.name} at `);
    await expect(closed).toContainText(`Counted ${expected} cash of ${expected} expected: Exact`);
    await expect(closed).toContainText('Note: Till checked twice');
    await expect(page.getByRole('button', { name: 'Close the day' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
    await snapConsole(page, 'admin-cash-up-closed');
    // On paper: the figures and the close, without the toolbar.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(closed).toBeVisible();
    await snapConsole(page, 'admin-cash-up-print');
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step("the menu's address, without a date, opens the venue's today", async () => {
    await gotoConsole(page, '/cash-up');
    await expect(page.getByRole('heading', { level: 1, name: /^Cash-up — / })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Day' })).not.toHaveValue('');
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});
