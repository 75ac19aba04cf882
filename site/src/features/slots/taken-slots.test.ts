import { describe, expect, it } from 'vitest';
import { everyDay } from '@courtside/domain';
import { takenChipsHtml, takenSlots } from './taken-slots.ts';

const schedule = { timezone: 'UTC', openingHours: everyDay({ open: '17:00', close: '21:00' }), slotMinutes: 60, maxBookingMinutes: 240 };
const slot = (startTime: string, endTime: string) => ({ startTime, endTime });
const dayBefore = Date.parse('2026-11-20T12:00:00Z');

describe('the taken slots of a day', () => {
  it('are the grid less the free slots', () => {
    const free = [slot('17:00', '18:00'), slot('20:00', '21:00')];
    expect(takenSlots(schedule, '2026-11-21', free, { now: dayBefore })).toEqual([slot('18:00', '19:00'), slot('19:00', '20:00')]);
  });

  it('leave out what is not for sale anyway: started, inside the notice, closed', () => {
    const at1830 = Date.parse('2026-11-21T18:30:00Z');
    expect(takenSlots(schedule, '2026-11-21', [], { now: at1830 })).toEqual([slot('19:00', '20:00'), slot('20:00', '21:00')]);
    expect(takenSlots(schedule, '2026-11-21', [], { now: at1830, minNoticeMinutes: 60 })).toEqual([slot('20:00', '21:00')]);
    const closure = { startDate: '2026-11-21', startTime: '19:30', endDate: '2026-11-22', endTime: '10:00', reason: 'Repairs' };
    expect(takenSlots(schedule, '2026-11-21', [], { now: dayBefore, closures: [closure] })).toEqual([slot('17:00', '18:00'), slot('18:00', '19:00')]);
    expect(takenSlots(schedule, '2026-11-22', [], { now: dayBefore, closures: [closure] })).toHaveLength(4);
  });

  it('are none on a day the facility is closed', () => {
    expect(takenSlots({ ...schedule, openingHours: everyDay(null) }, '2026-11-21', [], { now: dayBefore })).toEqual([]);
  });
});

describe('a taken-slot chip', () => {
  it("links to the booking step on that slot, where its waitlist is joined, and escapes staff's words", () => {
    const html = takenChipsHtml({ _id: 'f1', name: '<Court>' }, '2026-11-21', [slot('18:00', '19:00')]);
    expect(html).toContain('href="/facility-booking/f1?date=2026-11-21&amp;start=18%3A00&amp;end=19%3A00"');
    expect(html).toContain('aria-label="6:00 PM to 7:00 PM, taken: join the waitlist"');
    expect(html).toContain('aria-label="Taken slots at &lt;Court&gt;"');
  });
});
