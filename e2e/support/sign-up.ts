import type { Page } from '@playwright/test';
import type { newCustomer } from './api.ts';

/** Fills the sign-up form (/register) with a customer's details, the photo only `withPhoto`, and sends it. */
export async function signUpThroughForm(page: Page, customer: ReturnType<typeof newCustomer>, { withPhoto = false } = {}): Promise<void> {
  await page.getByLabel('Name').fill(customer.name);
  if (withPhoto) await page.getByLabel('Photo URL').fill(customer.photoUrl);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByLabel('Address').fill(customer.address);
  await page.locator('main').getByRole('button', { name: 'Register' }).click();
}
