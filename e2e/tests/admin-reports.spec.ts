/**
 * The back office's Reports screen against the real server: one day of a facility of the test's
 * own, with two walk-ins paid at the desk (one then cancelled by staff, its money owed back) and a
 * customer's booking paid at the desk. The heat map, the revenue, the channels, the cancellations
 * and the top customers show those figures, and each section's CSV file has the same ones. The
 * filters live in the address (a reload keeps them); dates the API refuses show its reason; the
 * screen passes axe. The desk's side (no menu entry, no screen) is in staff-roles.spec.ts.
 */
import type { Download, Locator, Page } from '@playwright/test';
import { shiftDate } from '@courtside/domain';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin } from '../support/api.ts';
import { allAxeViolations, bearer, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { clock, day } from '../support/clock.ts';

const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A CSV file's lines as objects by its header (every cell quoted, as the API writes them). */
async function csvOf(download: Download): Promise<Record<string, string>[]> {
  const stream = await download.createReadStream();
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/""/g, '"'));
  const [header, ...lines] = text.trim().split('\n');
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((value, i) => [names[i]!, value])));
}

/** Clicks a section's "Download CSV" and reads the file it saves. */
async function downloadCsv(page: Page, region: Locator): Promise<{ name: string; rows: Record<string, string>[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: 'Download CSV' }).click()]);
  return { name: download.suggestedFilename(), rows: await csvOf(download) };
}

test("the reports show a day's desk bookings, cancellation and customer, each section's CSV the same figures; filters stay in the address", async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const owner = await loginAdmin(request);
  const customer = await signUpAndLogin(request, 'reports');
  const facility = await ownFacility();
  const date = isoDate(3, facility.timezone);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const weekdayName = day(date, 'weekdayShort');
  const book = async (startTime: string, endTime: string, who: Record<string, unknown>) => {
    const res = await request.post('/api/admin/bookings', { headers: bearer(owner), data: { facilityId: facility._id, date, startTime, endTime, payment: 'desk', ...who } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { _id: string };
  };
  await book('10:00', '11:00', { guest: { name: 'Rhoda Report' } });
  const cancelled = await book('12:00', '13:00', { guest: { name: 'Carl Cancel' } });
  expect((await request.delete(`/api/admin/bookings/${cancelled._id}`, { headers: bearer(owner) })).status()).toBe(200);
  await book('14:00', '16:00', { userId: customer.user._id });
  const price = facility.pricePerHour;

  const query = `from=${date}&to=${date}&facilityId=${facility._id}&groupBy=week`;
  await openConsole(page, owner, `/reports?${query}`);
  await expect(page.getByRole('menuitem', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');

  await test.step('the heat map: the booked hours full, the cancelled one empty, the rest of the day open', async () => {
    const occupancy = section(page, 'Occupancy');
    const cell = (time: string) => occupancy.locator(`td[data-weekday="${weekday}"][data-hour="${Number(time.slice(0, 2))}"]`);
    await expect(cell('10:00')).toHaveAttribute('aria-label', `${weekdayName} ${clock('10:00')}: 100% booked (60 of 60 min)`);
    await expect(cell('10:00')).toHaveText('100%');
    await expect(cell('12:00')).toHaveAttribute('aria-label', `${weekdayName} ${clock('12:00')}: 0% booked (0 of 60 min)`);
    await expect(cell('15:00')).toHaveAttribute('aria-label', `${weekdayName} ${clock('15:00')}: 100% booked (60 of 60 min)`);
    // The other weekdays are not in a one-day period: closed.
    await expect(occupancy.locator(`td[data-weekday="${(weekday + 1) % 7}"][data-hour="10"]`)).toHaveAttribute('aria-label', /: closed$/);
    const open = (22 - 8) * 60;
    await expect(occupancy.getByTestId('occupancy-total')).toHaveText(`The whole period: ${Math.round((180 / open) * 100)}% booked (180 of ${open.toLocaleString('en-US')} min)`);

    const csv = await downloadCsv(page, occupancy);
    expect(csv.name).toBe(`occupancy-${date}-to-${date}.csv`);
    const line = (hour: string) => csv.rows.find((r) => r.hour === hour && r.weekday !== 'All');
    expect(line('10:00')).toMatchObject({ bookedMinutes: '60', openMinutes: '60', rate: '1' });
    expect(line('12:00')).toMatchObject({ bookedMinutes: '0', openMinutes: '60' });
    expect(csv.rows.at(-1)).toMatchObject({ weekday: 'All', bookedMinutes: '180', openMinutes: String(open) });
  });

  await test.step('revenue: three bookings paid at the desk, one owed back; the CSV says the same', async () => {
    const revenue = section(page, 'Revenue');
    await expect(revenue.getByTestId('revenue-total')).toHaveText(`Net ${usd(3 * price)}: ${usd(4 * price)} paid at the desk and ${usd(0)} online, less ${usd(price)} refunded.`);
    await revenue.getByRole('button', { name: /^Show the figures/ }).click();
    const row = revenue.getByRole('table', { name: 'Revenue by facility' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(facility.name);
    await expect(row).toContainText(usd(4 * price));
    // The chart's one bar, the week's, in its middle: the tooltip names the week in full and each amount.
    await revenue.getByRole('figure').hover();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText(`Week of ${day(shiftDate(date, -((weekday + 6) % 7)), 'medium')}`);
    await expect(tip).toContainText(`Paid at the desk${usd(4 * price)}`);
    await expect(tip).toContainText(`Refunded-${usd(price)}`);
    const csv = await downloadCsv(page, revenue);
    expect(csv.rows[0]).toMatchObject({ facility: facility.name, deskPaid: String(4 * price), onlinePaid: '0', deskRefunded: String(price), net: String(3 * price) });
    expect(csv.rows.at(-1)).toMatchObject({ period: 'Total', net: String(3 * price) });
  });

  await test.step('channels, cancellations and top customers', async () => {
    const desk = section(page, 'Bookings by channel').getByRole('row', { name: /^Booked at the desk/ });
    await expect(desk.getByRole('cell')).toHaveText(['Booked at the desk', '3', '1', usd(3 * price)]);
    await expect(section(page, 'Cancellations and refunds')).toContainText(`1 cancellation: 0 by customers, 1 by staff; 1 refund, ${usd(price)}.`);
    const top = section(page, 'Top customers');
    await expect(top.getByRole('row', { name: new RegExp(`^${customer.user.name}`) })).toContainText(usd(2 * price));
    const csv = await downloadCsv(page, top);
    expect(csv.rows.find((r) => r.email === customer.user.email)).toMatchObject({ bookings: '1', net: String(2 * price) });
  });

  await test.step('the screen passes axe, at both widths on screen', async () => {
    expect(await allAxeViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapConsole(page, 'admin-reports');
  });

  await test.step('with no filters in the address: the last 12 weeks up to today, the whole venue', async () => {
    await gotoConsole(page, '/reports');
    await expect(page.getByRole('button', { name: 'Last 12 weeks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveText('All facilities');
    await expect(section(page, 'Occupancy').getByTestId('occupancy-total')).toBeVisible();
    await snapConsole(page, 'admin-reports-default');
  });

  await test.step('filters live in the address: by month, a reload keeps it; a quick period', async () => {
    await openConsole(page, owner, `/reports?${query}`);
    await page.getByRole('button', { name: 'By month' }).click();
    await expect(page).toHaveURL(/groupBy=month/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'By month' })).toHaveAttribute('aria-pressed', 'true');
    await expect(section(page, 'Revenue').getByRole('button', { name: /^Show the figures/ })).toBeVisible();
    // One sport: the facility's is another, so nothing is left.
    await page.getByRole('combobox', { name: 'Sport' }).click();
    await page.getByRole('option', { name: 'Tennis' }).click();
    await expect(page).toHaveURL(/sport=tennis/);
    await expect(section(page, 'Revenue')).toContainText('Nothing was paid or refunded for bookings in this period.');
    await page.getByRole('combobox', { name: 'Sport' }).click();
    await page.getByRole('option', { name: 'All sports' }).click();
    await expect(section(page, 'Revenue').getByTestId('revenue-total')).toContainText(`Net ${usd(3 * price)}`);
    await page.getByRole('button', { name: 'Last 4 weeks' }).click();
    const today = isoDate(0);
    await expect(page).toHaveURL(new RegExp(`from=${shiftDate(today, -27)}&to=${today}&facilityId=${facility._id}`));
    await expect(page.getByRole('button', { name: 'Last 4 weeks' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('combobox', { name: 'Facility' }).click();
    await page.getByRole('option', { name: 'All facilities' }).click();
    await expect(page).not.toHaveURL(/facilityId=/);
  });

  await test.step("dates the API refuses show its reason, in every section", async () => {
    await page.goto(`/admin/#/reports?from=${date}&to=${shiftDate(date, -1)}`);
    await expect(section(page, 'Occupancy').getByRole('alert')).toContainText(`The period ends (${shiftDate(date, -1)}) before it starts (${date}).`);
    await expect(section(page, 'Top customers').getByRole('alert')).toContainText('before it starts');
  });
});
