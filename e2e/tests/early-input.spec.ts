/**
 * What a person types before a page's script has loaded is not lost (two defects of the first
 * build): the login form cannot be sent half-armed (it would post to itself and drop
 * ?redirect), and a date typed into the booking form before its island hydrates stays.
 * The script is held back at the network until the input is in, then let through.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { demoFacilities, isoDate, signUpAndLogin, useSession } from '../support/api.ts';
import { hydrated } from '../support/islands.ts';

/** Holds every request for a matching script until `release()` is called. */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('a login sent before its script loads goes nowhere; once armed it signs in and follows ?redirect', async ({ page, request }) => {
  const session = await signUpAndLogin(request, 'early-login');
  const release = await holdScripts(page, /\/_astro\/login\.astro[^/]*\.js$/);
  await page.goto('/login?redirect=%2Fdashboard%2FuserBookings', { waitUntil: 'commit' });
  const button = page.locator('main').getByRole('button', { name: 'Login' });
  await expect(button).toBeDisabled();
  // A form that is sent fires "submit" during the key's own handling, before the navigation it starts.
  await page.evaluate(() => document.addEventListener('submit', () => ((window as unknown as { __sent?: boolean }).__sent = true), true));
  await page.getByLabel('Email').fill(session.user.email);
  await page.getByLabel('Password').fill(session.password);
  await page.getByLabel('Password').press('Enter');
  expect(await page.evaluate(() => (window as unknown as { __sent?: boolean }).__sent ?? false), 'the form was sent').toBe(false);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?redirect=%2Fdashboard%2FuserBookings');

  release();
  await expect(button).toBeEnabled();
  // What was typed is still there; sending it now signs in and goes where ?redirect says.
  await expect(page.getByLabel('Email')).toHaveValue(session.user.email);
  await button.click();
  await expect(page).toHaveURL(/\/dashboard\/userBookings\/?$/);
});

test('a date typed into the booking form before it hydrates is kept', async ({ page, request }) => {
  const session = await signUpAndLogin(request, 'early-date');
  const facility = (await demoFacilities(request))[0]!;
  const date = isoDate(5, facility.timezone);
  await useSession(page, session);
  const release = await holdScripts(page, /\/_astro\/BookingForm[^/]*\.js$/);
  await page.goto(`/facility-booking/${facility._id}`, { waitUntil: 'commit' });
  const input = page.locator('#booking-date');
  await expect(input).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
  await input.fill(date);

  release();
  await hydrated(page);
  await expect(input).toHaveValue(date);
  await expect(page.locator('main')).toContainText(/free slots? on|No available slots/i);
});
