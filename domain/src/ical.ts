/**
 * iCalendar (RFC 5545) text for bookings: one event per booking, a whole feed or a single
 * attachment. Times are UTC instants, so every calendar shows them in its own zone correctly
 * across daylight-saving changes. Pure: the caller gives "now" (DTSTAMP) and every field.
 */

export interface CalendarEvent {
  /** Stable per booking: an update or a cancellation replaces the event with this UID. */
  uid: string;
  /** Grows with each change of the booking, so calendars take the newest copy. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  cancelled?: boolean;
}

export interface CalendarOptions {
  /** When the text is produced (DTSTAMP). */
  stamp: Date;
  /** The calendar's display name (a feed). */
  name?: string;
}

const PRODUCT_ID = '-//Courtside//Bookings//EN';
const MAX_LINE_OCTETS = 75;

/** A calendar with METHOD:PUBLISH: a copy of events, not an invitation that asks for an answer. */
export function buildCalendar(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.name !== undefined) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  for (const event of events) lines.push(...eventLines(event, options.stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

function eventLines(e: CalendarEvent, stamp: Date): string[] {
  if (!(e.end.getTime() > e.start.getTime())) throw new RangeError(`event ${e.uid} ends before it starts`);
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `SEQUENCE:${Math.max(0, Math.floor(e.sequence))}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `DTSTART:${utcStamp(e.start)}`,
    `DTEND:${utcStamp(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url.replace(/[\r\n]/g, '')}`] : []),
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** 20270314T150000Z */
export function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** TEXT values: backslash, semicolon and comma escaped, newlines as \n, other controls dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/**
 * Lines longer than 75 octets continue on the next line after CRLF and one space; a UTF-8
 * character is never split across the break.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
