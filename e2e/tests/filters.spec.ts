/**
 * (c) The facility filters: a case-insensitive substring on the name and a maximum price per
 * hour, instantly with JavaScript and as a plain GET form without it; 'No facilities found'.
 *
 * Specs running beside this one add facilities of their own (and a few remove one they made), so
 * each look at the list is checked against the facilities read just before the page was asked
 * and again after it was read: every facility there the whole time shows exactly when it matches.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, watchContext, describeProblems, type PageProblem } from '../support/fixtures.ts';
import { demoFacilities, facilities, type Facility } from '../support/api.ts';

/** The demo catalogue: where the search word and the price come from. */
let catalogue: Facility[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = await demoFacilities(request);
});

/** Facility ids whose cards are visible in the list. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await page.locator('main a[href^="/facilities/"]:visible').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs.map((h) => decodeURIComponent(h.replace('/facilities/', ''))))].sort();
}

/** Whether a facility matches a search text and a maximum price. */
const matching = (q: string, maxPrice?: number) => (f: Facility) => f.name.toLowerCase().includes(q.toLowerCase()) && (maxPrice === undefined || f.pricePerHour <= maxPrice);
const everything = () => true;

const expected = (q: string, maxPrice?: number) => catalogue.filter(matching(q, maxPrice)).map((f) => f._id);

/**
 * What is wrong with the cards `shown` for a filter (nothing: []). `before` is the list read
 * before the page was asked; the list is read again now. A facility there both times must show
 * exactly when it matches; one added or removed in between may show or not, but only if it matches.
 */
async function wrongCards(request: APIRequestContext, shown: string[], before: Facility[], matches: (f: Facility) => boolean): Promise<string[]> {
  const after = await facilities(request);
  const afterIds = new Set(after.map((f) => f._id));
  const known = new Map([...before, ...after].map((f) => [f._id, f]));
  const missing = before.filter((f) => afterIds.has(f._id) && matches(f) && !shown.includes(f._id)).map((f) => `missing: ${f.name}`);
  const extra = shown.filter((id) => !known.has(id) || !matches(known.get(id)!)).map((id) => `not expected: ${known.get(id)?.name ?? id}`);
  return [...missing, ...extra];
}

/** A search word from a facility name that matches some but not all, in odd case. */
function searchWord(): string {
  for (const f of catalogue) {
    for (const word of f.name.split(/\s+/)) {
      const n = expected(word).length;
      if (word.length >= 4 && n > 0 && n < catalogue.length) return word.slice(1, -1).toUpperCase();
    }
  }
  return catalogue[0]!.name.slice(0, 4).toUpperCase();
}

function medianPrice(): number {
  const prices = catalogue.map((f) => f.pricePerHour).sort((a, b) => a - b);
  return prices[Math.floor(prices.length / 2)]!;
}

test.describe('with JavaScript (instant)', () => {
  /** Opens the list; answers the facilities read just before. */
  const open = async (page: Page, request: APIRequestContext) => {
    const before = await facilities(request);
    await page.goto('/facilities-list');
    return before;
  };

  test('search text filters by name, case-insensitively', async ({ page, request }) => {
    const before = await open(page, request);
    expect(await wrongCards(request, await shownIds(page), before, everything)).toEqual([]);
    const word = searchWord();
    expect(expected(word).length, `"${word}" matches some demo facilities`).toBeGreaterThan(0);
    await page.getByLabel(/search/i).fill(word);
    await expect.poll(async () => wrongCards(request, await shownIds(page), before, matching(word))).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`, 'i'));
  });

  test('max price filters by price per hour, combined with search', async ({ page, request }) => {
    const before = await open(page, request);
    const max = medianPrice();
    await page.getByLabel(/max.*price/i).fill(String(max));
    await expect.poll(async () => wrongCards(request, await shownIds(page), before, matching('', max))).toEqual([]);
    await page.getByLabel(/search/i).fill('a');
    await expect.poll(async () => wrongCards(request, await shownIds(page), before, matching('a', max))).toEqual([]);
  });

  test("'No facilities found' when nothing matches, and back", async ({ page, request }) => {
    const before = await open(page, request);
    await page.getByLabel(/search/i).fill('zzqx-no-such-court');
    await expect(page.getByText('No facilities found')).toBeVisible();
    expect(await shownIds(page)).toEqual([]);
    await page.getByLabel(/search/i).fill('');
    await expect.poll(async () => wrongCards(request, await shownIds(page), before, everything)).toEqual([]);
    await expect(page.getByText('No facilities found')).toBeHidden();
  });
});

test.describe('without JavaScript (plain GET form)', () => {
  test('search, max price and no results all work by submitting the form', async ({ browser, baseURL, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const problems: PageProblem[] = [];
    await watchContext(context, problems);
    const page = await context.newPage();
    try {
      let before = await facilities(request);
      await page.goto('/facilities-list');
      expect(await wrongCards(request, await shownIds(page), before, everything)).toEqual([]);

      const word = searchWord();
      await page.getByLabel(/search/i).fill(word);
      before = await facilities(request);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`, 'i'));
      expect(await wrongCards(request, await shownIds(page), before, matching(word))).toEqual([]);

      const max = medianPrice();
      await page.getByLabel(/search/i).fill('');
      await page.getByLabel(/max.*price/i).fill(String(max));
      before = await facilities(request);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/[?&]maxPrice=/);
      expect(await wrongCards(request, await shownIds(page), before, matching('', max))).toEqual([]);

      await page.getByLabel(/search/i).fill('zzqx-no-such-court');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByText('No facilities found')).toBeVisible();
      expect(await shownIds(page)).toEqual([]);

      // The GET URL itself is shareable.
      before = await facilities(request);
      await page.goto(`/facilities-list?q=${encodeURIComponent(word.toLowerCase())}`);
      expect(await wrongCards(request, await shownIds(page), before, matching(word))).toEqual([]);
      expect(problems, describeProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
