/**
 * The facility form's photo: staff upload one from their computer, the server
 * stores it (resized, re-encoded) and the site shows it; a photo address that fails to load shows
 * the facility's sport picture on the facility list, the facility page, Find a court and the back
 * office, never a broken-image icon. Screenshots of the form (upload, the one longest-booking
 * field, a price-rule row) at 1280x900 and 390x844.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { isoDate, loginAdmin } from '../support/api.ts';
import { openConsole, snapConsole } from '../support/console.ts';
import { SCREENSHOT_DIR, snap } from '../support/screens.ts';

/** A 2400x1600 JPEG as a phone would take it, drawn by the browser (no file on disk). */
async function phonePhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1600;
    const g = canvas.getContext('2d')!;
    const fill = g.createLinearGradient(0, 0, 2400, 1600);
    fill.addColorStop(0, '#1b5e20');
    fill.addColorStop(1, '#81c784');
    g.fillStyle = fill;
    g.fillRect(0, 0, 2400, 1600);
    g.strokeStyle = '#fff';
    g.lineWidth = 24;
    g.strokeRect(300, 200, 1800, 1200);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Where an image was really loaded from, once it has loaded (naturalWidth > 0: not broken). */
async function loadedFrom(image: Locator): Promise<string> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc || img.src).pathname);
}

test('staff upload a photo on the facility form, save, and the site shows it', async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const admin = await loginAdmin(request);
  const court = await ownFacility({
    // Not a sport the other specs search (Find a court looks for padel and volleyball courts).
    sport: 'squash',
    imageUrl: '/images/facilities/padel.svg',
    maxBookingMinutes: 180,
    priceRules: [{ days: ['sat', 'sun'], from: '08:00', to: '12:00', pricePerHour: 28 }],
  });

  await openConsole(page, admin, `/facilities/${court._id}`);
  await expect(page.getByLabel('Name')).toHaveValue(court.name);
  // One longest booking on the form, in the Schedule; the Rules no longer repeat it.
  await expect(page.getByLabel('Longest booking (minutes)')).toHaveValue('180');
  await expect(page.getByText(/Maximum booking/)).toHaveCount(0);
  // The price-rule row's add button says what it adds.
  await expect(page.getByRole('button', { name: 'Add a price rule' })).toBeVisible();

  const fileInput = page.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  // Too large, or not a photo: the server's reason, and the address is left as it was.
  const tooLarge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(9 * 1024 * 1024, 1)]);
  await fileInput.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: tooLarge });
  await expect(page.getByRole('alert').filter({ hasText: 'The photo was not uploaded: The photo is larger than 8 MB' })).toBeVisible();
  await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a photo</html>') });
  await expect(page.getByRole('alert').filter({ hasText: 'upload a JPEG, PNG or WebP photo' })).toBeVisible();
  await expect(page.getByLabel("Or the photo's address")).toHaveValue('/images/facilities/padel.svg');
  await fileInput.setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(page) });
  const address = page.getByLabel("Or the photo's address");
  await expect(address).toHaveValue(/^\/uploads\/facilities\/[0-9a-f]{32}\.webp$/);
  const url = await address.inputValue();
  expect(await loadedFrom(page.getByRole('img', { name: 'Photo preview' }))).toBe(url);

  // No field of the price-rule row runs past its card, on a desktop or a phone.
  for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    const overflow = await page.locator('.RaSimpleFormIterator-line').first().evaluate((line) => {
      const card = line.closest('.MuiCardContent-root, form')!.getBoundingClientRect();
      return [...line.querySelectorAll('.MuiFormControl-root, button')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.right > card.right + 1 || r.left < card.left - 1).length;
    });
    expect(overflow, `fields outside the card at ${size.width}px`).toBe(0);
    await page.locator('.RaSimpleFormIterator-line').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}facility-form-price-rule-${size.width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await snapConsole(page, 'facility-form-photo');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Facility updated successfully' })).toBeVisible();

  await page.goto(`/facilities/${court._id}`);
  const hero = page.locator('img.hero');
  expect(await loadedFrom(hero)).toBe(url);
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);

  // The list's card loads the smaller copy.
  await page.goto('/facilities-list');
  const card = page.locator('.facility-card', { hasText: court.name }).locator('img');
  // Cards load their photo lazily, and other specs' courts can put this one below the fold.
  await card.scrollIntoViewIfNeeded();
  expect(await loadedFrom(card)).toBe(url.replace('.webp', '-card.webp'));
  expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
});

test("a photo that fails to load shows the facility's sport picture: list, facility page, Find a court, back office", async ({ page, request, ownFacility }) => {
  test.setTimeout(90_000);
  const admin = await loginAdmin(request);
  const placeholder = '/images/facilities/volleyball.svg';
  // A photo that fails to load, for this test's browser only: the address is a real picture, so
  // the specs running beside this one (which watch for failed loads) see it load; here it is a 404.
  const stamp = Date.now().toString(36);
  await page.context().route(new RegExp(`photo-gone=${stamp}`), (route) => route.fulfill({ status: 404, body: '' }));
  const court = await ownFacility({
    // Named to sort among the first page of the back office's facility list, where it is looked for.
    name: `E2E Broken ${stamp}`,
    sport: 'volleyball',
    imageUrl: `/images/facilities/tennis.svg?photo-gone=${stamp}`,
  });

  await page.goto(`/facilities/${court._id}`);
  expect(await loadedFrom(page.locator('img.hero'))).toBe(placeholder);
  await snap(page, 'facility-page-broken-photo');

  await page.goto('/facilities-list');
  expect(await loadedFrom(page.locator('.facility-card', { hasText: court.name }).locator('img'))).toBe(placeholder);

  await page.goto(`/find?date=${isoDate(2)}&sport=volleyball`);
  expect(await loadedFrom(page.locator('.find-facility', { hasText: court.name }).locator('img'))).toBe(placeholder);

  await openConsole(page, admin, '/facilities');
  const row = page.locator('tr', { hasText: court.name });
  expect(await loadedFrom(row.locator('img'))).toBe(placeholder);
  await openConsole(page, admin, `/facilities/${court._id}`);
  expect(await loadedFrom(page.getByRole('img', { name: 'Photo preview' }))).toBe(placeholder);
});
