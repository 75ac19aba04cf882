import type { PlayingBookingDto, ShareCheckoutDto } from '@courtside/contracts';
import { customerReason, formatMoney, isAbort } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { formatZoned } from '../../lib/zoned-time.ts';
import type { Badge } from '../dashboard/badges.ts';
import { playWhen } from './join.ts';
import { startsAt } from './players.ts';

/**
 * My bookings' "Playing": bookings the customer plays in but someone else booked, with who
 * organized them, how many play, and Leave. Pure words and requests; PlayingSection renders them.
 */

export const PLAYING_PATH = '/api/bookings/playing';

export async function fetchPlaying(signal?: AbortSignal): Promise<PlayingBookingDto[]> {
  return (await api<PlayingBookingDto[]>(PLAYING_PATH, { signal })).data ?? [];
}

/** "3 of 4 players": the organizer counted. */
export const playersCount = (p: Pick<PlayingBookingDto, 'players' | 'maxPlayers'>): string => `${p.players} of ${p.maxPlayers} ${p.maxPlayers === 1 ? 'player' : 'players'}`;

/** Still to come and still on: a player may leave it. */
export const mayLeave = (p: PlayingBookingDto, now = Date.now()): boolean =>
  (p.status === 'pending' || p.status === 'confirmed') && startsAt(p, p.facility.timezone) > now;

/** Where the booking stands, in a player's words (the organizer pays for it). */
export function playingBadge(p: PlayingBookingDto, now = Date.now()): Badge {
  if (p.status === 'cancelled') return { label: 'Cancelled', tone: 'bad' };
  if (p.status === 'expired') return { label: 'Not paid in time', tone: 'neutral' };
  if (startsAt(p, p.facility.timezone) <= now) return { label: 'Played', tone: 'neutral' };
  if (p.status === 'pending') return { label: 'Held', tone: 'warn', detail: 'The organizer has not paid yet.' };
  return { label: 'Confirmed', tone: 'ok' };
}

/** "Padel 1 on Friday, November 27, 2026, 6:00 PM – 7:00 PM": one booking in a button's name or a question. */
export const playingLabel = (p: PlayingBookingDto): string => `${p.facility.name} on ${playWhen(p)}`;

export const leaveQuestion = (p: PlayingBookingDto) => ({
  title: 'Leave this booking?',
  message: `${playingLabel(p)} (organized by ${p.organizerName}). Your place goes back to the organizer.`,
  confirmLabel: 'Leave',
  cancelLabel: 'Stay on it',
});

export const LEFT = 'You left the booking.';
export const LEAVE_FAILED = 'Could not leave this booking. Please try again.';

/** DELETE /api/bookings/:id/players/me; rejects with a message to show. */
export async function leaveBooking(bookingId: string): Promise<void> {
  try {
    await api<{ bookingId: string }>(`/api/bookings/${encodeURIComponent(bookingId)}/players/me`, { method: 'DELETE', timeoutMs: 15_000 });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new Error(customerReason(err) ?? LEAVE_FAILED);
  }
}

/**
 * The caller's share of a split booking, in a player's words: what to pay and by when (`payable`:
 * Pay your share is offered), or where it stands. Null when the organizer pays for everyone, or
 * for an unpaid share of a booking no longer on or past its due time (nothing to pay there).
 */
export function shareLine(p: PlayingBookingDto, now = Date.now()): { text: string; payable: boolean } | null {
  if (!p.share) return null;
  const amount = formatMoney(p.share.amount);
  switch (p.share.status) {
    case 'open': {
      const due = p.sharesDueAt ? Date.parse(p.sharesDueAt) : NaN;
      if (p.status !== 'confirmed' || !(due > now)) return null;
      return { text: `Your share: ${amount}, due by ${formatZoned(p.sharesDueAt, p.facility.timezone, { withDay: true })}`, payable: true };
    }
    case 'paid':
      return { text: `Share paid: ${amount}`, payable: false };
    case 'refunded':
      return { text: `Share refunded: ${amount} back to you`, payable: false };
    case 'covered':
      return { text: `Your share (${amount}) was charged to the organizer at the due time: settle it with them.`, payable: false };
    case 'owed':
      return { text: `Your share (${amount}) was not paid at the due time: settle it with the organizer.`, payable: false };
  }
}

export const SHARE_PAY_FAILED = 'Could not open the payment page for your share. Please try again.';

/** POST /api/bookings/:id/share/checkout: the page that takes the caller's share; rejects with the server's reason (paid already, due time passed...). */
export async function payShare(bookingId: string): Promise<string> {
  try {
    return (await api<ShareCheckoutDto>(`/api/bookings/${encodeURIComponent(bookingId)}/share/checkout`, { method: 'POST', timeoutMs: 15_000 })).data.payment_url;
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new Error(customerReason(err) ?? SHARE_PAY_FAILED);
  }
}
