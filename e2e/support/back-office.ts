/**
 * The cast and the way in of the back-office specs: the demo admin with a customer of the
 * test's own, and signing in through the console's form.
 */
import type { APIRequestContext, Page } from '@playwright/test';
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
