/**
 * Staff roles, in three browsers against the real server: the owner invites a desk user from the
 * back office; the invitation arrives by email and its link sets a password; the desk user signs
 * in, books a walk-in from the day grid to pay later and marks it paid, and finds no prices to
 * change, no roles to give and no reports (the API refuses them anyway); the owner sees the
 * walk-in in the Reports heat map and its CSV file, and the invitation and the desk's mark-paid
 * in the audit log.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { shiftDate } from '@courtside/domain';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, newCustomer } from '../support/api.ts';
import { bearer, gotoConsole, openConsole, snapConsole } from '../support/console.ts';
import { signInAtConsole } from '../support/back-office.ts';
import { clickFreeSlot, dayColumn } from '../support/front-desk.ts';
import { clock, day, times } from '../support/clock.ts';
import { waitForMail } from '../support/mailbox.ts';

const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

test('an owner invites a desk user, who sets a password, books a walk-in, and cannot change prices or roles or see reports; the owner sees the walk-in in the reports and the audit log', async ({ page, browser, request, ownFacility }) => {
  test.setTimeout(180_000);
  const owner = await loginAdmin(request);
  const invitee = newCustomer('desk');
  const facility = await ownFacility();
  const date = isoDate(8, facility.timezone);
  const walkIn = 'Wendy Walkin';

  await test.step('the owner invites them as desk staff', async () => {
    await openConsole(page, owner, '/users');
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite staff' });
    await invite.getByLabel('Name').fill(invitee.name);
    await invite.getByLabel('Email').fill(invitee.email);
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Desk' }).click();
    await snapConsole(page, 'admin-invite-staff');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notification(page, `Invitation sent to ${invitee.email}`)).toBeVisible();
  });

  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  try {
    await test.step('the email\'s link sets their password, and they sign in to the back office', async () => {
      const mail = await waitForMail(invitee.email, 'You are invited to');
      expect(mail.text).toContain('as desk');
      const path = /https?:\/\/\S+?(\/reset-password\?token=[\w%-]+)/.exec(mail.text ?? '')?.[1];
      expect(path, mail.text).toBeTruthy();
      await desk.goto(path!);
      await desk.getByLabel('New password', { exact: true }).fill(invitee.password);
      await desk.getByLabel('Confirm new password').fill(invitee.password);
      await desk.getByRole('button', { name: 'Change password' }).click();
      await expect(desk.getByText('Your password has been changed.')).toBeVisible();
      await signInAtConsole(desk, invitee.email, invitee.password);
      await expect(desk.getByRole('heading', { name: 'Today at Courtside' })).toBeVisible();
    });

    await test.step('the desk books a walk-in from the day grid to pay later, then marks it paid', async () => {
      await gotoConsole(desk, `/day-view?date=${date}&view=grid`);
      await clickFreeSlot(desk, facility, '17:00');
      const dialog = desk.getByRole('dialog', { name: 'New booking' });
      await dialog.getByRole('button', { name: 'Walk-in' }).click();
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(walkIn);
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('555 0177');
      await dialog.getByRole('radio', { name: 'Pay later' }).check();
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
      const booked = desk.getByRole('dialog', { name: 'Booked' });
      await expect(booked).toContainText(`for ${walkIn}`);
      await booked.getByRole('button', { name: 'Done' }).click();
      const block = (payment: string) => dayColumn(desk, facility).getByRole('button', { name: new RegExp(`^${walkIn} ${times('17:00', '18:00')} · Confirmed · ${payment}`) });
      await block('Unpaid').click();
      await desk.getByRole('dialog', { name: `Booking of ${walkIn}` }).getByRole('button', { name: 'Mark paid' }).click();
      await desk.getByRole('dialog', { name: /as paid\?$/ }).getByRole('button', { name: 'Mark paid' }).click();
      await expect(notification(desk, 'Marked paid at the desk')).toBeVisible();
      await expect(block('Paid')).toBeVisible();
    });

    await test.step('no prices to change and no roles to give: the menu, the lists and the API agree', async () => {
      await gotoConsole(desk, '/users');
      // The console's menu entries are menu items (react-admin's MenuItemLink).
      await expect(desk.getByRole('menuitem', { name: 'Bookings' })).toBeVisible();
      await expect(desk.getByRole('menuitem', { name: 'Promo codes' })).toHaveCount(0);
      await expect(desk.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
      await expect(desk.getByRole('menuitem', { name: 'Reports' })).toHaveCount(0);
      await expect(desk.getByRole('button', { name: 'Invite staff' })).toHaveCount(0);
      await expect(desk.locator('tbody tr').first()).toBeVisible();
      await expect(desk.locator('tbody').getByRole('button', { name: 'Role' })).toHaveCount(0);
      await snapConsole(desk, 'admin-users-as-desk');
      // The screen itself, opened by its address, says it is not theirs.
      await gotoConsole(desk, '/promo-codes');
      await expect(desk.getByText('Not part of your role')).toBeVisible();
      await gotoConsole(desk, `/reports?from=${date}&to=${date}`);
      await expect(desk.getByText('Not part of your role')).toBeVisible();
      await expect(desk.getByRole('region', { name: 'Occupancy' })).toHaveCount(0);
      // And the API refuses what the screens hide.
      const token = await desk.evaluate(() => localStorage.getItem('accessToken'));
      const priced = await request.put(`/api/admin/facilities/${facility._id}`, { headers: { authorization: `Bearer ${token}` }, data: { pricePerHour: 1 } });
      expect(priced.status()).toBe(403);
      expect((await priced.json()).code).toBe('FORBIDDEN');
      const reported = await request.get(`/api/admin/reports/occupancy?from=${date}&to=${date}`, { headers: { authorization: `Bearer ${token}` } });
      expect(reported.status()).toBe(403);
      expect((await reported.json()).code).toBe('FORBIDDEN');
      // The site's dashboard (the same session) offers the back office's entries a desk may use.
      await desk.goto('/dashboard');
      await expect(desk.getByRole('link', { name: 'All Bookings' })).toBeVisible();
      await expect(desk.getByRole('link', { name: 'Add a Facility' })).toBeHidden();
      await expect(desk.getByRole('link', { name: 'Create An Admin' })).toBeHidden();
      await expect(desk.locator('.dash-userbar')).toContainText('Desk');
    });
  } finally {
    await deskContext.close();
  }

  await test.step("the owner sees the walk-in in the Reports heat map of its week, and in the heat map's CSV file", async () => {
    await gotoConsole(page, '/');
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await expect(page.getByRole('region', { name: 'Occupancy' })).toBeVisible();
    await gotoConsole(page, `/reports?from=${shiftDate(date, -6)}&to=${date}&facilityId=${facility._id}`);
    const occupancy = page.getByRole('region', { name: 'Occupancy' });
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const cell = occupancy.locator(`td[data-weekday="${weekday}"][data-hour="17"]`);
    // Of the week's seven days, the walk-in's weekday comes once: its 17:00 hour is full.
    await expect(cell).toHaveAttribute('aria-label', `${day(date, 'weekdayShort')} ${clock('17:00')}: 100% booked (60 of 60 min)`);
    const [download] = await Promise.all([page.waitForEvent('download'), occupancy.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('weekday,hour,bookedMinutes,openMinutes,rate');
    expect(csv).toContain(`"${day(date, 'weekdayShort')}","17:00","60","60","1"`);
  });

  await test.step("the owner reads the invitation and the desk's mark-paid in the audit log", async () => {
    await gotoConsole(page, '/audit');
    const row = page.locator('tbody tr', { hasText: invitee.email });
    await expect(row).toContainText(`Invited ${invitee.name}`);
    await expect(row).toContainText('as desk');
    const paid = page.locator('tbody tr', { hasText: 'Marked paid at the desk' }).filter({ hasText: invitee.name });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText(`Marked paid at the desk: ${usd(facility.pricePerHour)}`);
    await snapConsole(page, 'admin-audit-log');
    const entries = await request.get('/api/admin/audit?filter={"action":"staff-invite"}', { headers: bearer(owner) });
    expect(entries.status()).toBe(200);
  });
});
