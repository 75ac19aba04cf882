import { expect, type Page } from '@playwright/test';

/**
 * Waits until every Astro island on the page has hydrated (Astro drops the `ssr` attribute
 * then). Input typed into server-rendered island markup before that is discarded.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}
