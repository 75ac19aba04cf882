import { centsToDollars, toLocal } from '@courtside/domain';
import type { MailConfig } from '../config.ts';

/**
 * Every message Courtside sends, as plain text and HTML. Text from users (names, messages,
 * facility names) is always escaped in the HTML; the venue's name, address and contact come
 * from configuration and sign every message.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of the message, or a link shown as a button in HTML and a bare URL in text. */
type Block = string | { link: string; label: string };

export interface MailLayout {
  venue: MailConfig['venue'];
  publicBaseUrl: string;
}

export interface BookingFacts {
  facilityName: string;
  facilityLocation: string;
  timezone: string;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function render(layout: MailLayout, subject: string, greeting: string, blocks: Block[]): RenderedMail {
  const { venue } = layout;
  const footer = [venue.name, venue.address, venue.contact].filter(Boolean);
  const text = [greeting, ...blocks.map((b) => (typeof b === 'string' ? b : `${b.label}: ${b.link}`)), '--', ...footer].join('\n\n') + '\n';
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(b.link)}" style="background:#1d4ed8;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>`,
    ),
    `<hr><p style="color:#555;font-size:13px">${footer.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${subject} - ${venue.name}`, text, html };
}

const formatMoney = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;
const hello = (name: string) => `Hello ${name},`;
const myBookings = (layout: MailLayout): Block => ({ link: `${layout.publicBaseUrl}/dashboard/my-bookings`, label: 'My bookings' });

/** "Tuesday 2 March 2027, 10:00-11:00 (America/New_York)": the facility's own wall clock. */
export function bookingWhen(b: Pick<BookingFacts, 'startsAt' | 'endsAt' | 'timezone'>): string {
  const start = toLocal(b.startsAt, b.timezone);
  const end = toLocal(b.endsAt, b.timezone);
  // From parts: ICU versions differ on the comma after the weekday.
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: b.timezone }).formatToParts(b.startsAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
  const endText = end.date === start.date ? end.time : `${end.date} ${end.time}`;
  return `${day}, ${start.time}-${endText} (${b.timezone})`;
}

const bookingLines = (b: BookingFacts) => [`${b.facilityName}\n${bookingWhen(b)}${b.facilityLocation ? `\n${b.facilityLocation}` : ''}`];

export const templates = {
  welcome: (layout: MailLayout, name: string) =>
    render(layout, 'Welcome', hello(name), [
      `Your account at ${layout.venue.name} is ready. Book a court whenever you like; we will send you a confirmation and a reminder before each game.`,
      { link: `${layout.publicBaseUrl}/facility`, label: 'Book a court' },
    ]),

  passwordReset: (layout: MailLayout, name: string, token: string, minutes: number) =>
    render(layout, 'Reset your password', hello(name), [
      `Someone (we hope you) asked to reset the password of your account. The link works once, for ${minutes} minutes.`,
      { link: `${layout.publicBaseUrl}/reset-password?token=${encodeURIComponent(token)}`, label: 'Choose a new password' },
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ]),

  passwordChanged: (layout: MailLayout, name: string) =>
    render(layout, 'Your password was changed', hello(name), [
      'The password of your account was just changed, and every device signed in with the old one was signed out.',
      `If this was not you, reset your password now and tell us${layout.venue.contact ? ` (${layout.venue.contact})` : ''}.`,
      { link: `${layout.publicBaseUrl}/forgot-password`, label: 'Reset password' },
    ]),

  contactNotice: (layout: MailLayout, m: { name: string; email: string; subject: string; message: string }) =>
    render(layout, `New contact message: ${m.subject}`, 'Hello,', [
      `${m.name} <${m.email}> wrote through the contact form:`,
      `Subject: ${m.subject}\n\n${m.message}`,
      { link: `${layout.publicBaseUrl}/admin/`, label: 'Open the back office' },
    ]),

  bookingConfirmed: (layout: MailLayout, b: BookingFacts, amountCents: number) =>
    render(layout, `Booking confirmed: ${b.facilityName}`, hello(b.customerName), [
      'Your booking is confirmed:',
      ...bookingLines(b),
      ...(amountCents > 0 ? [`Paid: ${formatMoney(amountCents)}`] : []),
      'The attached calendar file adds it to your calendar.',
      myBookings(layout),
    ]),

  bookingCancelled: (layout: MailLayout, b: BookingFacts, refundCents: number) =>
    render(layout, `Booking cancelled: ${b.facilityName}`, hello(b.customerName), [
      'This booking is cancelled:',
      ...bookingLines(b),
      refundCents > 0 ? `${formatMoney(refundCents)} is refunded to the card you paid with.` : 'No refund is due for it.',
      myBookings(layout),
    ]),

  bookingReminder: (layout: MailLayout, b: BookingFacts) =>
    render(layout, `Reminder: ${b.facilityName}`, hello(b.customerName), [
      'A reminder of your booking:',
      ...bookingLines(b),
      myBookings(layout),
      'You can turn these reminders off in your profile.',
    ]),
};
