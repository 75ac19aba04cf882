import { afterEach, describe, expect, it } from 'vitest';
import { setMoneyFormat } from '@courtside/browser';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import { nearestSlots, slotChipHtml, slotChipName, slotChipsHtml } from './slot-chips.ts';

const court = { _id: 'f1', name: 'Centre Court' };
const slot = (startTime: string, endTime: string, price?: number) => ({ startTime, endTime, price });

describe('a free-slot chip', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('is named with the facility, the times and the price in the venue currency', () => {
    expect(slotChipName(court, slot('10:00', '11:00', 28))).toBe('Centre Court, 10:00 AM to 11:00 AM, $28.00');
    setMoneyFormat({ currency: 'EUR', locale: 'de-DE' });
    expect(slotChipName(court, slot('10:00', '11:00', 28))).toBe('Centre Court, 10:00 to 11:00, 28,00\u00a0€');
    expect(slotChipName(court, slot('10:00', '11:00'))).toBe('Centre Court, 10:00 to 11:00');
  });

  it('is a link to the booking step for that slot', () => {
    const html = slotChipHtml(court, '2026-11-21', slot('18:00', '19:00', 35.5));
    expect(html).toBe(
      '<li><a class="slot-chip" href="/book?facility=f1&amp;date=2026-11-21&amp;start=18%3A00&amp;end=19%3A00" aria-label="Centre Court, 6:00 PM to 7:00 PM, $35.50">' +
        '<span class="slot-chip-time"><span class="slot-chip-at">6:00 PM</span> <span class="slot-chip-to">to</span> <span class="slot-chip-at">7:00 PM</span></span> <span class="slot-chip-price">$35.50</span></a></li>',
    );
  });

  it("says a slot's play when the facility's changeover takes the end of it", () => {
    const html = slotChipHtml(court, '2026-11-21', { startTime: '18:00', endTime: '19:00', price: 35.5, playMinutes: 50 });
    expect(html).toContain('aria-label="Centre Court, 6:00 PM to 7:00 PM, 50 min play, $35.50"');
    expect(html).toContain('</span> <span class="slot-chip-play">50 min play</span> <span class="slot-chip-price">$35.50</span>');
    expect(slotChipHtml(court, '2026-11-21', slot('18:00', '19:00', 35.5))).not.toContain('play');
  });

  it('escapes what staff typed', () => {
    const html = slotChipsHtml({ _id: 'f"1', name: '<b>Court "A" & B</b>' }, '2026-11-21', [slot('10:00', '11:00', 20)]);
    expect(html).not.toContain('<b>');
    expect(html).toContain('aria-label="Free slots at &lt;b&gt;Court &quot;A&quot; &amp; B&lt;/b&gt;"');
    expect(html).toContain('facility=f%221');
  });
});

describe('the nearest free slots', () => {
  const day = ['08:00', '09:00', '12:00', '13:00', '17:00', '20:00'].map((t) => slot(t, `${String(Number(t.slice(0, 2)) + 1).padStart(2, '0')}:00`));

  it('are the closest starts to the wanted one, in the day order, without it', () => {
    expect(nearestSlots(day, '12:00', 3).map((s) => s.startTime)).toEqual(['08:00', '09:00', '13:00']);
    expect(nearestSlots(day, '18:00', 2).map((s) => s.startTime)).toEqual(['17:00', '20:00']);
    // Equally near: the earlier first.
    expect(nearestSlots([slot('10:00', '11:00'), slot('14:00', '15:00')], '12:00', 1).map((s) => s.startTime)).toEqual(['10:00']);
    expect(nearestSlots([], '12:00')).toEqual([]);
  });
});
