import type { StaffRole } from '@courtside/domain';
import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { createAccount } from '../../src/services/auth-service.ts';
import { applyPayment } from '../../src/payments/settlement.ts';

export const PASSWORD = 'court-side-Pass-42';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}.${randomBytes(2).toString('hex')}@example.com`;

export interface Actor {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

export async function login(app: App, email: string, password = PASSWORD): Promise<Actor> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.data._id, email, token: body.token, auth: { authorization: `Bearer ${body.token}` } };
}

/** A customer signed up through the public API. */
export async function customer(app: App, name = 'Casey Customer'): Promise<Actor> {
  const email = uniqueEmail('customer');
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name, email, password: PASSWORD, phone: '555-0100', address: '1 Main St', photoUrl: 'https://example.com/p.png' },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return login(app, email);
}

/** A staff member of `role`, created the way the first owner is (there is no public way to become staff). */
export async function staffMember(app: App, role: StaffRole, name = `Sam ${role}`): Promise<Actor> {
  const email = uniqueEmail(role);
  await createAccount(app.ctx, { name, email, password: PASSWORD, phone: '555-0199', address: 'Venue office', photoUrl: '' }, role);
  return login(app, email);
}

/** An owner (the original product's admin): may do everything in the back office. */
export const admin = (app: App, name = 'Alex Admin'): Promise<Actor> => staffMember(app, 'owner', name);

/** A facility open 08:00-22:00 daily in New York, $20/hour, unless told otherwise. */
export async function facility(app: App, adminActor: Actor, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/facility',
    headers: adminActor.auth,
    payload: {
      name: `Court ${++counter}`,
      location: 'Riverside Park',
      pricePerHour: 20,
      description: 'A test court.',
      imageUrl: '/images/facilities/tennis.svg',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`facility failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; pricePerHour: number; name: string };
}

/** A pending hold made through the API; throws unless it is created. */
export async function book(app: App, actor: Actor, facilityId: string, date: string, startTime: string, endTime: string) {
  const res = await app.inject({ method: 'POST', url: '/api/bookings', headers: actor.auth, payload: { facility: facilityId, date, startTime, endTime } });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; payableAmount: number; status: string; paymentStatus: string; date: string; startTime: string; endTime: string };
}

/** POST /api/order/create as a client sends it, answered as it comes (a refusal included). */
export function postOrder(app: App, actor: Actor, bookingIds: string[], totalPayableAmount: number) {
  return app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: actor.auth,
    payload: { user: { name: 'Buyer', email: actor.email, phone: '555-0100', address: '1 Main St' }, totalPayableAmount, bookingIds: bookingIds.map((bookingId) => ({ bookingId })) },
  });
}

/** Checks holds out through the API, whichever provider is configured; throws unless the order is created. */
export async function createOrder(app: App, actor: Actor, bookingIds: string[], totalPayableAmount: number) {
  const res = await postOrder(app, actor, bookingIds, totalPayableAmount);
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const { orderId, payment_url: paymentUrl } = res.json().data as { orderId: string; payment_url: string };
  return { orderId, paymentUrl };
}

/** Opens a sandbox checkout and reads the signature its hosted page would post. */
export async function openCheckout(app: App, actor: Actor, bookingIds: string[], totalPayableAmount: number) {
  const { orderId, paymentUrl } = await createOrder(app, actor, bookingIds, totalPayableAmount);
  const page = await app.inject({ url: paymentUrl });
  const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1];
  if (!signature) throw new Error(`no signature on the payment page: ${page.statusCode}`);
  return { orderId, paymentUrl, signature };
}

/**
 * The provider's own "paid" signal for a sandbox order, however late it arrives (as Stripe's
 * webhook can, for money it took before its page closed). The sandbox's page itself refuses
 * once the checkout has closed; this is the path a provider that already charged takes.
 */
export function providerPays(app: App, orderId: string, eventId = `provider:${orderId}`) {
  return applyPayment(app.ctx, { provider: 'sandbox', eventId, orderId });
}

/** Books a slot and pays for it through the sandbox: a confirmed, paid booking. */
export async function bookAndPay(app: App, actor: Actor, facilityId: string, date: string, startTime: string, endTime: string) {
  const booking = await book(app, actor, facilityId, date, startTime, endTime);
  const checkout = await openCheckout(app, actor, [booking._id], booking.payableAmount);
  const paid = await app.inject({ method: 'POST', url: `${checkout.paymentUrl}/confirm`, payload: { signature: checkout.signature } });
  if (paid.statusCode !== 303 || !String(paid.headers.location).startsWith('/payment/success')) {
    throw new Error(`payment failed: ${paid.statusCode} ${paid.headers.location}`);
  }
  return { booking, ...checkout };
}
