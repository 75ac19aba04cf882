/**
 * The day on paper: staff open the printable day sheet from the Day view. A walk-in booked with
 * a note and a phone shows as a row (time, name, phone, what is owed, the note, a box to tick at
 * check-in); one facility can be chosen; printed, the sheet's toolbar is hidden.
 *
 * The test books a facility of its own (support/own-facility.ts).
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin } from '../support/api.ts';
import { bearer, openConsole, snapConsole } from '../support/console.ts';
import { times } from '../support/clock.ts';

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const tag = () => Date.now().toString(36).slice(-5);
const [startTime, endTime] = ['18:00', '19:00'];

test('the day sheet lists a walk-in with its phone, what is owed and the note, with a check-in box; printed, the toolbar is hidden', async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const admin = await loginAdmin(request);
  const facility = await ownFacility();
  const date = isoDate(10, facility.timezone);
  const name = `Sheila Sheet ${tag()}`;
  const note = 'Bring the spare net';
  const made = await request.post('/api/admin/bookings', {
    headers: bearer(admin),
    data: { facilityId: facility._id, date, startTime, endTime, guest: { name, phone: '555 0177' }, payment: 'unpaid', note },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openConsole(page, admin, `/day-view?date=${date}&view=grid`);
  await page.getByRole('link', { name: 'Print day sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`#/day-sheet\\?date=${date}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Day sheet — /);

  await test.step('one facility chosen, its row says it all', async () => {
    await page.getByRole('combobox', { name: 'Facility' }).click();
    await page.getByRole('option', { name: facility.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`facility=${facility._id}`));
    const sheets = page.getByTestId('day-sheet-facility');
    await expect(sheets).toHaveCount(1);
    const section = page.getByRole('region', { name: facility.name });
    const row = section.getByTestId('day-sheet-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText(times(startTime, endTime));
    await expect(row).toContainText('555 0177');
    await expect(row).toContainText(`Owes ${usd(facility.pricePerHour)}`);
    await expect(row).toContainText(note);
    await expect(row.getByRole('img', { name: 'Checked in' })).toBeVisible();
  });

  await test.step('printed, the toolbar is hidden', async () => {
    const toolbar = page.getByRole('toolbar', { name: 'Day sheet' });
    await expect(toolbar.getByRole('button', { name: 'Print' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(toolbar).toBeHidden();
    await snapConsole(page, 'admin-day-sheet-print');
    await page.emulateMedia({ media: 'screen' });
    await expect(toolbar).toBeVisible();
    await snapConsole(page, 'admin-day-sheet');
  });

  await test.step('back to the day view', async () => {
    await page.getByRole('link', { name: 'Back to the day view' }).click();
    await expect(page).toHaveURL(new RegExp(`#/day-view\\?date=${date}`));
  });
});
