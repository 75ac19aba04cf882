import { describe, expect, it } from 'vitest';
import type { BookingPlayersDto, PlayerDto } from '@courtside/contracts';
import { placesText, playerRole, removable } from './players.ts';

const organizer: PlayerDto = { id: 'u1', name: 'Casey Customer', userId: 'u1', role: 'organizer', you: false, share: null };
const joined: PlayerDto = { id: 'p1', name: 'Sam Kerr', userId: 'u2', role: 'player', you: false, share: null };
const friend: PlayerDto = { id: 'p2', name: 'Ana', userId: null, role: 'player', you: false, share: null };

const answer = (players: PlayerDto[], maxPlayers: number, joinable = true): BookingPlayersDto => ({
  bookingId: 'b1',
  maxPlayers,
  placesLeft: Math.max(0, maxPlayers - players.length),
  inviteUrl: 'https://courts.example/join/abc',
  joinable,
  players,
  split: null,
  invited: [],
});

describe("a booking's players, as staff read them", () => {
  it('tells the organizer, a player with an account and a friend without one apart', () => {
    expect([organizer, joined, friend].map(playerRole)).toEqual(['Organizer', 'Player', 'Friend, no account']);
  });

  it('offers to remove anyone but the organizer, while the booking may be joined', () => {
    expect([organizer, joined, friend].map((p) => removable(p, { joinable: true }))).toEqual([false, true, true]);
    expect([organizer, joined, friend].map((p) => removable(p, { joinable: false }))).toEqual([false, false, false]);
  });

  it('counts the places from the answer, the organizer included', () => {
    expect(placesText(answer([organizer], 4))).toBe('1 of 4 players · 3 places left');
    expect(placesText(answer([organizer, joined], 3))).toBe('2 of 3 players · 1 place left');
    expect(placesText(answer([organizer, joined], 2))).toBe('2 of 2 players · full');
    expect(placesText(answer([organizer], 1))).toBe('1 of 1 player · full');
    expect(placesText(answer([organizer, joined], 4, false))).toBe('2 of 4 players · nobody can join now (the booking is cancelled, lapsed or started)');
  });
});
