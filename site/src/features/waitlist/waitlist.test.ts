import { afterEach, describe, expect, it } from 'vitest';
import type { WaitlistEntryDto } from '@courtside/contracts';
import { ApiError, setMoneyFormat } from '@courtside/browser';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import {
  freeNow,
  JOIN_FAILED,
  countdownAnnouncement,
  countdownText,
  entryTimes,
  entryWhat,
  freeByFacility,
  joinFailure,
  joinedOutcome,
  leaveQuestion,
  offerText,
  outcomeView,
  slotEntryBody,
  statusWords,
} from './waitlist.ts';

const entry = (over: Partial<WaitlistEntryDto> = {}): WaitlistEntryDto => ({
  id: 'w1',
  kind: 'slot',
  status: 'waiting',
  position: 1,
  sport: 'padel',
  facility: { id: 'f1', name: 'Padel 1' },
  date: '2026-11-21',
  startTime: '18:00',
  endTime: '19:00',
  minutes: 60,
  joinedAt: '2026-11-20T10:00:00Z',
  offer: null,
  ...over,
});
const offer = { bookingId: 'b1', expiresAt: '2026-11-21T15:20:00Z', facility: { id: 'f1', name: 'Padel 1' }, date: '2026-11-21', startTime: '18:00', endTime: '19:00', amount: 30 };
const now = Date.parse('2026-11-21T15:00:00Z');

describe('joining the waitlist', () => {
  it('asks for the slot in a booking request\'s shape', () => {
    expect(slotEntryBody('f1', '2026-11-21', '18:00', '19:00')).toEqual({ facilityId: 'f1', date: '2026-11-21', startTime: '18:00', endTime: '19:00' });
  });

  it('201 is a new place in line, 200 the one already held', () => {
    expect(joinedOutcome({ statusCode: 201, data: entry() })).toEqual({ kind: 'joined', entry: entry() });
    expect(joinedOutcome({ statusCode: 200, data: entry({ position: 3 }) })).toMatchObject({ kind: 'already' });
    expect(outcomeView({ kind: 'joined', entry: entry({ position: 2 }) })).toEqual({
      tone: 'ok',
      text: "You're on the waitlist (position 2). We'll email you if it frees up.",
      link: { href: '/dashboard/userBookings', text: 'My bookings' },
    });
    expect(outcomeView({ kind: 'already', entry: entry({ position: 3 }) }).text).toBe("You're already on the waitlist for this (position 3). We'll email you if it frees up.");
    expect(outcomeView({ kind: 'already', entry: entry({ status: 'offered', position: null, offer }) }).text).toMatch(/free for you now/);
  });

  it('SLOT_FREE offers the free slots instead', () => {
    const freeSlots = [
      { facilityId: 'f1', facilityName: 'Padel 1', date: '2026-11-21', startTime: '18:00', endTime: '19:00' },
      { facilityId: 'f2', facilityName: 'Padel 2', date: '2026-11-21', startTime: '19:00', endTime: '20:00' },
      { facilityId: 'f1', facilityName: 'Padel 1', date: '2026-11-21', startTime: '20:00', endTime: '21:00' },
    ];
    // The server's words name times on a 24-hour clock: the page's own lead to the chips instead.
    const outcome = joinFailure(new ApiError(409, 'SLOT_FREE', '3 slots are free for that: book one instead of waiting.', [], freeSlots));
    expect(outcome).toEqual({ kind: 'free', message: 'Good news: these are free right now. Book one instead of waiting:', slots: freeSlots });
    expect(outcomeView(outcome as Exclude<typeof outcome, { kind: 'signed-out' }>)).toMatchObject({ tone: 'warn', freeSlots });
    expect(freeByFacility(freeSlots).map((g) => [g.facility.name, g.slots.map((s) => s.startTime)])).toEqual([['Padel 1', ['18:00', '20:00']], ['Padel 2', ['19:00']]]);
    expect(joinFailure(new ApiError(409, 'SLOT_FREE', ''))).toEqual({ kind: 'free', message: freeNow(0), slots: [] });
    expect(freeNow(1)).toBe('Good news: it is free right now. Book it instead of waiting:');
  });

  it("other refusals say the server's reason; the limit leads to My bookings; a lost session says nothing", () => {
    expect(joinFailure(new ApiError(400, 'NO_SLOT_IN_WINDOW', 'No court fits 90 minutes between 18:00 and 19:00.'))).toEqual({ kind: 'refused', message: 'No court fits 90 minutes between 18:00 and 19:00.', myBookings: false });
    expect(joinFailure(new ApiError(409, 'WAITLIST_LIMIT_REACHED', 'You are already waiting for 10 times.'))).toEqual({ kind: 'refused', message: 'You are already waiting for 10 times.', myBookings: true });
    expect(joinFailure(new ApiError(500, 'INTERNAL', 'boom'))).toEqual({ kind: 'refused', message: JOIN_FAILED, myBookings: false });
    expect(joinFailure(new ApiError(401, 'UNAUTHENTICATED', 'Please log in.'))).toEqual({ kind: 'signed-out' });
    expect(outcomeView({ kind: 'refused', message: 'Too many.', myBookings: true })).toMatchObject({ tone: 'error', link: { href: '/dashboard/userBookings' } });
  });
});

describe('an entry in My bookings', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('says what and when: the facility and its slot, or any court of the sport in a window', () => {
    expect(entryWhat(entry())).toBe('Padel 1');
    expect(entryTimes(entry())).toBe('6:00 PM – 7:00 PM');
    const window = entry({ kind: 'window', facility: null, startTime: '17:00', endTime: '21:00', minutes: 90 });
    expect(entryWhat(window)).toBe('Any padel court');
    expect(entryTimes(window)).toBe('between 5:00 PM and 9:00 PM');
    expect(entryTimes({ ...window, endTime: '24:00' })).toBe('between 5:00 PM and midnight');
  });

  it('says its status in words, with the place in line while waiting', () => {
    expect(statusWords(entry({ position: 2 }), now)).toEqual({ label: 'Waiting: number 2 in line', tone: 'info' });
    expect(statusWords(entry({ status: 'offered', position: null, offer }), now)).toEqual({ label: 'A court is free for you', tone: 'warn' });
    // The page sat open past the deadline: the offer is gone, whatever the list said.
    expect(statusWords(entry({ status: 'offered', position: null, offer }), Date.parse(offer.expiresAt))).toMatchObject({ label: 'Offer lapsed' });
    expect(statusWords(entry({ status: 'booked', position: null }), now).label).toBe('Booked');
    expect(statusWords(entry({ status: 'expired', position: null }), now).label).toMatch(/^Expired/);
    expect(statusWords(entry({ status: 'left', position: null }), now).label).toBe('Left the waitlist');
  });

  it("states the offer with the API's amount, in the venue's money", () => {
    expect(offerText(offer, 'America/New_York', 'America/New_York')).toBe('A court is free for you: Padel 1, Saturday, November 21, 2026 6:00 PM – 7:00 PM, $30.00. Pay before 10:20 AM');
    // The deadline on the facility's clock, named when the visitor's differs (as "Held until" is); no zone known: the visitor's.
    expect(offerText(offer, 'America/New_York', 'Europe/London')).toMatch(/Pay before 10:20 AM \(.+\)$/);
    expect(offerText(offer, undefined, 'Europe/London')).toMatch(/Pay before 3:20 PM$/);
    setMoneyFormat({ currency: 'EUR', locale: 'de-DE' });
    expect(offerText({ ...offer, amount: 27.5 }, 'Europe/Berlin', 'Europe/Berlin')).toContain('27,50\u00a0€. Pay before 16:20');
  });

  it('asks before leaving, or before declining an offer', () => {
    expect(leaveQuestion(entry())).toMatchObject({ title: 'Leave the waitlist?', confirmLabel: 'Leave' });
    expect(leaveQuestion(entry({ status: 'offered', offer })).message).toMatch(/goes to the next person waiting/);
  });
});

describe('the countdown to pay', () => {
  it('shows minutes and seconds, never below zero', () => {
    expect(countdownText(20 * 60_000)).toBe('20:00');
    expect(countdownText(65_400)).toBe('01:06');
    expect(countdownText(999)).toBe('00:01');
    expect(countdownText(-5_000)).toBe('00:00');
  });

  it('tells screen readers at most once a minute', () => {
    expect(countdownAnnouncement(14 * 60_000 + 59_000)).toBe('14 minutes left to pay.');
    expect(countdownAnnouncement(14 * 60_000 + 1_000)).toBe('14 minutes left to pay.');
    expect(countdownAnnouncement(61_000)).toBe('1 minute left to pay.');
    expect(countdownAnnouncement(59_000)).toBe('Less than a minute left to pay.');
    expect(countdownAnnouncement(0)).toBe('The offer has lapsed.');
  });
});
