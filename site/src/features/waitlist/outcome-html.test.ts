import { describe, expect, it } from 'vitest';
import { outcomeHtml } from './outcome-html.ts';

describe('what came of joining, as HTML', () => {
  it('writes what came of joining, escaping what is not ours', () => {
    expect(outcomeHtml({ tone: 'ok', text: "You're on the waitlist (position 1). We'll email you if it frees up.", link: { href: '/dashboard/userBookings', text: 'My bookings' } })).toBe(
      '<div class="alert alert-ok waitlist-outcome"><p>You&#39;re on the waitlist (position 1). We&#39;ll email you if it frees up. <a href="/dashboard/userBookings">My bookings</a></p></div>',
    );
    const html = outcomeHtml({ tone: 'warn', text: 'Free now.', freeSlots: [{ facilityId: 'f1', facilityName: '<Padel 1>', date: '2026-11-21', startTime: '18:00', endTime: '19:00' }] });
    expect(html).toContain('<p class="waitlist-free-at user-text">&lt;Padel 1&gt;</p><ul class="slot-chips" aria-label="Free slots at &lt;Padel 1&gt;">');
    expect(html).toContain('href="/book?facility=f1&amp;date=2026-11-21&amp;start=18%3A00&amp;end=19%3A00"');
    expect(outcomeHtml({ tone: 'error', text: '<b>no</b>' })).toContain('&lt;b&gt;no&lt;/b&gt;');
  });
});
