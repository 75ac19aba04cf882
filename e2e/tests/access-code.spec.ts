/**
 * The door code as a customer meets it. A customer holds tomorrow's slot and pays on the
 * sandbox's hosted page; the confirmation email carries the six digits, when they open the gate
 * and their QR (an inline image the HTML shows by its Content-ID); My bookings shows the same
 * code (the day before has come), large, with when it opens and its QR drawn in the page; a
 * booking further ahead says its code appears the day before.
 */
import { test, expect } from '../support/fixtures.ts';
import { signUpAndLogin, useSession } from '../support/api.ts';
import { bearer, bookFirstFreeSlot, checkOut, payOnSandboxPage } from '../support/console.ts';
import { hydrated } from '../support/islands.ts';
import { receivedMail, waitForMail } from '../support/mailbox.ts';
import { snap } from '../support/screens.ts';

test('a customer books and pays: the email and My bookings carry the door code and its QR', async ({ page, request, ownFacility }) => {
  test.setTimeout(180_000);
  const facility = await ownFacility({ sport: 'tennis' });
  const customer = await signUpAndLogin(request, 'door');
  const tomorrow = await bookFirstFreeSlot(request, customer, facility, 1);
  const later = await bookFirstFreeSlot(request, customer, facility, 5);
  const { paymentUrl } = await checkOut(request, customer, [tomorrow, later]);

  await useSession(page, customer);
  await payOnSandboxPage(page, paymentUrl);

  // The server's word: tomorrow's code is shown from today, the later one's not yet.
  const mine = (await (await request.get(`/api/bookings/user/${customer.user._id}`, { headers: bearer(customer) })).json()).data as {
    _id: string;
    accessCode: string | null;
  }[];
  const code = mine.find((b) => b._id === tomorrow.booking._id)?.accessCode;
  expect(code).toMatch(/^\d{6}$/);
  expect(mine.find((b) => b._id === later.booking._id)?.accessCode).toBeNull();

  await test.step('the confirmation email: the code, when it opens the gate, and its QR inline', async () => {
    // One confirmation per booking (the later one carries its own code): tomorrow's is the one with this code.
    await waitForMail(customer.user.email, `Booking confirmed: ${facility.name}`);
    await expect.poll(async () => (await receivedMail()).filter((m) => m.subject?.startsWith(`Booking confirmed: ${facility.name}`)).length).toBe(2);
    const mail = (await receivedMail()).find((m) => m.subject?.startsWith(`Booking confirmed: ${facility.name}`) && m.text?.includes(`Your door code ${code} `))!;
    expect(mail, "tomorrow's confirmation").toBeTruthy();
    expect(mail.text).toMatch(new RegExp(`Your door code ${code} opens the gate from \\d{1,2}:\\d{2} [AP]M until \\d{1,2}:\\d{2} [AP]M\\.`));
    const qr = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(qr, 'a PNG attached').toBeTruthy();
    expect(qr!.cid).toBe('door-code@courtside');
    expect(qr!.contentDisposition).toBe('inline');
    // mailparser puts the attachment's bytes where the HTML referred to its Content-ID.
    expect(mail.html).toContain(`src="data:image/png;base64,${qr!.content.toString('base64')}"`);
    expect(mail.html).toContain(`alt="QR code of door code ${code}"`);
  });

  await test.step('My bookings: tomorrow shows the code large with its QR; the later booking says when it will', async () => {
    await page.goto('/dashboard/userBookings');
    await hydrated(page);
    const panel = page.getByRole('region', { name: /^Door code: / });
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText(`${code!.slice(0, 3)} ${code!.slice(3)}`);
    await expect(panel).toContainText(/Opens the gate from \d{1,2}:\d{2} [AP]M until \d{1,2}:\d{2} [AP]M/);
    const qr = panel.getByRole('img', { name: `QR code of door code ${code}` });
    await expect(qr).toBeVisible();
    // Drawn: an SVG image with its real size, not a broken one.
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('main')).toContainText('Your door code appears here the day before.');
    await snap(page, 'access-code-my-bookings');
  });
});
