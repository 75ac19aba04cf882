import { describe, expect, it } from 'vitest';
import { displayDateTime } from '@courtside/domain';
import type { JoinPreviewDto } from '@courtside/contracts';
import { ApiError } from '@courtside/browser';
import { JOIN_FAILED, LINK_GONE, PREVIEW_FAILED, refusalText, hasSession, shareText, invitedTo, joinAction, joinFailure, joinPath, onItText, organizedBy, placesLeftText, playWhen, previewFailure, signInToJoin } from './join.ts';

// The visitor's own zone: the times then carry no "(… time)" label.
const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
const preview = (over: Partial<JoinPreviewDto> = {}): JoinPreviewDto => ({
  bookingId: 'b1',
  facility: { id: 'f1', name: 'Padel 1', location: 'North hall', sport: 'padel', timezone: here },
  date: '2026-11-27',
  startTime: '18:00',
  endTime: '19:30',
  organizerFirstName: 'Sam',
  maxPlayers: 4,
  placesLeft: 2,
  joinable: true,
  share: null,
  you: null,
  ...over,
});

/** A token whose JWT payload expires at `exp` (seconds). */
const tokenExpiring = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;

describe('what the link shows', () => {
  it('says how many of the places are left, the organizer counted among them', () => {
    expect(placesLeftText(preview())).toBe('2 of 4 places left');
    expect(placesLeftText(preview({ placesLeft: 1 }))).toBe('1 of 4 places left');
    expect(placesLeftText(preview({ placesLeft: 0 }))).toBe('No places left: 4 of 4 taken');
  });

  it("says the share a joining player pays and by when, when the cost is split", () => {
    const dueAt = '2026-11-26T18:00:00Z';
    const dueText = displayDateTime(Date.parse(dueAt), here, 'en-US');
    expect(shareText(preview({ share: { amount: 10, dueAt } }))).toBe(`Your share: $10.00 (pay by ${dueText})`);
    expect(shareText(preview())).toBeNull();
    expect(shareText(preview({ share: { amount: 10, dueAt }, you: 'organizer' }))).toBeNull();
  });

  it('names the organizer by first name and the sport it is for', () => {
    expect(organizedBy('Sam')).toBe('Organized by Sam');
    expect(invitedTo('padel')).toBe("You're invited to play padel");
    expect(invitedTo('other')).toBe("You're invited to play a game");
    expect(invitedTo('curling')).toBe("You're invited to play a game");
  });

  it('writes the day and times as My bookings does', () => {
    expect(playWhen(preview())).toBe('Friday, November 27, 2026, 6:00 PM – 7:30 PM');
  });

  it('leads a signed-out visitor to the login page and back to the link', () => {
    expect(joinPath('abc_DEF-123')).toBe('/join/abc_DEF-123');
    expect(signInToJoin('abc_DEF-123')).toBe('/login?redirect=%2Fjoin%2Fabc_DEF-123');
  });

  it('reads a stored session as signed in only until its token expires', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(hasSession(null, now)).toBe(false);
    expect(hasSession(tokenExpiring(now / 1000 + 60), now)).toBe(true);
    expect(hasSession(tokenExpiring(now / 1000 - 60), now)).toBe(false);
  });
});

describe('what the page offers', () => {
  it('Join, at once when signed in, through the login page when not', () => {
    expect(joinAction(preview(), true)).toEqual({ kind: 'join', signedIn: true });
    expect(joinAction(preview(), false)).toEqual({ kind: 'join', signedIn: false });
  });

  it('no Join for someone already on it, whatever the places', () => {
    expect(joinAction(preview({ you: 'player', placesLeft: 0 }), true)).toEqual({ kind: 'on-it', role: 'player' });
    expect(joinAction(preview({ you: 'organizer', joinable: false }), true)).toEqual({ kind: 'on-it', role: 'organizer' });
    expect(onItText('player')).toBe("You're already playing in this booking.");
    expect(onItText('organizer')).toBe('This is your booking: you are its organizer.');
  });

  it('a sentence instead of Join for a booking that is over, cancelled or full', () => {
    expect(joinAction(preview({ joinable: false }), true)).toEqual({ kind: 'refused', code: 'NOT_JOINABLE' });
    expect(joinAction(preview({ placesLeft: 0 }), false)).toEqual({ kind: 'refused', code: 'BOOKING_FULL' });
  });
});

describe('the answers the page meets', () => {
  it('an unknown, renewed or unreadable link is a link that does not work', () => {
    expect(previewFailure(new ApiError(404, 'INVITE_NOT_FOUND', 'No such invitation.'))).toEqual({ kind: 'missing' });
    expect(previewFailure(new ApiError(400, 'VALIDATION_FAILED', 'token must match'))).toEqual({ kind: 'missing' });
    expect(previewFailure(new ApiError(500, 'INTERNAL', 'boom'))).toEqual({ kind: 'failed', message: PREVIEW_FAILED });
  });

  it("joining: a refusal in the server's words; what the link shows before, in the same (the domain's)", () => {
    expect(joinFailure(new ApiError(404, 'INVITE_NOT_FOUND', 'gone'))).toEqual({ kind: 'gone' });
    for (const code of ['BOOKING_FULL', 'NOT_JOINABLE'] as const) {
      expect(joinFailure(new ApiError(409, code, 'The server says why.'))).toEqual({ kind: 'failed', message: 'The server says why.' });
    }
    expect(refusalText('BOOKING_FULL', 4)).toBe('This booking is full: 4 players at most.');
    expect(refusalText('NOT_JOINABLE', 4)).toBe('This booking can no longer be joined: it was cancelled, its hold ran out, or it has started.');
    expect(LINK_GONE).toBe('This booking link does not work any more: ask its organizer for a new one.');
    expect(joinFailure(new ApiError(401, 'UNAUTHENTICATED', 'Sign in'))).toEqual({ kind: 'signed-out' });
    expect(joinFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'Wait a minute.'))).toEqual({ kind: 'failed', message: 'Wait a minute.' });
    expect(joinFailure(new Error('what'))).toEqual({ kind: 'failed', message: JOIN_FAILED });
  });
});
