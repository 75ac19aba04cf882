import { describe, expect, it } from 'vitest';
import { ago, atText, offerText, removable, statusChoices, statusLook, waitingWarning, whatText, whenText } from './waitlist-text.ts';

const NY = 'America/New_York';
// 2026-11-27 15:00 in New York.
const NOW = Date.parse('2026-11-27T20:00:00.000Z');

describe('waitlist text', () => {
  it('names what an entry waits for: its facility, or any court of its sport', () => {
    expect(whatText({ facility: { id: 'f1', name: 'Court 1' }, sport: 'tennis' })).toBe('Court 1');
    expect(whatText({ facility: null, sport: 'padel' })).toBe('Any padel court');
  });

  it("writes a slot's times, and a window as the span the booking must fit in", () => {
    expect(whenText({ kind: 'slot', startTime: '18:00', endTime: '19:30' })).toBe('6:00 PM – 7:30 PM');
    expect(whenText({ kind: 'window', startTime: '18:00', endTime: '21:00' })).toBe('Between 6:00 PM and 9:00 PM');
  });

  it('offers "active" first in the status filter, and colours each status', () => {
    expect(statusChoices.map((c) => c.id)).toEqual(['active', 'waiting', 'offered', 'booked', 'expired', 'left']);
    expect(statusLook('offered')).toEqual({ label: 'Offered', color: 'warning' });
    expect(statusLook('someday')).toEqual({ label: 'someday', color: 'default' });
  });

  it('lets staff remove only entries still in the line', () => {
    expect(removable({ status: 'waiting' })).toBe(true);
    expect(removable({ status: 'offered' })).toBe(true);
    expect(removable({ status: 'left' })).toBe(false);
    expect(removable({ status: 'booked' })).toBe(false);
  });

  it('says how long ago someone joined', () => {
    expect(ago('2026-11-27T19:59:30.000Z', NOW, 'en-US')).toBe('just now');
    expect(ago('2026-11-27T19:55:00.000Z', NOW, 'en-US')).toBe('5 minutes ago');
    expect(ago('2026-11-27T17:10:00.000Z', NOW, 'en-US')).toBe('2 hours ago');
    expect(ago('2026-11-26T12:00:00.000Z', NOW, 'en-US')).toBe('yesterday');
    expect(ago('2026-11-20T12:00:00.000Z', NOW, 'en-US')).toBe('7 days ago');
  });

  it('gives an instant as a time today, with its date on another day', () => {
    expect(atText('2026-11-27T19:02:00.000Z', NOW, NY)).toBe('2:02 PM');
    expect(atText('2026-11-25T19:02:00.000Z', NOW, NY)).toMatch(/^Nov 25, 2:02 PM$/);
  });

  it("says until when an offer holds, and for a window where it was offered", () => {
    const offer = { bookingId: 'b1', expiresAt: '2026-11-27T20:20:00.000Z', facility: { id: 'f2', name: 'Padel 2' }, date: '2026-11-28', startTime: '19:00', endTime: '20:30', amount: 30 };
    expect(offerText({ kind: 'slot', offer }, NOW, NY)).toBe('Until 3:20 PM');
    expect(offerText({ kind: 'window', offer }, NOW, NY)).toBe('Until 3:20 PM · Padel 2, 7:00 PM – 8:30 PM');
    expect(offerText({ kind: 'slot', offer: null }, NOW, NY)).toBe('');
  });

  it('warns the desk by name, in queue order', () => {
    const ana = { customer: { id: 'u1', name: 'Ana Lopez' }, joinedAt: '2026-11-27T19:02:00.000Z' };
    const ben = { customer: { id: 'u2', name: 'Ben Ode' }, joinedAt: '2026-11-27T19:10:00.000Z' };
    expect(waitingWarning([], NOW, NY)).toBe('');
    expect(waitingWarning([ana, ben], NOW, NY)).toBe(
      '2 customers are waiting for this time: Ana Lopez (since 2:02 PM), Ben Ode (since 2:10 PM). Booking it here takes it from them.',
    );
    expect(waitingWarning([ben], NOW, NY)).toBe('1 customer is waiting for this time: Ben Ode (since 2:10 PM). Booking it here takes it from them.');
  });
});
