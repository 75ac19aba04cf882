import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, book, bookAndPay, createOrder, customer, facility, type Actor } from './support/actors.ts';

// 2027-03-01T15:00Z is Monday 10:00 in New York; the bookings below are on Wednesday 3 March.
const START = '2027-03-01T15:00:00Z';

/** What a person reads: the words of a page or message, without its links, tags and attributes (where ISO dates belong). */
const readable = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** The venue's LOCALE decides how the hosted payment page and every message write dates, times and zones. */
describe.each([
  { locale: 'en-US', day: 'Wednesday, March 3, 2027', times: '8:00 AM – 11:00 AM', paid: 'Wednesday, March 3, 2027, 1:00 PM – 3:00 PM (New York time)' },
  { locale: 'en-GB', day: /Wednesday,? 3 March 2027/, times: '08:00–11:00', paid: /Wednesday,? 3 March 2027, 13:00–15:00 \(New York time\)/ },
])('LOCALE=$locale', ({ locale, day, times, paid }) => {
  let t: TestApp;
  let casey: Actor;
  let court: { _id: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { LOCALE: locale }, clockStart: START });
    const staff = await admin(t.app);
    casey = await customer(t.app, 'Casey Customer');
    court = await facility(t.app, staff, { pricePerHour: 20, timezone: 'America/New_York' });
  });
  afterAll(() => t?.close());

  it('the payment page writes the booking day and times in the locale, never as ISO', async () => {
    const hold = await book(t.app, casey, court._id, '2027-03-03', '08:00', '11:00');
    const { paymentUrl } = await createOrder(t.app, casey, [hold._id], 60);
    const page = await t.app.inject({ url: paymentUrl });
    expect(page.statusCode, page.body).toBe(200);
    const text = readable(page.body);
    expect(text).toMatch(day);
    expect(text).toContain(times);
    expect(text).not.toMatch(ISO_DATE);
  });

  it("the customer's messages write dates, times and the zone the one way, never as ISO or a zone id", async () => {
    await bookAndPay(t.app, casey, court._id, '2027-03-03', '13:00', '15:00');
    const mail = await t.database.db.selectFrom('outbox_messages').select(['subject', 'text_body', 'html_body']).where('recipient', '=', casey.email).execute();
    const confirmed = mail.find((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmed?.text_body).toMatch(paid);
    for (const m of mail) {
      for (const body of [m.subject, m.text_body, m.html_body]) {
        expect(readable(body)).not.toMatch(ISO_DATE);
        expect(body).not.toContain('America/New_York');
      }
    }
  });
});
