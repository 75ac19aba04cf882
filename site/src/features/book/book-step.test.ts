import { describe, expect, it } from 'vitest';
import { coveredSlots, goneHtml, ownBookingOf, priceOf, refusedHtml } from './book-step.ts';

const slot = (startTime: string, endTime: string, price?: number) => ({ startTime, endTime, price });
const day = [slot('17:00', '18:00', 20), slot('18:00', '19:00', 35.1), slot('19:00', '20:00', 35.1), slot('21:00', '22:00', 20)];
const choice = { facility: 'f1', date: '2026-11-21', start: '18:00', end: '19:00' };

describe('whether a choice is still free', () => {
  it('is the free slots it covers, back to back', () => {
    expect(coveredSlots(day, choice)).toEqual([day[1]]);
    expect(coveredSlots(day, { start: '17:00', end: '20:00' })).toEqual(day.slice(0, 3));
  });

  it('is null when any part is taken, off the grid or not back to back', () => {
    expect(coveredSlots(day, { start: '20:00', end: '21:00' })).toBeNull();
    expect(coveredSlots(day, { start: '19:00', end: '22:00' })).toBeNull();
    expect(coveredSlots(day, { start: '18:30', end: '19:00' })).toBeNull();
    expect(coveredSlots(day, { start: '18:00', end: '18:30' })).toBeNull();
    expect(coveredSlots([], choice)).toBeNull();
  });

  it('costs the sum of its slots, in cents', () => {
    expect(priceOf(day.slice(0, 3))).toBe(90.2);
    expect(priceOf([slot('18:00', '19:00')])).toBeUndefined();
  });
});

describe('a choice the server called taken', () => {
  const now = Date.parse('2026-11-21T15:00:00Z');
  const booking = (status: string, holdExpiresAt: string | null = null) => ({ facility: { _id: 'f1' }, date: '2026-11-21', startTime: '18:00', endTime: '19:00', status, holdExpiresAt });

  it("may be the customer's own: held (a reload, a second tap) or booked", () => {
    expect(ownBookingOf([booking('pending', '2026-11-21T15:10:00Z')], choice, now)).toBe('held');
    expect(ownBookingOf([booking('confirmed')], choice, now)).toBe('booked');
  });

  it('is not theirs when their hold lapsed, was cancelled, or is another slot', () => {
    expect(ownBookingOf([booking('pending', '2026-11-21T14:59:00Z'), booking('cancelled')], choice, now)).toBeNull();
    expect(ownBookingOf([{ ...booking('confirmed'), startTime: '19:00', endTime: '20:00' }], choice, now)).toBeNull();
    expect(ownBookingOf([{ ...booking('confirmed'), facility: { _id: 'f2' } }], choice, now)).toBeNull();
  });

  it('is said so, with the nearest free times of that day as chips and the ways on', () => {
    const links = { find: '/find?date=2026-11-21&sport=padel', facility: '/facilities/f1?date=2026-11-21#free-slots' };
    const html = goneHtml({ _id: 'f1', name: 'Centre Court' }, choice, day, links);
    expect(html).toContain('Sorry, 18:00–19:00 at Centre Court is no longer free.');
    // The other three free times; the one just taken is not offered again.
    expect(html.match(/class="slot-chip"/g)).toHaveLength(3);
    expect(html).not.toContain('Centre Court, 18:00 to 19:00');
    expect(html).toContain('aria-label="Centre Court, 17:00 to 18:00, $20.00"');
    expect(html).toContain('href="/find?date=2026-11-21&amp;sport=padel"');
    expect(goneHtml({ _id: 'f1', name: 'Centre Court' }, choice, [], links)).toContain('Nothing else is free at Centre Court that day.');
  });
});

describe('a refusal the customer can act on', () => {
  const links = { find: '/find?date=2026-11-21', facility: '/facilities/f1', myBookings: '/dashboard/userBookings' };
  it('offers no "Try again" that cannot work (a quota): My bookings leads', () => {
    const html = refusedHtml('You already have 2 upcoming bookings at Centre Court.', links);
    expect(html).not.toContain('Try again');
    expect(html).toMatch(/<a class="btn" href="\/dashboard\/userBookings">My bookings<\/a>/);
    expect(html).toContain('Find another court');
  });
  it('offers "Try again" only for a request that got no answer', () => {
    expect(refusedHtml('No answer came.', links, '/book?facility=f1')).toMatch(/<a class="btn" href="\/book\?facility=f1">Try again<\/a>/);
  });
});
