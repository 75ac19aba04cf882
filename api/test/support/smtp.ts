import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';

// The SMTP server the tests and the proofs share (a real one, on loopback, read with mailparser).
export { TestSmtp, addressesOf, startSmtp } from '../../../harness/smtp.ts';

/** The events of an iCalendar text, read by a real parser (ical.js): it throws on invalid text. */
export function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        sequence: e.sequence,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        summary: e.summary,
        location: e.location,
        status: v.getFirstPropertyValue('status'),
      };
    }),
  };
}

/** The .ics attached to a message, as text. */
export function icsOf(mail: ParsedMail): string {
  const ics = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!ics) throw new Error(`no calendar attachment in "${mail.subject}"`);
  return ics.content.toString('utf8');
}
