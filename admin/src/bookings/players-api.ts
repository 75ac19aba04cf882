import type { BookingPlayersDto } from '@courtside/contracts';
import { httpClient } from '../dataProvider.ts';

/**
 * A booking's players through the customers' own routes (staff may call them too), kept out of
 * the dataProvider so the code arrives with the booking page, not with the console's first screen.
 */
const playersUrl = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/players`;

const dataOf = (json: unknown) => (json as { data: BookingPlayersDto }).data;

export const playersQueryKey = (bookingId: string) => ['courtside', 'booking-players', bookingId] as const;

export async function getBookingPlayers(bookingId: string): Promise<BookingPlayersDto> {
  return dataOf((await httpClient(playersUrl(bookingId))).json);
}

/** Takes a player off the booking; resolves with the players afterwards, rejects with the server's reason (404 PLAYER_NOT_FOUND, 409 IS_ORGANIZER). */
export async function removeBookingPlayer(bookingId: string, playerId: string): Promise<BookingPlayersDto> {
  return dataOf((await httpClient(`${playersUrl(bookingId)}/${encodeURIComponent(playerId)}`, { method: 'DELETE' })).json);
}

/** Adds a friend without an account by name (a walk-in the desk names); rejects with the server's reason (409 BOOKING_FULL, NOT_JOINABLE). */
export async function addBookingPlayer(bookingId: string, name: string): Promise<BookingPlayersDto> {
  return dataOf((await httpClient(playersUrl(bookingId), { method: 'POST', body: JSON.stringify({ name }) })).json);
}

/** A new link for the booking; the old one stops working. */
export async function renewBookingLink(bookingId: string): Promise<BookingPlayersDto> {
  return dataOf((await httpClient(`${playersUrl(bookingId)}/link`, { method: 'POST' })).json);
}
