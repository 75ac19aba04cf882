import { describe, expect, it } from 'vitest';
import { displayDateTime } from '@courtside/domain';
import type { PlayingBookingDto } from '@courtside/contracts';
import { leaveQuestion, mayLeave, playersCount, playingBadge, playingLabel, shareLine } from './playing.ts';

// The visitor's own zone: the times then carry no "(… time)" label.
const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
const playing = (over: Partial<PlayingBookingDto> = {}): PlayingBookingDto => ({
  bookingId: 'b1',
  playerId: 'p1',
  facility: { id: 'f1', name: 'Padel 1', location: 'North hall', timezone: 'America/New_York' },
  date: '2026-11-21',
  startTime: '10:00',
  endTime: '11:00',
  status: 'confirmed',
  organizerName: 'Sam K.',
  players: 3,
  maxPlayers: 4,
  share: null,
  sharesDueAt: null,
  accessCode: null,
  accessOpensAt: null,
  ...over,
});
// 2026-11-21 10:00 in New York.
const start = Date.parse('2026-11-21T15:00:00Z');

describe('the bookings one plays in', () => {
  it('counts the players, the organizer among them', () => {
    expect(playersCount(playing())).toBe('3 of 4 players');
    expect(playersCount(playing({ players: 1, maxPlayers: 1 }))).toBe('1 of 1 player');
  });

  it('may be left until they start, unless they are off already', () => {
    expect(mayLeave(playing(), start - 1)).toBe(true);
    expect(mayLeave(playing({ status: 'pending' }), start - 1)).toBe(true);
    expect(mayLeave(playing(), start)).toBe(false);
    expect(mayLeave(playing({ status: 'cancelled' }), start - 1)).toBe(false);
  });

  it('says where each stands in a player words', () => {
    expect(playingBadge(playing(), start - 1)).toEqual({ label: 'Confirmed', tone: 'ok' });
    expect(playingBadge(playing({ status: 'pending' }), start - 1)).toMatchObject({ label: 'Held', detail: 'The organizer has not paid yet.' });
    expect(playingBadge(playing(), start + 1)).toEqual({ label: 'Played', tone: 'neutral' });
    expect(playingBadge(playing({ status: 'cancelled' }), start - 1)).toEqual({ label: 'Cancelled', tone: 'bad' });
    expect(playingBadge(playing({ status: 'expired' }), start - 1).label).toBe('Not paid in time');
  });

  it('names the booking and its organizer when asking before leaving', () => {
    const p = playing({ facility: { id: 'f1', name: 'Padel 1', location: '', timezone: here } });
    expect(playingLabel(p)).toBe('Padel 1 on Saturday, November 21, 2026, 10:00 AM – 11:00 AM');
    expect(leaveQuestion(p).message).toBe('Padel 1 on Saturday, November 21, 2026, 10:00 AM – 11:00 AM (organized by Sam K.). Your place goes back to the organizer.');
  });
});

describe("the player's share of a split booking", () => {
  const p = (share: PlayingBookingDto['share'], over: Partial<PlayingBookingDto> = {}) =>
    playing({ share, sharesDueAt: '2026-11-20T15:00:00Z', facility: { id: 'f1', name: 'Padel 1', location: '', timezone: here }, ...over });
  const due = Date.parse('2026-11-20T15:00:00Z');
  const dueText = displayDateTime(due, here, 'en-US');

  it('open: what to pay and by when, with Pay your share', () => {
    expect(shareLine(p({ amount: 10, status: 'open' }), due - 1)).toEqual({ text: `Your share: $10.00, due by ${dueText}`, payable: true });
  });

  it('nothing to pay past the due time, or on a booking no longer on', () => {
    expect(shareLine(p({ amount: 10, status: 'open' }), due)).toBeNull();
    expect(shareLine(p({ amount: 10, status: 'open' }, { status: 'cancelled' }), due - 1)).toBeNull();
    expect(shareLine(playing(), due - 1)).toBeNull();
  });

  it('paid, refunded, covered or owed, said plainly', () => {
    expect(shareLine(p({ amount: 10, status: 'paid' }), due - 1)).toEqual({ text: 'Share paid: $10.00', payable: false });
    expect(shareLine(p({ amount: 10, status: 'refunded' }, { status: 'cancelled' }), due - 1)).toEqual({ text: 'Share refunded: $10.00 back to you', payable: false });
    expect(shareLine(p({ amount: 10, status: 'covered' }), due + 1)?.text).toBe('Your share ($10.00) was charged to the organizer at the due time: settle it with them.');
    expect(shareLine(p({ amount: 10, status: 'owed' }), due + 1)?.text).toBe('Your share ($10.00) was not paid at the due time: settle it with the organizer.');
  });
});
