import { describe, expect, it } from 'vitest';
import { fromLocal } from './clock.ts';
import { buildCalendar, escapeText, foldLine, utcStamp, type CalendarEvent } from './ical.ts';

const stamp = new Date('2027-03-01T12:00:00Z');
const NEW_YORK = 'America/New_York';

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'booking-1@courtside',
  sequence: 3,
  start: new Date('2027-03-02T15:00:00Z'),
  end: new Date('2027-03-02T16:00:00Z'),
  summary: 'Court 1',
  ...overrides,
});

/** Undoes folding and splits into content lines, as a calendar program reads them. */
const contentLines = (text: string) => text.replace(/\r\n /g, '').split('\r\n').filter((l) => l !== '');
const valueOf = (text: string, name: string) => contentLines(text).find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

describe('buildCalendar', () => {
  it('publishes events with a stable UID, SEQUENCE, UTC times and CRLF lines', () => {
    const text = buildCalendar([event({ location: 'Main St 1', url: 'http://localhost:3000/dashboard/my-bookings' })], { stamp });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = contentLines(text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('VERSION:2.0');
    expect(valueOf(text, 'UID')).toBe('booking-1@courtside');
    expect(valueOf(text, 'SEQUENCE')).toBe('3');
    expect(valueOf(text, 'DTSTAMP')).toBe('20270301T120000Z');
    expect(valueOf(text, 'DTSTART')).toBe('20270302T150000Z');
    expect(valueOf(text, 'DTEND')).toBe('20270302T160000Z');
    expect(valueOf(text, 'STATUS')).toBe('CONFIRMED');
    expect(valueOf(text, 'LOCATION')).toBe('Main St 1');
    expect(valueOf(text, 'URL')).toBe('http://localhost:3000/dashboard/my-bookings');
  });

  it('marks a cancelled booking STATUS:CANCELLED under the same UID', () => {
    const text = buildCalendar([event({ cancelled: true, sequence: 4 })], { stamp });
    expect(valueOf(text, 'STATUS')).toBe('CANCELLED');
    expect(valueOf(text, 'UID')).toBe('booking-1@courtside');
    expect(valueOf(text, 'SEQUENCE')).toBe('4');
  });

  it('holds a whole feed, named, with one VEVENT per booking (and none when empty)', () => {
    const feed = buildCalendar([event(), event({ uid: 'booking-2@courtside' })], { stamp, name: 'Courtside, my bookings' });
    expect(contentLines(feed).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(valueOf(feed, 'X-WR-CALNAME')).toBe('Courtside\\, my bookings');
    expect(contentLines(buildCalendar([], { stamp })).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(0);
  });

  it('refuses an event that ends before it starts', () => {
    expect(() => buildCalendar([event({ end: new Date('2027-03-02T15:00:00Z') })], { stamp })).toThrow(RangeError);
  });

  it('keeps the real length of a booking across the spring daylight-saving change', () => {
    // 14 March 2027: New York moves from EST (-5) to EDT (-4) at 02:00.
    const before = { start: fromLocal({ year: 2027, month: 3, day: 13 }, 10 * 60, NEW_YORK), end: fromLocal({ year: 2027, month: 3, day: 13 }, 11 * 60, NEW_YORK) };
    const after = { start: fromLocal({ year: 2027, month: 3, day: 14 }, 10 * 60, NEW_YORK), end: fromLocal({ year: 2027, month: 3, day: 14 }, 11 * 60, NEW_YORK) };
    const across = { start: fromLocal({ year: 2027, month: 3, day: 14 }, 60, NEW_YORK), end: fromLocal({ year: 2027, month: 3, day: 14 }, 4 * 60, NEW_YORK) };
    const text = buildCalendar([event({ uid: 'a', ...before }), event({ uid: 'b', ...after }), event({ uid: 'c', ...across })], { stamp });
    const starts = contentLines(text).filter((l) => l.startsWith('DTSTART:'));
    const ends = contentLines(text).filter((l) => l.startsWith('DTEND:'));
    expect(starts).toEqual(['DTSTART:20270313T150000Z', 'DTSTART:20270314T140000Z', 'DTSTART:20270314T060000Z']);
    // 01:00 EST to 04:00 EDT is two hours of play, not three.
    expect(ends).toEqual(['DTEND:20270313T160000Z', 'DTEND:20270314T150000Z', 'DTEND:20270314T080000Z']);
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines, and drops other control characters but tab', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('bell\u0007 tab\tnul\u0000')).toBe('bell tab\tnul');
  });

  it('keeps user text from adding properties or events', () => {
    const text = buildCalendar([event({ summary: 'Court\r\nEND:VEVENT\r\nBEGIN:VEVENT' })], { stamp });
    expect(contentLines(text).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(valueOf(text, 'SUMMARY')).toBe('Court\\nEND:VEVENT\\nBEGIN:VEVENT');
  });
});

describe('foldLine', () => {
  const octets = (s: string) => new TextEncoder().encode(s).length;

  it('leaves a line of 75 octets alone and folds a longer one at 75', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    const folded = foldLine('x'.repeat(200)).split('\r\n');
    expect(folded.map(octets)).toEqual([75, 75, 1 + 200 - 75 - 74]);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
  });

  it('never splits a multi-byte character and unfolds back to the same text', () => {
    const line = `SUMMARY:${'Éé€😀'.repeat(20)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('utcStamp', () => {
  it('writes the instant in UTC basic format', () => {
    expect(utcStamp(new Date('2027-11-07T06:30:15.123Z'))).toBe('20271107T063015Z');
  });
});
