/** Talks to the running server's API over HTTP (no app code is imported, only the contract's types). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { BookingPlayersDto, FacilityDto, UserDto } from '@courtside/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env.ts';

/** The API's own answer shapes (types only: the specs still talk to the server over HTTP alone). */
export type Facility = FacilityDto;
export type User = UserDto;

export interface Session {
  token: string;
  user: User;
  password: string;
}

export const USER_PASSWORD = 'Rally-Point-Serve-42';

let counter = 0;
/** A fresh customer's details (unique email per call). */
export function newCustomer(label = 'player') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    name: `E2E ${label[0]!.toUpperCase()}${label.slice(1)} ${tag}`,
    email: `e2e-${label}-${tag}@courtside.test`,
    password: USER_PASSWORD,
    phone: '+1 555 010 0199',
    address: '12 Baseline Road, Maple Falls',
    photoUrl: '/images/avatar.svg',
  };
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as T;
  if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${JSON.stringify(body)}`);
  return body;
}

export async function facilities(request: APIRequestContext, query = ''): Promise<Facility[]> {
  const body = await json<{ data: Facility[] }>(await request.get(`/api/facility${query}`, { headers: { accept: 'application/json' } }));
  return body.data;
}

/**
 * The demo catalogue (all in Maple Falls): what the specs reading the public pages look at. No
 * spec books or changes these but Find a court's, which books padel courts no other spec books;
 * the others make facilities of their own (support/own-facility.ts).
 */
export async function demoFacilities(request: APIRequestContext): Promise<Facility[]> {
  return (await facilities(request)).filter((f) => f.location.endsWith('Maple Falls'));
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const body = await json<{ token: string; data: User }>(await request.post('/api/auth/login', { data: { email, password } }));
  return { token: body.token, user: body.data, password };
}

export async function signUpAndLogin(request: APIRequestContext, label = 'player'): Promise<Session> {
  const customer = newCustomer(label);
  await json(await request.post('/api/auth/signup', { data: customer }));
  return login(request, customer.email, customer.password);
}

export const loginAdmin = (request: APIRequestContext) => login(request, ADMIN_EMAIL, ADMIN_PASSWORD);

/** Puts a session where the site keeps it (localStorage accessToken + user), then reloads. */
export async function useSession(page: Page, session: Session): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('accessToken', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

/** YYYY-MM-DD of today + days, in the given IANA zone (facilities book in their own zone). */
export function isoDate(daysAhead: number, timeZone = 'America/New_York'): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** A booking's players as `who` may see them (GET /api/bookings/:id/players). */
export async function playersOf(request: APIRequestContext, who: Session, bookingId: string): Promise<BookingPlayersDto> {
  const res = await request.get(`/api/bookings/${bookingId}/players`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: BookingPlayersDto }).data;
}
