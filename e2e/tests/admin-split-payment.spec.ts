/**
 * Split payment in the back office, in Chromium against the real server: an organizer splits a
 * booking's cost and pays their share on the sandbox page, a player joins through the link and
 * pays theirs; staff see both payments in the Payments list with who paid and what for, a share's
 * page offers no Refund of its own (the booking is where its money goes back), and the booking
 * page shows the shares, what is paid and open and when the rest goes to the organizer, on the
 * facility's clock. Every screen passes axe.
 */
import type { CheckoutDto, ShareCheckoutDto } from '@courtside/contracts';
import { displayDateTime, splitCents } from '@courtside/domain';
import { test, expect } from '../support/fixtures.ts';
import { loginAdmin, playersOf, signUpAndLogin, type Session } from '../support/api.ts';
import { bearer, expectNoAxeViolations, bookFirstFreeSlot, gotoConsole, openConsole, payThroughApi, snapConsole } from '../support/console.ts';

const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

test("staff see a split booking's payments with their payers and kinds, and its shares on the booking page", async ({ page, request, ownFacility }) => {
  test.setTimeout(120_000);
  const admin = await loginAdmin(request);
  // A price that does not divide by four: the organizer's share carries the odd cents.
  const court = await ownFacility({ pricePerHour: 20.02 });
  expect(court.maxPlayers, 'the shares below are those of a court for four').toBe(4);
  const organizer = await signUpAndLogin(request, 'splitter');
  const player = await signUpAndLogin(request, 'sharer');
  const held = await bookFirstFreeSlot(request, organizer, court, 6);
  const bookingId = held.booking._id;
  // The domain's own split: the organizer's share carries the odd cents.
  const shares = splitCents(Math.round(held.booking.payableAmount * 100), court.maxPlayers);
  const organizerCents = shares[0]!;
  const shareCents = shares[1]!;
  expect(organizerCents, 'the odd cents make the shares differ').toBeGreaterThan(shareCents);

  await test.step('the organizer splits the cost and pays their share; the player joins and pays theirs', async () => {
    const created = await request.post('/api/order/create', {
      headers: bearer(organizer),
      data: { bookingIds: [{ bookingId }], totalPayableAmount: held.booking.payableAmount, split: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = ((await created.json()) as { data: CheckoutDto }).data;
    expect(order.split).toBe(true);
    expect(Math.round(order.totalPayableAmount * 100)).toBe(organizerCents);
    await payThroughApi(request, order.payment_url);

    const token = (await playersOf(request, organizer, bookingId)).inviteUrl!.split('/').pop()!;
    const joined = await request.post(`/api/join/${token}`, { headers: bearer(player) });
    expect(joined.status(), await joined.text()).toBe(200);
    const checkout = await request.post(`/api/bookings/${bookingId}/share/checkout`, { headers: bearer(player) });
    expect(checkout.status(), await checkout.text()).toBe(201);
    const share = ((await checkout.json()) as { data: ShareCheckoutDto }).data;
    expect(Math.round(share.amount * 100)).toBe(shareCents);
    await payThroughApi(request, share.payment_url);
  });

  const rowOf = (who: Session) => page.locator('tbody tr', { hasText: who.user.email });
  await test.step('the Payments list shows both payments, each with who paid it and what for', async () => {
    await openConsole(page, admin, '/payments');
    await expect(page.getByRole('columnheader', { name: 'Paid by' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Kind' })).toBeVisible();
    await expect(rowOf(organizer)).toHaveCount(1);
    await expect(rowOf(organizer)).toContainText(organizer.user.name);
    await expect(rowOf(organizer)).toContainText("Organizer's share");
    await expect(rowOf(organizer)).toContainText(usd(organizerCents));
    await expect(rowOf(player)).toHaveCount(1);
    await expect(rowOf(player)).toContainText(player.user.name);
    await expect(rowOf(player)).toContainText("Player's share");
    await expect(rowOf(player)).toContainText(usd(shareCents));
    await expectNoAxeViolations(page, 'the Payments list with split payments');
    await snapConsole(page, 'admin-split-payments');
  });

  await test.step("a player's share has no Refund of its own: the page says to remove the player or cancel the booking", async () => {
    await rowOf(player).click();
    await expect(page.getByRole('heading', { name: `${usd(shareCents)} from ${player.user.name}` })).toBeVisible();
    await expect(page.getByText("Player's share · ordered", { exact: false })).toBeVisible();
    const note = page.getByTestId('split-refund-note');
    await expect(note).toContainText('remove the player from the booking to refund their share, or cancel the booking');
    const refund = page.getByRole('button', { name: 'Refund' });
    await expect(refund).toBeDisabled();
    await refund.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(await note.innerText());
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expectNoAxeViolations(page, "a player's share");
    await snapConsole(page, 'admin-split-payment-share');
  });

  await test.step('the booking page shows the shares, what is paid and open, and when the rest is due', async () => {
    const { split } = await playersOf(request, admin, bookingId);
    expect(split).not.toBeNull();
    await gotoConsole(page, `/bookings/${bookingId}/show`);
    const summary = page.getByTestId('booking-split');
    await expect(summary).toContainText(`Cost split 4 ways: ${usd(shareCents)} a share (the organizer's ${usd(organizerCents)})`);
    await expect(summary).toContainText('2 of 4 shares paid');
    // The due time on the facility's clock, as the page writes the booking's own times.
    const due = displayDateTime(split!.dueAt, court.timezone, 'en-US', 'short');
    await expect(summary).toContainText(`2 shares open (${usd(shareCents * 2)}): charged to the organizer on ${due}`);
    await expect(page.getByTestId('booking-split-owed')).toHaveCount(0);
    // The amount box says what the organizer paid of it, and never a promo code there was none of.
    await expect(page.getByText(`Cost split: the organizer paid ${usd(organizerCents)}`)).toBeVisible();
    await expect(page.getByText('after a promo code')).toHaveCount(0);

    const rows = page.getByRole('table', { name: 'Players' }).getByTestId('booking-player');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(organizer.user.name);
    await expect(rows.nth(0).getByTestId('booking-player-share')).toHaveText(`${usd(organizerCents)} · Paid`);
    await expect(rows.nth(1)).toContainText(player.user.name);
    await expect(rows.nth(1).getByTestId('booking-player-share')).toHaveText(`${usd(shareCents)} · Paid`);
    await expectNoAxeViolations(page, 'the booking page with its shares');
    await snapConsole(page, 'admin-split-booking');
  });

  await test.step('staff remove the player: the question says their share goes back, and it does', async () => {
    const rows = page.getByRole('table', { name: 'Players' }).getByTestId('booking-player');
    await rows.nth(1).getByRole('button', { name: `Remove ${player.user.name}` }).click();
    const question = page.getByRole('dialog', { name: `Remove ${player.user.name} from this booking?` });
    await expect(question).toContainText(`Their paid share (${usd(shareCents)}) is refunded to them, and the share is open again.`);
    await question.getByRole('button', { name: 'Remove player' }).click();
    await expect(rows).toHaveCount(1);
    const summary = page.getByTestId('booking-split');
    await expect(summary).toContainText('1 of 4 shares paid');
    await expect(summary).toContainText(`3 shares open (${usd(shareCents * 3)})`);

    await gotoConsole(page, '/payments');
    await expect(rowOf(player)).toContainText("Player's share");
    await expect(rowOf(player)).toContainText('Refunded');
    await expect(rowOf(organizer)).not.toContainText('Refunded');
  });
});
