import type { AddPlayerBody, BookingDto, BookingPlayersDto, PlayerDto, ShareDto, SplitDto } from '@courtside/contracts';
import { fromLocal, isJoinable, parseDate, parseTime, type ShareStatus } from '@courtside/domain';
import { customerReason, formatMoney, isAbort } from '@courtside/browser';
import { api } from '../../lib/api.ts';
import { formatZoned } from '../../lib/zoned-time.ts';
import type { Badge } from '../dashboard/badges.ts';

/**
 * The organizer's players panel in My bookings: who plays, the link to share, inviting by email,
 * adding a friend by name, removing someone. Pure words and requests; PlayersPanel renders them.
 */

/** When a booking starts, as an instant: its date and start time on its facility's clock. */
export function startsAt(b: { date: string; startTime: string }, timeZone: string): number {
  return fromLocal(parseDate(b.date), parseTime(b.startTime), timeZone).getTime();
}

/** The organizer may gather players while players may join: the server's rule (a confirmed booking or a live hold, not started). */
export function mayGatherPlayers(b: BookingDto, now = Date.now()): boolean {
  const holdExpiresAt = b.holdExpiresAt ? new Date(b.holdExpiresAt) : null;
  return isJoinable({ status: b.status, startsAt: new Date(startsAt(b, b.facility.timezone)), holdExpiresAt }, new Date(now));
}

/** "Players (2/4)": the organizer counted. */
export const playersLabel = (p: { count: number; max: number }): string => `Players (${p.count}/${p.max})`;

/** "2 places left" / "Full". */
export const placesText = (placesLeft: number): string => (placesLeft === 0 ? 'Full: no places left' : `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`);

/**
 * Whether My bookings offers the booking's players: while players may join, and afterwards for
 * a booking paid at a facility for several (its list then says who paid what, and what went back).
 */
export function listsPlayers(b: BookingDto, now = Date.now()): boolean {
  return mayGatherPlayers(b, now) || (b.players.max > 1 && b.paidAmount !== null);
}

/** Each share's status as its organizer reads it, with its amount ("Paid $10.00"). */
const SHARE_FOR_ORGANIZER: Record<ShareStatus, Pick<Badge, 'label' | 'tone'>> = {
  paid: { label: 'Paid', tone: 'ok' },
  open: { label: 'Unpaid', tone: 'warn' },
  covered: { label: 'Covered by you', tone: 'info' },
  owed: { label: 'Owed', tone: 'bad' },
  refunded: { label: 'Refunded', tone: 'info' },
};

export function shareBadge(share: ShareDto): Badge {
  const { label, tone } = SHARE_FOR_ORGANIZER[share.status];
  return { label: `${label} ${formatMoney(share.amount)}`, tone };
}

/**
 * What the organizer reads of a split booking: how many shares are paid, what is still unpaid
 * and when their card is charged for it (on the facility's clock, as the booking's times), what
 * it was charged; `owed` when that charge was declined. A cancelled booking's shares all went back.
 */
export function splitSummary(split: SplitDto, booking: { timeZone: string; cancelled: boolean }): { summary: string; owed: string | null } {
  const ways = `Split ${split.shares} ways`;
  if (booking.cancelled) return { summary: `${ways}. The booking was cancelled: every share paid went back to whoever paid it.`, owed: null };
  const parts = [`${ways}: ${split.paid} of ${split.shares} shares paid.`];
  if (split.openAmount > 0) parts.push(`${formatMoney(split.openAmount)} unpaid, charged to your card on ${formatZoned(split.dueAt, booking.timeZone, { withDay: true })}.`);
  if (split.coveredAmount > 0) parts.push(`${formatMoney(split.coveredAmount)} of unpaid shares was charged to your card.`);
  return {
    summary: parts.join(' '),
    owed: split.owedAmount > 0 ? `Your card was declined: you owe ${formatMoney(split.owedAmount)}; please pay at the desk.` : null,
  };
}

/** What marks a player in the list: the organizer, the caller ("you"), a friend added by name. */
export function playerTags(p: Pick<PlayerDto, 'role' | 'you' | 'userId'>): string[] {
  const tags: string[] = [];
  if (p.role === 'organizer') tags.push('organizer');
  if (p.you) tags.push('you');
  if (p.role !== 'organizer' && p.userId === null) tags.push('added by name');
  return tags;
}

/** Only the others can be removed; the organizer stays. */
export const removable = (p: Pick<PlayerDto, 'role'>): boolean => p.role !== 'organizer';

export const removeQuestion = (p: Pick<PlayerDto, 'name'>) => ({
  title: `Remove ${p.name}?`,
  message: `${p.name} will no longer be on this booking. You can invite them again while there is a place.`,
  confirmLabel: 'Remove',
  cancelLabel: 'Keep them',
});

export const RENEW_QUESTION = {
  title: 'Make a new link?',
  message: 'The current link stops working: anyone who has it and has not joined yet will need the new one. Players already on the booking stay.',
  confirmLabel: 'Make a new link',
  cancelLabel: 'Keep this link',
};

/** What the panel says after each change went through. */
export const DONE = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  added: (name: string) => `${name} added.`,
  removed: (name: string) => `${name} removed.`,
  renewed: 'New link made. The old one no longer works.',
  copied: 'Link copied.',
} as const;

/** The body of the two forms: an address to invite, or a friend's name as the organizer typed it. */
export function addBody(kind: 'email' | 'name', value: string): AddPlayerBody {
  const text = value.trim();
  return kind === 'email' ? { email: text } : { name: text };
}

const FAILED = {
  load: 'Could not load the players.',
  add: 'Could not add this player. Please try again.',
  remove: 'Could not remove this player. Please try again.',
  renew: 'Could not make a new link. Please try again.',
} as const;

const playersPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/players`;

/** Calls one players route; a refusal rejects with the server's reason (BOOKING_FULL, NOT_JOINABLE...) or `fallback`. */
async function playersCall(path: string, fallback: string, options: Parameters<typeof api>[1] = {}): Promise<BookingPlayersDto> {
  try {
    return (await api<BookingPlayersDto>(path, { timeoutMs: 15_000, ...options })).data;
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new Error(customerReason(err) ?? fallback);
  }
}

export const fetchPlayers = (bookingId: string, signal?: AbortSignal) => playersCall(playersPath(bookingId), FAILED.load, { signal });

export const addPlayer = (bookingId: string, body: AddPlayerBody) => playersCall(playersPath(bookingId), FAILED.add, { method: 'POST', body });

export const removePlayer = (bookingId: string, playerId: string) =>
  playersCall(`${playersPath(bookingId)}/${encodeURIComponent(playerId)}`, FAILED.remove, { method: 'DELETE' });

export const renewLink = (bookingId: string) => playersCall(`${playersPath(bookingId)}/link`, FAILED.renew, { method: 'POST' });
