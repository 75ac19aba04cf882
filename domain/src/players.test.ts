import { describe, expect, it } from 'vitest';
import { SPORTS } from './sports.ts';
import { DEFAULT_MAX_PLAYERS, bookingFull, defaultMaxPlayers, firstName, isJoinable, parseMaxPlayers, placesLeft, playerShortName } from './players.ts';

describe('players', () => {
  it('every sport has a default number of players, as the issue lists them', () => {
    expect(SPORTS.map((s) => [s, defaultMaxPlayers(s)])).toEqual(SPORTS.map((s) => [s, DEFAULT_MAX_PLAYERS[s]]));
    expect([defaultMaxPlayers('padel'), defaultMaxPlayers('squash'), defaultMaxPlayers('volleyball'), defaultMaxPlayers('swimming')]).toEqual([4, 2, 12, 1]);
  });

  it('maxPlayers: a whole number from 1 to 30, or a refusal naming the field', () => {
    expect(parseMaxPlayers(1)).toBe(1);
    expect(parseMaxPlayers(30)).toBe(30);
    for (const bad of [0, 31, 2.5, Number.NaN]) {
      expect(() => parseMaxPlayers(bad)).toThrowError(expect.objectContaining({ code: 'OUT_OF_RANGE', path: 'maxPlayers' }));
    }
  });

  it('places left count the organizer and never go below zero', () => {
    expect(placesLeft(4, 0)).toBe(3);
    expect(placesLeft(4, 3)).toBe(0);
    expect(placesLeft(2, 5)).toBe(0);
    expect(placesLeft(1, 0)).toBe(0);
  });

  it('a full booking says how many may play', () => {
    expect([bookingFull(4).code, bookingFull(4).message]).toEqual(['BOOKING_FULL', 'This booking is full: 4 players at most.']);
    expect(bookingFull(1).message).toBe('This booking is full: 1 player at most.');
  });

  it('players see a first name and an initial, never a whole surname', () => {
    expect(playerShortName('Sam Kerr')).toBe('Sam K.');
    expect(playerShortName('  Ana María  de la Cruz ')).toBe('Ana C.');
    expect(playerShortName('Zoë')).toBe('Zoë');
    expect(playerShortName('li Ørsted')).toBe('li Ø.');
    expect(firstName('Sam Kerr')).toBe('Sam');
    expect(firstName('Prince')).toBe('Prince');
  });

  it('a booking may be joined while it holds its slot and has not started', () => {
    const startsAt = new Date('2027-03-02T18:00:00Z');
    const now = new Date('2027-03-02T12:00:00Z');
    const later = new Date('2027-03-02T12:30:00Z');
    expect(isJoinable({ status: 'confirmed', startsAt, holdExpiresAt: null }, now)).toBe(true);
    expect(isJoinable({ status: 'pending', startsAt, holdExpiresAt: later }, now)).toBe(true);
    expect(isJoinable({ status: 'pending', startsAt, holdExpiresAt: now }, now)).toBe(false);
    expect(isJoinable({ status: 'cancelled', startsAt, holdExpiresAt: null }, now)).toBe(false);
    expect(isJoinable({ status: 'expired', startsAt, holdExpiresAt: null }, now)).toBe(false);
    expect(isJoinable({ status: 'confirmed', startsAt, holdExpiresAt: null }, startsAt)).toBe(false);
  });
});
