/**
 * Shared setup for the back-office specs: screenshots that keep the console's sticky bars in
 * place, opening a console screen as someone, and customers' bookings and sandbox payments
 * made the way the site makes them.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isoDate, useSession, type Facility, type Session } from './api.ts';
import { SCREENSHOT_DIR, WIDTHS } from './screens.ts';

/**
 * Screenshots at desktop and phone widths. The viewport grows to the page's height instead of
 * a full-page capture, so the console's sticky app bar and sidebar sit where a person sees them.
 */
export async function snapConsole(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
    await page.setViewportSize({ width: size.width, height: Math.min(Math.max(size.height, height), 2400) });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${size.width}.png`, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Goes to a console screen (`hash`: "/payments") and waits until the console has drawn it: its
 * boot placeholder gone, then no "Loading" screen. A screen's code arrives on its first visit, in
 * a chain of small files that takes a busy machine well over an assertion's usual wait.
 */
export async function gotoConsole(page: Page, hash: string): Promise<void> {
  await page.goto(`/admin/#${hash}`);
  await expect(page.locator('#boot')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Loading', exact: true })).toHaveCount(0, { timeout: 30_000 });
}

/** Opens a console screen with a session already in localStorage (shared with the site). */
export async function openConsole(page: Page, session: Session, hash: string): Promise<void> {
  await useSession(page, session);
  await gotoConsole(page, hash);
}

export const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

export interface Held {
  facility: Facility;
  booking: { _id: string; date: string; startTime: string; endTime: string; payableAmount: number };
}

/**
 * A customer's pending hold, made through the API, on the first free slot of `facility` (a
 * facility of the test's own: support/own-facility.ts) `daysAhead` days out, midday when it can
 * be, so the block sits in the middle of the day view.
 */
export async function bookFirstFreeSlot(request: APIRequestContext, customer: Session, facility: Facility, daysAhead: number): Promise<Held> {
  const date = isoDate(daysAhead, facility.timezone);
  const res = await request.get(`/api/check-availability?date=${date}&facility=${facility._id}`);
  expect(res.status(), await res.text()).toBe(200);
  const slots = ((await res.json()) as { data: { startTime: string; endTime: string }[] }).data;
  const slot = slots.find((s) => s.startTime >= '11:00') ?? slots[0];
  if (!slot) throw new Error(`${facility.name} has no free slot on ${date}`);
  const booked = await request.post('/api/bookings', { headers: bearer(customer), data: { facility: facility._id, date, startTime: slot.startTime, endTime: slot.endTime } });
  expect(booked.status(), await booked.text()).toBe(201);
  return { facility, booking: (await booked.json()).data };
}

/** Checks a customer's holds out as the site does (no billing details: the order is the account's); answers the order and its hosted payment page. */
export async function checkOut(request: APIRequestContext, customer: Session, held: Held[]): Promise<{ orderId: string; paymentUrl: string }> {
  const total = held.reduce((cents, h) => cents + Math.round(h.booking.payableAmount * 100), 0) / 100;
  const res = await request.post('/api/order/create', {
    headers: bearer(customer),
    data: { totalPayableAmount: total, bookingIds: held.map((h) => ({ bookingId: h.booking._id })) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { orderId, payment_url: paymentUrl } = (await res.json()).data as { orderId: string; payment_url: string };
  return { orderId, paymentUrl };
}

/** Pays on the sandbox's hosted page in the browser, as the customer would, and waits for the site's success page. */
export async function payOnSandboxPage(page: Page, paymentUrl: string): Promise<void> {
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\/?\?order=/);
}

/** Pays a sandbox order the way its hosted page does (the signed confirmation), without a browser. */
export async function payThroughApi(request: APIRequestContext, paymentUrl: string): Promise<void> {
  const page = await request.get(paymentUrl);
  const signature = /name="signature" value="([0-9a-f]+)"/.exec(await page.text())?.[1];
  expect(signature, 'the sandbox page carries a signature').toBeTruthy();
  const paid = await request.post(`${paymentUrl}/confirm`, { form: { signature: signature! }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  expect(paid.headers().location).toMatch(/^\/payment\/success\?order=/);
}

/**
 * axe's serious and critical findings on the page as it stands, one line each (empty when
 * clean). react-admin's own user-menu button is left out: its accessible name "Profile" is
 * not its visible text (the user's name), and the console specs address it by that name.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('.RaUserMenu-userButton').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} at ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Every axe finding on the page as it stands, whatever its impact, one line each with up to
 * five of its elements (empty when clean): the back office's accessibility bar is zero.
 */
export async function allAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.html.slice(0, 200)}\n      ${n.failureSummary?.split('\n').join('\n      ')}`).join('\n')}`,
  );
}

/** The back office's bar: no axe finding at all on `name`, each one listed if there is. */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  const found = await allAxeViolations(page);
  expect(found, `axe violations on ${name}:\n${found.join('\n')}`).toEqual([]);
}

/** The public site's bar: no serious or critical axe finding on `what`. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousAxeViolations(page), `axe on ${what}`).toEqual([]);
}
