import { describe, expect, it } from 'vitest';
import { MESSAGES, coveredSlots, dateInRange, endOptions, formatHours, priceFor, priceTierOf, rateText, selectSlot, slotsAnnouncement, totalFor, validateTimes } from './booking.ts';

const slots = [
  { startTime: '09:00', endTime: '10:00' },
  { startTime: '10:00', endTime: '11:00' },
  { startTime: '11:00', endTime: '12:00' },
  // a gap: 12:00-13:00 is taken
  { startTime: '13:00', endTime: '14:00' },
];

describe('endOptions', () => {
  it('offers back-to-back slots up to the longest booking', () => {
    expect(endOptions(slots, '09:00', 180)).toEqual(['10:00', '11:00', '12:00']);
    expect(endOptions(slots, '09:00', 120)).toEqual(['10:00', '11:00']);
  });

  it('stops at a gap and knows no unknown start', () => {
    expect(endOptions(slots, '11:00', 600)).toEqual(['12:00']);
    expect(endOptions(slots, '12:00', 600)).toEqual([]);
  });
});

describe('selectSlot and coveredSlots', () => {
  it('extends a choice to a later reachable slot, else starts over', () => {
    const first = selectSlot(slots, { start: '', end: '' }, slots[0]!, 180);
    expect(first).toEqual({ start: '09:00', end: '10:00' });
    const extended = selectSlot(slots, first, slots[2]!, 180);
    expect(extended).toEqual({ start: '09:00', end: '12:00' });
    expect([...coveredSlots(slots, extended.start, extended.end)]).toEqual(['09:00', '10:00', '11:00']);
    expect(selectSlot(slots, extended, slots[3]!, 600)).toEqual({ start: '13:00', end: '14:00' });
  });
});

describe('the form checks', () => {
  it('asks for both times in order', () => {
    expect(validateTimes('', '10:00')).toBe(MESSAGES.missingTimes);
    expect(validateTimes('10:00', '10:00')).toBe(MESSAGES.endBeforeStart);
    expect(validateTimes('10:00', '11:30')).toBeNull();
  });

  it('keeps dates within the horizon', () => {
    expect(dateInRange('2026-11-21', '2026-11-20', '2027-01-19')).toBe(true);
    expect(dateInRange('2027-01-20', '2026-11-20', '2027-01-19')).toBe(false);
    expect(dateInRange('21/11/2026', '2026-11-20', '2027-01-19')).toBe(false);
  });

  it("totals a choice from its slots' prices (peak hours cost what the server says), else the flat rate", () => {
    const day = [
      { startTime: '17:00', endTime: '18:00', price: 20 },
      { startTime: '18:00', endTime: '19:00', price: 30 },
      { startTime: '19:00', endTime: '20:00', price: 30.25 },
    ];
    expect(totalFor(day, '17:00', '19:00', 20)).toBe(50);
    expect(totalFor(day, '18:00', '20:00', 20)).toBe(60.25);
    expect(totalFor(day, '', '', 20)).toBe(0);
    // Slots without prices, or a choice the slots do not cover: the flat estimate.
    expect(totalFor(day.map(({ startTime, endTime }) => ({ startTime, endTime })), '17:00', '19:00', 20)).toBe(40);
    expect(totalFor(day, '16:00', '18:00', 20)).toBe(40);
  });

  it("names the customer's tier when it priced the slots, and says its prices are the rate", () => {
    const member = [
      { startTime: '17:00', endTime: '18:00', price: 16, tier: 'Member' },
      { startTime: '18:00', endTime: '19:00', price: 24, tier: 'Member' },
    ];
    expect(priceTierOf(member)).toBe('Member');
    expect(priceTierOf(member.map(({ tier: _, ...slot }) => slot))).toBeUndefined();
    expect(priceTierOf([])).toBeUndefined();
    expect(rateText({ start: '17:00', end: '19:00', total: 40 }, 20, 'Member')).toBe('Member prices');
    expect(rateText({ start: '', end: '', total: 0 }, 20, 'Member')).toBe('Member prices');
    // Without a tier: the flat rate, unless the choice's total says prices vary.
    expect(rateText({ start: '17:00', end: '19:00', total: 50 }, 20, undefined)).toBe('Varies by time');
    expect(rateText({ start: '10:00', end: '12:00', total: 40 }, 20, undefined)).toMatch(/^\$20\.00 \/ hour$/);
    expect(rateText({ start: '', end: '', total: 0 }, 20, undefined)).toMatch(/\/ hour$/);
  });

  it('estimates the price and says the duration', () => {
    expect(priceFor('10:00', '11:30', 20)).toBe(30);
    expect(priceFor('', '', 20)).toBe(0);
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(1.5)).toBe('1.5 hours');
  });
});

describe('slotsAnnouncement', () => {
  it("tells a screen reader what the day holds, in the customer's date style", () => {
    expect(slotsAnnouncement('2026-11-21', { status: 'ready', slots })).toBe('4 free slots on Saturday, 21 November 2026.');
    expect(slotsAnnouncement('2026-11-21', { status: 'ready', slots: [] })).toBe(MESSAGES.noSlots);
    expect(slotsAnnouncement('2026-11-21', { status: 'loading' })).toBe('Loading available slots…');
  });
});
