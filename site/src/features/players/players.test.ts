import { describe, expect, it } from 'vitest';
import type { PlayerDto } from '@courtside/contracts';
import { aBooking } from '../../lib/test-bookings.ts';
import { RENEW_QUESTION, addBody, mayGatherPlayers, placesText, playerTags, playersLabel, removable, removeQuestion, startsAt } from './players.ts';

const player = (over: Partial<PlayerDto> = {}): PlayerDto => ({ id: 'p1', name: 'Sam K.', userId: 'u2', role: 'player', you: false, share: null, ...over });
// 2026-11-21 10:00 in New York is 15:00 UTC.
const start = Date.parse('2026-11-21T15:00:00Z');

describe("the organizer's players panel", () => {
  it('counts the organizer among the players on its button', () => {
    expect(playersLabel({ players: [player({ role: 'organizer' }), player()], maxPlayers: 4 })).toBe('Players (2/4)');
  });

  it('says how many places are left, or that it is full', () => {
    expect(placesText(2)).toBe('2 places left');
    expect(placesText(1)).toBe('1 place left');
    expect(placesText(0)).toBe('Full: no places left');
  });

  it('marks the organizer, the caller and a friend added by name; only the others can be removed', () => {
    const organizer = player({ role: 'organizer', you: true });
    expect(playerTags(organizer)).toEqual(['organizer', 'you']);
    expect(removable(organizer)).toBe(false);
    expect(playerTags(player())).toEqual([]);
    expect(playerTags(player({ userId: null, name: 'Grandpa Joe' }))).toEqual(['added by name']);
    expect(removable(player())).toBe(true);
  });

  it('asks before removing someone and before making a new link (which ends the old one)', () => {
    expect(removeQuestion(player()).title).toBe('Remove Sam K.?');
    expect(RENEW_QUESTION.message).toContain('current link stops working');
  });

  it('sends an address to invite or a name to add, trimmed', () => {
    expect(addBody('email', ' sam@example.com ')).toEqual({ email: 'sam@example.com' });
    expect(addBody('name', ' Grandpa Joe ')).toEqual({ name: 'Grandpa Joe' });
  });
});

describe('which bookings gather players', () => {
  it('reads the start on the facility clock', () => {
    expect(startsAt({ date: '2026-11-21', startTime: '10:00' }, 'America/New_York')).toBe(start);
  });

  it('a confirmed booking or a live hold, until it starts', () => {
    expect(mayGatherPlayers(aBooking(), start - 60_000)).toBe(true);
    expect(mayGatherPlayers(aBooking(), start)).toBe(false);
    const hold = aBooking({ status: 'pending', paymentStatus: 'unpaid', paidAmount: null, holdExpiresAt: '2026-11-21T14:00:00Z' });
    expect(mayGatherPlayers(hold, Date.parse('2026-11-21T13:50:00Z'))).toBe(true);
    // A hold that lapsed on the page's clock gathers no one.
    expect(mayGatherPlayers(hold, Date.parse('2026-11-21T14:01:00Z'))).toBe(false);
  });

  it('not a cancelled or expired one', () => {
    expect(mayGatherPlayers(aBooking({ status: 'cancelled' }), start - 60_000)).toBe(false);
    expect(mayGatherPlayers(aBooking({ status: 'expired', paymentStatus: 'unpaid' }), start - 60_000)).toBe(false);
  });
});
