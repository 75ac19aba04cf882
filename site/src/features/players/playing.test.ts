import { describe, expect, it } from 'vitest';
import type { PlayingBookingDto } from '@courtside/contracts';
import { leaveQuestion, mayLeave, playersCount, playingBadge, playingLabel } from './playing.ts';

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
