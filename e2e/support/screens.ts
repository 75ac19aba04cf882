/**
 * Screenshots kept as artifacts: test-results/screenshots/<name>-<width>.png at desktop
 * (1280x900) and phone (390x844) widths, full page. Look at them after a run.
 */
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Takes the page (already loaded) at both widths and restores the original viewport. */
export async function snap(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // From the top, as a visitor first sees it (sticky header in place), with no focus ring.
    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      (document.activeElement as HTMLElement | null)?.blur();
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${size.width}.png`, fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}
