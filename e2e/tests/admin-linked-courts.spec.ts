/**
 * Linked courts in the back office's facility form: staff make a new facility part of another
 * ("Part of"); the parent's page lists it under Parts and the part's page names its parent, each
 * a link to the other. A facility with parts is offered no parent (nor deleted), and when it gains
 * parts while the form is open the server's refusal is shown in its own words. A link that upcoming bookings
 * stand in the way of is refused with those bookings listed, and nothing changes.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { facilities, loginAdmin, signUpAndLogin, type Facility } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, expectNoAxeViolations, openConsole, gotoConsole, snapConsole } from '../support/console.ts';
import { times } from '../support/clock.ts';

const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
/** The form's Name field (the list behind a hash change has a Name column too). */
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true });
const partOf = (page: Page) => page.getByRole('combobox', { name: 'Part of' });
const facilityById = async (request: APIRequestContext, id: string) => (await facilities(request)).find((f) => f._id === id);

/** Chooses a facility in the open form's "Part of" select. */
async function choosePartOf(page: Page, facility: Pick<Facility, 'name'>): Promise<void> {
  await partOf(page).click();
  await page.getByRole('option', { name: facility.name, exact: true }).click();
  await expect(partOf(page)).toHaveText(facility.name);
}

test('staff make a new facility part of another; the parent lists its parts; a facility with parts is part of nothing', async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  const [hall, other, third] = [await ownFacility(), await ownFacility(), await ownFacility()];
  const name = `${hall.name}, Court 1`;

  await test.step('create a court through the form, Part of the hall', async () => {
    await openConsole(page, admin, '/facilities/create');
    await nameField(page).fill(name);
    await page.getByLabel('Location').fill(hall.location);
    await page.getByLabel('Price per hour ($)').fill('12');
    await page.getByLabel('Description').fill('One court of the hall, booked on its own or with the whole hall.');
    await page.getByLabel("Or the photo's address").fill('/images/facilities/badminton.svg');
    await expect(partOf(page)).toHaveText('Nothing (a facility of its own)');
    await expect(page.getByText("A part shares its parent's time: booking the whole takes every part; parts do not block each other.")).toBeVisible();
    await choosePartOf(page, hall);
    await partOf(page).scrollIntoViewIfNeeded();
    await snapConsole(page, 'admin-linked-courts-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, 'Facility added successfully')).toBeVisible();
  });
  const court = (await facilities(request)).find((f) => f.name === name);
  expect(court?.parent, 'the new court is part of the hall').toEqual({ _id: hall._id, name: hall.name });

  await test.step("the hall's page lists it under Parts, and offers the hall no parent", async () => {
    await gotoConsole(page, `/facilities/${hall._id}`);
    await expect(nameField(page)).toHaveValue(hall.name);
    const parts = page.getByRole('region', { name: 'Parts' });
    await expect(parts.getByRole('link')).toHaveText([name]);
    await expect(partOf(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('It has parts, so it cannot be part of another facility.')).toBeVisible();
    await expectNoAxeViolations(page, "a parent's page");
    await snapConsole(page, 'admin-linked-courts-parent');
  });

  await test.step('deleting the hall while it has parts is refused in the server\'s words', async () => {
    await page.getByRole('toolbar').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(`Delete ${hall.name}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(notification(page, `Failed to delete facility: It has parts (${name}): move them to another facility or delete them first.`)).toBeVisible();
    expect((await facilityById(request, hall._id))?.parts).toEqual([{ _id: court!._id, name }]);
  });

  await test.step("the part's page names the hall, a link back to it", async () => {
    await page.getByRole('region', { name: 'Parts' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`#/facilities/${court!._id}$`));
    await expect(nameField(page)).toHaveValue(name);
    await expect(page.getByTestId('facility-links')).toHaveText(`Part of ${hall.name}`);
    await expect(partOf(page)).toHaveText(hall.name);
    await page.getByTestId('facility-links').getByRole('link', { name: hall.name }).click();
    await expect(page).toHaveURL(new RegExp(`#/facilities/${hall._id}$`));
  });

  await test.step('another facility is offered the hall, never the court (a part has no parts)', async () => {
    await gotoConsole(page, `/facilities/${other._id}`);
    await expect(nameField(page)).toHaveValue(other.name);
    await partOf(page).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option', { name: hall.name, exact: true })).toBeVisible();
    await expect(listbox.getByRole('option', { name: third.name, exact: true })).toBeVisible();
    await expect(listbox.getByRole('option', { name, exact: true })).toHaveCount(0);
    await expect(listbox.getByRole('option', { name: other.name, exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('it gains a part while the form is open: choosing a parent is refused in the server\'s words', async () => {
    await choosePartOf(page, third);
    const gained = await request.post('/api/facility', {
      headers: bearer(admin),
      data: { name: `${other.name}, Half`, location: other.location, pricePerHour: 10, description: 'Half of it.', imageUrl: '/images/facilities/tennis.svg', sport: 'other', parentId: other._id },
    });
    expect(gained.status(), await gained.text()).toBe(201);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, `Failed to update facility: It has parts of its own (${other.name}, Half): a parent is part of nothing.`)).toBeVisible();
    expect((await facilityById(request, other._id))?.parentId).toBeNull();
  });
});

test('a link that upcoming bookings stand in the way of is refused with the bookings listed; nothing changes', async ({ page, request, ownFacility }) => {
  const admin = await loginAdmin(request);
  const [whole, half] = [await ownFacility(), await ownFacility()];
  const customer = await signUpAndLogin(request, 'linkclash');
  // The same first free slot on both: once linked, they could not both stand.
  await bookFirstFreeSlot(request, customer, whole, 3);
  const { booking } = await bookFirstFreeSlot(request, customer, half, 3);

  await openConsole(page, admin, `/facilities/${half._id}`);
  await expect(nameField(page)).toHaveValue(half.name);
  await choosePartOf(page, whole);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Not saved: bookings in the way' });
  await expect(dialog).toContainText(`It cannot be part of ${whole.name} while this booking overlaps time taken there. Move or cancel it first.`);
  const list = dialog.getByRole('list', { name: 'Bookings in the way of the link' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(half.name);
  await expect(list).toContainText(times(booking.startTime, booking.endTime));
  await expect(list).toContainText(`${customer.user.name}'s booking: ${whole.name} booked then`);
  await expectNoAxeViolations(page, 'the link conflict dialog');
  await snapConsole(page, 'admin-linked-courts-conflict');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await facilityById(request, half._id))?.parentId).toBeNull();
});
