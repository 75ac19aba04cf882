/**
 * A 10-minute changeover on hourly slots, as a venue and its customer meet it: the changeover
 * comes out of the end of each booking's play, so the hours either side of a booking stay on
 * sale and each slot says "50 min play"; checkout, the success page and My bookings say when play
 * ends; a customer's own back-to-back slots play through; the back office form explains the
 * changeover before it is saved, and a booking's page says its play.
 */
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, checkOut, openConsole, payOnSandboxPage, snapConsole, type Held } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { SCREENSHOT_DIR, WIDTHS, snap } from '../support/screens.ts';
import { clock, literal, times } from '../support/clock.ts';

test('a changeover takes the end of each booking: neighbouring slots stay on sale and every page says when play ends', async ({ page, request, ownFacility }) => {
  test.setTimeout(300_000);
  const staff = await loginAdmin(request);
  const court = await ownFacility({ policy: { bufferMinutes: 10 } });
  const { name } = court;
  const date = isoDate(2);
  const customer = await signUpAndLogin(request, 'changeover');
  const hold = async (startTime: string, endTime: string): Promise<Held> => {
    const res = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: court._id, date, startTime, endTime } });
    expect(res.status(), await res.text()).toBe(201);
    return { facility: court, booking: (await res.json()).data };
  };

  const first = await hold('10:00', '11:00');

  await test.step('the facility page still offers the hours either side, each saying its 50 minutes of play', async () => {
    await page.goto(`/facilities/${court._id}?date=${date}`);
    const chips = page.getByRole('list', { name: `Free slots at ${name}` });
    await expect(chips.getByRole('link', { name: `${name}, ${clock('09:00')} to ${clock('10:00')}, 50 min play, $20.00` })).toBeVisible();
    await expect(chips.getByRole('link', { name: `${name}, ${clock('11:00')} to ${clock('12:00')}, 50 min play, $20.00` })).toBeVisible();
    await expect(chips.getByRole('link', { name: new RegExp(`^${literal(name)}, ${literal(clock('10:00'))} to`) })).toHaveCount(0);
    await expect(chips.getByRole('link', { name: `${name}, ${clock('11:00')} to ${clock('12:00')}, 50 min play, $20.00` })).toContainText('50 min play');
    await expect(page.getByText('the last 10 minutes of each booking (50 minutes of play a slot); your own back-to-back slots play through')).toBeVisible();
    await snap(page, 'changeover-facility-page');
  });

  await test.step('checkout says when play ends', async () => {
    await useSession(page, customer);
    await page.goto('/dashboard/checkoutForPayment');
    await hydrated(page);
    await expect(page.locator('main').getByText(`play until ${clock('10:50')}: the last minutes turn the court over`)).toBeVisible();
    await snap(page, 'changeover-checkout');
  });

  await test.step('the success page names the booking and when play ends', async () => {
    const { paymentUrl } = await checkOut(request, customer, [first]);
    await payOnSandboxPage(page, paymentUrl);
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(times('10:00', '11:00'));
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText(`(play until ${clock('10:50')})`);
    await snap(page, 'changeover-payment-success');
  });

  const second = await hold('11:00', '12:00');

  await test.step('My bookings: the customer took the next slot straight after their own; play runs through to the last one', async () => {
    await page.goto('/dashboard/userBookings');
    await hydrated(page);
    const rows = page.getByRole('row', { name: new RegExp(name) });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: times('10:00', '11:00') })).not.toContainText('play until');
    await expect(rows.filter({ hasText: times('11:00', '12:00') })).toContainText(`play until ${clock('11:50')}, then changeover`);
    await snap(page, 'changeover-my-bookings');
  });

  await test.step('the back office form explains the changeover before it is saved, and refuses one that leaves no play', async () => {
    await openConsole(page, staff, `/facilities/${court._id}`);
    const field = page.getByLabel('Changeover (minutes)');
    await expect(field).toHaveValue('10', { timeout: 30_000 });
    await expect(page.getByText('Each 60-minute booking ends its play 10 minutes early so the court can be turned over (50 minutes of play)', { exact: false })).toBeVisible();
    await snapConsole(page, 'changeover-facility-form');
    // The form is long: the Rules section, where the field is, at both widths.
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SCREENSHOT_DIR}changeover-facility-form-rules-${size.width}.png`, animations: 'disabled' });
    }
    await page.setViewportSize(WIDTHS[0]);
    await field.fill('15');
    await expect(page.getByText('Each 60-minute booking ends its play 15 minutes early', { exact: false })).toBeVisible();
    await field.fill('60');
    await field.blur();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changeover (60) must be shorter than one slot (60 minutes), or no time is left to play')).toBeVisible();
    const unchanged = (await (await request.get(`/api/facility/${court._id}`)).json()).data as { policy: { bufferMinutes?: number } };
    expect(unchanged.policy.bufferMinutes).toBe(10);
  });

  await test.step("the back office booking page says the booking's play", async () => {
    await openConsole(page, staff, `/bookings/${second.booking._id}/show`);
    await expect(page.getByText(`play until ${clock('11:50')} (50 min), then changeover`, { exact: false })).toBeVisible();
    await snapConsole(page, 'changeover-booking-show');
  });
});
