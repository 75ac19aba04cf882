/**
 * (c) The facility filters: a case-insensitive substring on the name and a maximum price per
 * hour, instantly with JavaScript and as a plain GET form without it; 'No facilities found'.
 */
import type { Page } from '@playwright/test';
import { test, expect, watchContext, describeProblems, type PageProblem } from '../support/fixtures.ts';
import { facilities, type Facility } from '../support/api.ts';

let catalogue: Facility[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = await facilities(request);
});

/** Facility ids whose cards are visible in the list. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await page.locator('main a[href^="/facilities/"]:visible').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs.map((h) => decodeURIComponent(h.replace('/facilities/', ''))))].sort();
}

const expected = (q: string, maxPrice?: number) =>
  catalogue
    .filter((f) => f.name.toLowerCase().includes(q.toLowerCase()) && (maxPrice === undefined || f.pricePerHour <= maxPrice))
    .map((f) => f._id)
    .sort();

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
  test('search text filters by name, case-insensitively', async ({ page }) => {
    await page.goto('/facilities-list');
    expect(await shownIds(page)).toEqual(catalogue.map((f) => f._id).sort());
    const word = searchWord();
    await page.getByLabel(/search/i).fill(word);
    await expect.poll(() => shownIds(page)).toEqual(expected(word));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`, 'i'));
  });

  test('max price filters by price per hour, combined with search', async ({ page }) => {
    await page.goto('/facilities-list');
    const max = medianPrice();
    await page.getByLabel(/max.*price/i).fill(String(max));
    await expect.poll(() => shownIds(page)).toEqual(expected('', max));
    await page.getByLabel(/search/i).fill('a');
    await expect.poll(() => shownIds(page)).toEqual(expected('a', max));
  });

  test("'No facilities found' when nothing matches, and back", async ({ page }) => {
    await page.goto('/facilities-list');
    await page.getByLabel(/search/i).fill('zzqx-no-such-court');
    await expect(page.getByText('No facilities found')).toBeVisible();
    expect(await shownIds(page)).toEqual([]);
    await page.getByLabel(/search/i).fill('');
    await expect.poll(() => shownIds(page)).toHaveLength(catalogue.length);
    await expect(page.getByText('No facilities found')).toBeHidden();
  });
});

test.describe('without JavaScript (plain GET form)', () => {
  test('search, max price and no results all work by submitting the form', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const problems: PageProblem[] = [];
    await watchContext(context, problems);
    const page = await context.newPage();
    try {
      await page.goto('/facilities-list');
      expect(await shownIds(page)).toEqual(catalogue.map((f) => f._id).sort());

      const word = searchWord();
      await page.getByLabel(/search/i).fill(word);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`, 'i'));
      expect(await shownIds(page)).toEqual(expected(word));

      const max = medianPrice();
      await page.getByLabel(/search/i).fill('');
      await page.getByLabel(/max.*price/i).fill(String(max));
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/[?&]maxPrice=/);
      expect(await shownIds(page)).toEqual(expected('', max));

      await page.getByLabel(/search/i).fill('zzqx-no-such-court');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByText('No facilities found')).toBeVisible();
      expect(await shownIds(page)).toEqual([]);

      // The GET URL itself is shareable.
      await page.goto(`/facilities-list?q=${encodeURIComponent(word.toLowerCase())}`);
      expect(await shownIds(page)).toEqual(expected(word));
      expect(problems, describeProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
