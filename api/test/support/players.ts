import { expect } from 'vitest';
import type { BookingPlayersDto } from '@courtside/contracts';
import type { App } from '../../src/app.ts';
import type { Actor } from './actors.ts';

/** A request as `who` (anonymous without), answered as it comes. */
export const sendAs = (app: App) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: unknown) =>
  app.inject({ method, url, headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A booking's players as `who` sees them; throws unless they may. */
export async function playersOf(app: App, bookingId: string, who: Actor): Promise<BookingPlayersDto> {
  const res = await sendAs(app)('GET', `/api/bookings/${bookingId}/players`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BookingPlayersDto;
}

/** The token of a booking's link, as `/api/join/:token` takes it. */
export const tokenOf = (p: BookingPlayersDto) => new URL(p.inviteUrl!).pathname.split('/').pop()!;
