import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { createAccount } from '../../src/services/auth-service.ts';

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

/** An admin, created the way the first admin is (there is no public way to become one). */
export async function admin(app: App, name = 'Alex Admin'): Promise<Actor> {
  const email = uniqueEmail('admin');
  await createAccount(app.ctx, { name, email, password: PASSWORD, phone: '555-0199', address: 'Venue office', photoUrl: '' }, 'admin');
  return login(app, email);
}

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
