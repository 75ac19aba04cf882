/**
 * Linked courts, as the issue tells it: the demo's Meadow Lane Pitch is sold whole or as two
 * halves. A customer books Half A for an hour through the site and pays; Find a court for
 * football at that hour then offers Half B (the halves do not block each other) but not the
 * whole pitch, which it offers again the hour after; the front desk's day grid shows the time in
 * the pitch's column as "Meadow Lane Pitch, Half A booked", grey and not offered for booking.
 * No other spec books the demo pitch.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { demoFacilities, isoDate, loginAdmin, signUpAndLogin, useSession } from '../support/api.ts';
import { CLOCK_TIME, clock, hhmm, times } from '../support/clock.ts';
import { expectAccessible, expectNoAxeViolations, openConsole, snapConsole } from '../support/console.ts';
import { dayColumn, freeTimes } from '../support/front-desk.ts';
import { snap } from '../support/screens.ts';

const PITCH = 'Meadow Lane Pitch';
const HALF_A = 'Meadow Lane Pitch, Half A';
const HALF_B = 'Meadow Lane Pitch, Half B';
const [START, END] = ['12:00', '13:00'];

/** "Meadow Lane Pitch, Half B, 12:00 PM to 1:00 PM, $50.00": a Find a court chip's name, read back. */
const CHIP_NAME = new RegExp(`^(.+), (${CLOCK_TIME}) to (${CLOCK_TIME}), \\$\\d+\\.\\d\\d$`);

/** Every slot Find a court offers on the page, by facility and start (HH:mm). */
async function offered(page: Page): Promise<{ facility: string; start: string }[]> {
  const names = await page.locator('#find-results a.slot-chip').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label') ?? ''));
  return names.map((name) => {
    const m = CHIP_NAME.exec(name);
    expect(m, `chip name "${name}"`).not.toBeNull();
    return { facility: m![1]!, start: hhmm(m![2]!) };
  });
}

const startsAt = (slots: { facility: string; start: string }[], facility: string) => slots.filter((s) => s.facility === facility).map((s) => s.start);

test('a half booked through the site: Find a court offers the other half, not the whole pitch; the day grid shows the half in the pitch column', async ({ page, request }) => {
  test.setTimeout(120_000);
  const date = isoDate(4);
  const demo = await demoFacilities(request);
  const [pitch, halfA] = [PITCH, HALF_A].map((name) => demo.find((f) => f.name === name)!);
  expect(pitch?.parts.map((p) => p.name), 'the demo pitch has two halves').toEqual([HALF_A, HALF_B]);

  await test.step(`each page says what it shares its time with: ${PITCH} its halves, ${HALF_A} the whole pitch`, async () => {
    await page.goto(`/facilities/${pitch!._id}`);
    const parts = page.getByTestId('shared-ground');
    await expect(parts).toContainText('booking here takes all of them');
    await expect(parts.getByRole('link')).toHaveText([HALF_A, HALF_B]);
    await page.goto(`/facilities/${halfA!._id}`);
    await expect(page.getByTestId('shared-ground')).toContainText('Other parts can be booked at the same time.');
    await page.getByTestId('shared-ground').getByRole('link', { name: PITCH }).click();
    await expect(page.getByRole('heading', { level: 1, name: PITCH })).toBeVisible();
  });

  await test.step(`a customer books ${HALF_A} ${START}-${END} on ${date} through the site and pays`, async () => {
    await useSession(page, await signUpAndLogin(request, 'halfpitch'));
    await page.goto(`/book?facility=${halfA!._id}&date=${date}&start=${START}&end=${END}`);
    await expect(page.getByRole('heading', { level: 1, name: `Book ${HALF_A}` })).toBeVisible();
    await expect(page.getByLabel('Start time')).toHaveValue(START);
    await expect(page.getByLabel('Length', { exact: true })).toHaveValue(END);
    await page.getByRole('form', { name: /Book/ }).getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/checkoutForPayment\/?$/);
    await expect(page.locator('main .checkout-lines li', { hasText: HALF_A })).toContainText(times(START, END));
    await page.locator('main').getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/pay\/[^/]+$/);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
  });

  await test.step(`Find a court, football around ${clock(START)}: ${HALF_B} is offered, the whole pitch and ${HALF_A} are not`, async () => {
    await page.goto(`/find?date=${date}&sport=football&time=${START}`);
    await expect(page.locator('#find')).toHaveAttribute('data-live', 'true');
    await expect(page.getByRole('link', { name: new RegExp(`^${HALF_B}, ${clock(START)} to ${clock(END)}, \\$50\\.00$`) })).toBeVisible();
    const slots = await offered(page);
    expect(startsAt(slots, HALF_B)).toContain(START);
    expect(startsAt(slots, PITCH)).not.toContain(START);
    expect(startsAt(slots, HALF_A)).not.toContain(START);
    await expectAccessible(page, `/find around ${START} with the pitch taken`);
    await snap(page, 'linked-courts-find');

    // The hour after, the whole pitch is free again: it was the half that held it.
    await page.getByLabel('Time', { exact: true }).selectOption(END);
    await expect(page.getByRole('link', { name: new RegExp(`^${PITCH}, ${clock(END)} to `) })).toBeVisible();
  });

  await test.step(`the day grid: "${HALF_A} booked" in the pitch's column, no free time under it`, async () => {
    await openConsole(page, await loginAdmin(request), `/day-view?date=${date}`);
    const column = dayColumn(page, pitch!);
    const block = column.getByTestId('day-linked-block');
    await expect(block).toHaveCount(1);
    await expect(block).toContainText(`${HALF_A} booked`);
    await expect(block).toContainText(times(START, END));
    await expect(block).toHaveAttribute('title', `${HALF_A} booked ${times(START, END)}: not for sale here`);
    const [noon, one] = [12 * 60, 13 * 60];
    const free = await freeTimes(page, pitch!);
    expect(free.filter((f) => f.start < one && f.end > noon), 'free time offered under the half').toEqual([]);
    // The half's own booking is in its column; the other half is not blocked by it.
    await expect(dayColumn(page, halfA!).getByTestId('day-booking')).toHaveCount(1);
    await expect(dayColumn(page, { name: HALF_B }).getByTestId('day-linked-block')).toHaveCount(0);
    await block.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'the day grid with a linked block');
    await snapConsole(page, 'linked-courts-day-grid');
  });
});
