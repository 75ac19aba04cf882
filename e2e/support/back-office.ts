/**
 * The cast and the way in of the back-office specs: the demo admin with a customer of the
 * test's own, and signing in through the console's form.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { loginAdmin, signUpAndLogin, type Session } from './api.ts';

/** The demo admin's session and a new customer's (`label` names the customer). */
export async function staffAndCustomer(request: APIRequestContext, label: string): Promise<{ admin: Session; customer: Session }> {
  const admin = await loginAdmin(request);
  const customer = await signUpAndLogin(request, label);
  return { admin, customer };
}

/** Signs in through the console's own form. */
export async function signInAtConsole(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in at the console in a browser of its own (another person's), and expects the screen headed `heading`. */
export async function signInElsewhere(browser: Browser, email: string, password: string, heading: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await signInAtConsole(other, email, password);
    await expect(other.getByRole('heading', { name: heading })).toBeVisible();
  } finally {
    await context.close();
  }
}
