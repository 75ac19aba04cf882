import { describe, expect, it } from 'vitest';
import { goneHtml, refusedByRuleHtml } from './step.ts';

const slot = (startTime: string, endTime: string, price?: number) => ({ startTime, endTime, price });
const day = [slot('17:00', '18:00', 20), slot('18:00', '19:00', 35.1), slot('19:00', '20:00', 35.1), slot('21:00', '22:00', 20)];
const choice = { facility: 'f1', date: '2026-11-21', start: '18:00', end: '19:00' };

describe('a choice taken in the meantime', () => {
  it('is said so, with the nearest free times of that day as chips and the ways on', () => {
    const links = { find: '/find?date=2026-11-21&sport=padel', facility: '/facilities/f1?date=2026-11-21#free-slots' };
    const html = goneHtml({ _id: 'f1', name: 'Centre Court' }, choice, day, links);
    expect(html).toContain('Sorry, 6:00 PM – 7:00 PM at Centre Court is no longer free.');
    // The other three free times; the one just taken is not offered again.
    expect(html.match(/class="slot-chip"/g)).toHaveLength(3);
    expect(html).not.toContain('Centre Court, 6:00 PM to 7:00 PM');
    expect(html).toContain('aria-label="Centre Court, 5:00 PM to 6:00 PM, $20.00"');
    expect(html).toContain('href="/find?date=2026-11-21&amp;sport=padel"');
    expect(goneHtml({ _id: 'f1', name: 'Centre Court' }, choice, [], links)).toContain('Nothing else is free at Centre Court that day.');
  });
});

describe('a choice the facility\'s rules refuse', () => {
  it('says the rule, and where to look instead', () => {
    const links = { find: '/find?date=2026-11-21', facility: '/facilities/f1' };
    const html = refusedByRuleHtml({ _id: 'f1', name: 'Centre <Court>' }, 'Bookings for Centre Court open 14 days ahead.', links);
    expect(html).toContain('<strong>This slot cannot be booked.</strong> Bookings for Centre Court open 14 days ahead.');
    expect(html).toContain('Other days at Centre &lt;Court&gt;');
  });
});
