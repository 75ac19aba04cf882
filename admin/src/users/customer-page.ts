/** "YYYY-MM-DD HH:MM" of an instant in an IANA zone (what a booking's date and times are written in). */
export function localStamp(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export interface Dated {
  date: string;
  startTime: string;
  endTime: string;
  facility: { timezone: string };
}

/**
 * A customer's bookings split into those still to end (soonest first) and those over (latest
 * first), each judged in its facility's zone.
 */
export function splitBookings<B extends Dated>(bookings: B[], now: Date): { upcoming: B[]; past: B[] } {
  const key = (b: B) => `${b.date} ${b.startTime}`;
  const upcoming = bookings.filter((b) => `${b.date} ${b.endTime}` > localStamp(now, b.facility.timezone)).sort((a, b) => key(a).localeCompare(key(b)));
  const past = bookings.filter((b) => !upcoming.includes(b)).sort((a, b) => key(b).localeCompare(key(a)));
  return { upcoming, past };
}

/** The desk's new-customer form: without "Set a password now" it is a customer with no password. */
export function newCustomerRequest(data: Record<string, unknown>): { url: string; body: Record<string, unknown> } | null {
  if (data.withPassword) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const email = text(data.email);
  const phone = text(data.phone);
  return { url: '/api/admin/customers', body: { name: text(data.name), ...(email ? { email } : {}), ...(phone ? { phone } : {}) } };
}

/** What the desk is told once the customer is made. */
export const customerCreatedText = (emailed: boolean) => `Customer created${emailed ? ', and emailed a link to choose a password' : ''}`;
