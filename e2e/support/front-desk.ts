/**
 * The day grid as the front-desk specs use it: a facility's column, a free slot clicked at its
 * time, a booking dragged to another column, and free time found far enough ahead that the
 * other specs (which book the next few days) leave it alone.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatTime } from '@courtside/domain';
import { facilities, isoDate, type Facility } from './api.ts';
import { hhmm } from './clock.ts';

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clock = formatTime;

/** Minutes after midnight of a time as the back office writes it ("8:00 PM", or "20:00" on a 24-hour clock). */
const minutesOfClock = (text: string) => minutes(hhmm(text));

/** One minute is one pixel on the grid (admin/src/day-view/layout.ts PX_PER_MIN). */
const PX_PER_MIN = 1;

export const dayColumn = (page: Page, facility: Pick<Facility, 'name'>) => page.locator(`[data-testid="day-column"][data-facility="${facility.name}"]`);

/** Clicks the free time of a facility's column at `time`: the grid books the slot under the pointer. */
export async function clickFreeSlot(page: Page, facility: Pick<Facility, 'name'>, time: string): Promise<void> {
  const gaps = dayColumn(page, facility).getByTestId('day-free');
  await expect(gaps.first()).toBeVisible();
  for (const gap of await gaps.all()) {
    // "Free 8:00 AM – 10:00 PM: book ...", on the venue's clock.
    const [, from = '', to = ''] = /^Free (\d{1,2}:\d\d(?: [AP]M)?) ?– ?(\d{1,2}:\d\d(?: [AP]M)?)/.exec((await gap.getAttribute('aria-label')) ?? '') ?? [];
    const [start, end] = [minutesOfClock(from), minutesOfClock(to) || 24 * 60];
    if (start <= minutes(time) && minutes(time) < end) return gap.click({ position: { x: 60, y: (minutes(time) - start) * PX_PER_MIN + 5 } });
  }
  throw new Error(`${facility.name} has no free time at ${time}`);
}

/**
 * Drags a booking block onto another facility's column at the same height (so the same time,
 * on that column's grid), by the mouse as a person would, until `answer` (the notice the drop
 * should bring) shows. Chromium now and then loses a synthetic HTML drag on a busy machine: the
 * block then stays put with no notice at all, and the drag is tried again (at most three times).
 */
export async function dragToColumn(page: Page, block: Locator, facility: Pick<Facility, 'name'>, answer: Locator): Promise<void> {
  const column = dayColumn(page, facility);
  for (let attempt = 1; ; attempt++) {
    await column.scrollIntoViewIfNeeded();
    await expect(block).toBeVisible();
    // Let the grid finish laying out before measuring: a refetch can still be moving blocks.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // Both measured at one scroll position: the block's height in its own column is its time of day.
    const top = (await block.boundingBox())!.y - (await column.boundingBox())!.y;
    await block.dragTo(column, { sourcePosition: { x: 20, y: 10 }, targetPosition: { x: 40, y: top + 10 } });
    try {
      await expect(answer).toBeVisible({ timeout: attempt < 3 ? 5_000 : 10_000 });
      return;
    } catch (lost) {
      if (attempt >= 3 || !(await block.isVisible())) throw lost;
    }
  }
}

/** The demo catalogue's facilities (other specs' facilities come and go). */
const demo = async (request: APIRequestContext) => (await facilities(request)).filter((f) => f.location.endsWith('Maple Falls'));

async function freeStarts(request: APIRequestContext, facility: Facility, date: string): Promise<Set<string>> {
  const res = await request.get(`/api/check-availability?date=${date}&facility=${facility._id}`);
  return new Set(((await res.json()) as { data: { startTime: string }[] }).data.map((s) => s.startTime));
}

/**
 * A demo facility and an hour-long slot, late in the day, free on `weeks` weekly dates from
 * `daysAhead` on (one date, for weeks = 1), skipping `skip` facilities (specs running side by
 * side take different ones).
 */
export async function freeWeekly(request: APIRequestContext, daysAhead: number, weeks = 1, skip = 0): Promise<{ facility: Facility; dates: string[]; startTime: string; endTime: string }> {
  for (const facility of (await demo(request)).slice(skip)) {
    const dates = Array.from({ length: weeks }, (_, i) => isoDate(daysAhead + 7 * i, facility.timezone));
    const free = await Promise.all(dates.map((d) => freeStarts(request, facility, d)));
    for (let m = minutes('20:00'); m >= minutes('14:00'); m -= 60) {
      if (free.every((s) => s.has(clock(m)))) return { facility, dates, startTime: clock(m), endTime: clock(m + 60) };
    }
  }
  throw new Error(`no demo facility is free ${weeks} weeks running from ${daysAhead} days ahead`);
}

/** Another demo facility free at the same date and time. */
export async function alsoFreeAt(request: APIRequestContext, date: string, startTime: string, except: string[]): Promise<Facility> {
  for (const facility of await demo(request)) {
    if (!except.includes(facility._id) && (await freeStarts(request, facility, date)).has(startTime)) return facility;
  }
  throw new Error(`no other demo facility is free on ${date} at ${startTime}`);
}

/** The questions a staff move may be asked on the day grid, in the order the server asks them. */
export const moveQuestions = (page: Page) => ({
  sport: page.getByRole('dialog', { name: 'Move to another sport?' }),
  price: page.getByRole('dialog', { name: 'Move at the new price?' }),
});

/** Says yes to each question a drop is asked (another sport, then another price) until `done` shows. */
export async function agreeToMove(page: Page, done: Locator): Promise<void> {
  const { sport, price } = moveQuestions(page);
  for (let asked = 0; asked < 3; asked++) {
    await expect(done.or(sport).or(price)).toBeVisible();
    if (await done.isVisible()) return;
    if (await sport.isVisible()) {
      await sport.getByRole('button', { name: 'Move to the other sport' }).click();
      await expect(sport).toBeHidden();
    } else {
      await price.getByRole('button', { name: 'Move at the new price' }).click();
      await expect(price).toBeHidden();
    }
  }
  await expect(done).toBeVisible();
}
