/**
 * The day grid as the front-desk specs use it: a facility's column, a free slot clicked at its
 * time, a booking dropped on another column (through the grid's handlers, or dragged by the mouse).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { formatTime } from '@courtside/domain';
import type { Facility } from './api.ts';
import { hhmm } from './clock.ts';

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const clock = formatTime;

/** Minutes after midnight of a time as the back office writes it ("8:00 PM", or "20:00" on a 24-hour clock). */
const minutesOfClock = (text: string) => minutes(hhmm(text));

/** One minute is one pixel on the grid (admin/src/day-view/layout.ts PX_PER_MIN). */
const PX_PER_MIN = 1;

export const dayColumn = (page: Page, facility: Pick<Facility, 'name'>) => page.locator(`[data-testid="day-column"][data-facility="${facility.name}"]`);

/** A facility column's free time offered for booking, in minutes of the day, with the gap to click. */
export async function freeTimes(page: Page, facility: Pick<Facility, 'name'>): Promise<{ start: number; end: number; gap: Locator }[]> {
  const gaps = dayColumn(page, facility).getByTestId('day-free');
  await expect(gaps.first()).toBeVisible();
  const free = [];
  for (const gap of await gaps.all()) {
    // "Free 8:00 AM – 10:00 PM: book ...", on the venue's clock.
    const [, from = '', to = ''] = /^Free (\d{1,2}:\d\d(?: [AP]M)?) ?– ?(\d{1,2}:\d\d(?: [AP]M)?)/.exec((await gap.getAttribute('aria-label')) ?? '') ?? [];
    free.push({ start: minutesOfClock(from), end: minutesOfClock(to) || 24 * 60, gap });
  }
  return free;
}

/** Clicks the free time of a facility's column at `time`: the grid books the slot under the pointer. */
export async function clickFreeSlot(page: Page, facility: Pick<Facility, 'name'>, time: string): Promise<void> {
  for (const { start, end, gap } of await freeTimes(page, facility)) {
    if (start <= minutes(time) && minutes(time) < end) return gap.click({ position: { x: 60, y: (minutes(time) - start) * PX_PER_MIN + 5 } });
  }
  throw new Error(`${facility.name} has no free time at ${time}`);
}

/**
 * Drops a booking block onto another facility's column at the same height (so the same time, on
 * that column's grid) through the grid's own drag-and-drop handlers: the drag's events are
 * dispatched to the block and the column, with no pointer in between, so nothing in the browser
 * can lose the drag. It waits for the column to outline where the booking would land before
 * dropping. (The pointer's own drag is tried once, in admin-front-desk-actions.spec.ts.)
 */
export async function dropOnColumn(page: Page, block: Locator, facility: Pick<Facility, 'name'>): Promise<void> {
  const column = dayColumn(page, facility);
  await expect(block).toBeVisible();
  // The element itself, not the locator: once dropped, the block leaves its column (or a question
  // covers the grid), and the drag still ends on the element it started from, as a browser's does.
  const source = (await block.elementHandle())!;
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  // One height for every event: the columns share their top, so the drop lands at the block's own time.
  const clientY = await source.evaluate((el) => el.getBoundingClientRect().top + 5);
  await source.dispatchEvent('dragstart', { dataTransfer, clientY });
  await column.dispatchEvent('dragover', { dataTransfer, clientY });
  await expect(column.getByTestId('day-drop-target')).toContainText('Move here');
  await column.dispatchEvent('drop', { dataTransfer, clientY });
  await source.dispatchEvent('dragend', { dataTransfer, clientY });
  await Promise.all([dataTransfer.dispose(), source.dispose()]);
}

/**
 * Drags a booking block by the mouse onto another facility's column (in view beside it) at the
 * same height, as a person would, and lets go once the column outlines where it would land.
 * Nothing on the page may move while the drag starts: the block is brought into view and its
 * tooltip (which opens under a resting pointer) is fully up before the button goes down.
 */
export async function dragByPointer(page: Page, block: Locator, facility: Pick<Facility, 'name'>): Promise<void> {
  const column = dayColumn(page, facility);
  await block.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const from = (await block.boundingBox())!;
  const to = (await column.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + 10);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await transitionsDone(tooltip);
  await page.mouse.down();
  await page.mouse.move(to.x + 40, from.y + 10, { steps: 5 });
  await expect(column.getByTestId('day-drop-target')).toContainText('Move here');
  await page.mouse.up();
}

/**
 * Waits until what opens `element` has finished moving in: the finite animations and transitions
 * on it, inside it or on what holds it (a popover fades its paper in; a check of colors made
 * meanwhile reads them half-transparent).
 */
export async function transitionsDone(element: Locator): Promise<void> {
  await element.evaluate((el) =>
    Promise.all(
      document.getAnimations()
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return target instanceof Node && (target.contains(el) || el.contains(target)) && a.effect?.getComputedTiming().iterations !== Infinity;
        })
        .map((a) => a.finished),
    ));
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
