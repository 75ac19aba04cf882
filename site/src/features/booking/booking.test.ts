import { describe, expect, it } from 'vitest';
import { MESSAGES, coveredSlots, dateInRange, endOptions, freeRun, lengthLabel, lengthOptions, priceTierOf, selectSlot, slotsAnnouncement, slotsPrice, startOptions, validateTimes } from './booking.ts';

/** One-hour slots, as long as the facility's longest booking allows. */
const upTo = (maxMinutes: number, minMinutes = 60) => ({ minMinutes, maxMinutes });

const slots = [
  { startTime: '09:00', endTime: '10:00' },
  { startTime: '10:00', endTime: '11:00' },
  { startTime: '11:00', endTime: '12:00' },
  // a gap: 12:00-13:00 is taken
  { startTime: '13:00', endTime: '14:00' },
];

describe('endOptions', () => {
  it('offers back-to-back slots up to the longest booking', () => {
    expect(endOptions(slots, '09:00', upTo(180))).toEqual(['10:00', '11:00', '12:00']);
    expect(endOptions(slots, '09:00', upTo(120))).toEqual(['10:00', '11:00']);
  });

  it('stops at a gap and knows no unknown start', () => {
    expect(endOptions(slots, '11:00', upTo(600))).toEqual(['12:00']);
    expect(endOptions(slots, '12:00', upTo(600))).toEqual([]);
  });

  it("offers nothing shorter than the facility's shortest booking", () => {
    expect(endOptions(slots, '09:00', upTo(240, 120))).toEqual(['11:00', '12:00']);
    expect(endOptions(slots, '11:00', upTo(240, 120))).toEqual([]);
  });
});

describe('the booking step: a start, then a length the facility takes, each priced', () => {
  const day = [
    { startTime: '17:00', endTime: '18:00', price: 20 },
    { startTime: '18:00', endTime: '19:00', price: 30 },
    { startTime: '19:00', endTime: '20:00', price: 30.25 },
    // 20:00-21:00 is taken
    { startTime: '21:00', endTime: '22:00', price: 20 },
  ];

  it('lists the lengths from a start up to the longest booking or the next taken slot, with what each costs', () => {
    expect(lengthOptions(day, '17:00', upTo(120))).toEqual([
      { end: '18:00', minutes: 60, price: 20 },
      { end: '19:00', minutes: 120, price: 50 },
    ]);
    expect(lengthOptions(day, '18:00', upTo(240))).toEqual([
      { end: '19:00', minutes: 60, price: 30 },
      { end: '20:00', minutes: 120, price: 60.25 },
    ]);
    expect(lengthOptions(day, '', upTo(240))).toEqual([]);
  });

  it('names each length with its price', () => {
    expect(lengthLabel({ end: '19:00', minutes: 120, price: 50 })).toBe('2 hours · $50.00');
    expect(lengthLabel({ end: '18:30', minutes: 90, price: undefined })).toBe('90 minutes');
  });

  it("offers only the starts from which the facility's shortest booking is free", () => {
    expect(startOptions(day, upTo(240)).map((s) => s.startTime)).toEqual(['17:00', '18:00', '19:00', '21:00']);
    expect(startOptions(day, upTo(240, 120)).map((s) => s.startTime)).toEqual(['17:00', '18:00']);
  });

  it('a tapped slot starts a choice at its shortest allowed length', () => {
    expect(selectSlot(day, { start: '', end: '' }, day[0]!, upTo(240, 120))).toEqual({ start: '17:00', end: '19:00' });
    expect(selectSlot(day, { start: '', end: '' }, day[3]!, upTo(240, 120))).toEqual({ start: '21:00', end: '' });
  });

  it("costs the sum of its slots' server prices, added in cents; nothing when any part is not free or unpriced", () => {
    expect(slotsPrice(day, '17:00', '20:00')).toBe(80.25);
    expect(slotsPrice([{ startTime: '10:00', endTime: '11:00', price: 0.1 }, { startTime: '11:00', endTime: '12:00', price: 0.2 }], '10:00', '12:00')).toBe(0.3);
    expect(slotsPrice(day, '19:00', '22:00')).toBeUndefined();
    expect(slotsPrice(day.map(({ startTime, endTime }) => ({ startTime, endTime })), '17:00', '18:00')).toBeUndefined();
  });

  it('knows whether a choice is still free: its slots back to back, none taken, on the grid', () => {
    expect(freeRun(day, '18:00', '19:00')).toEqual([day[1]]);
    expect(freeRun(day, '17:00', '20:00')).toEqual(day.slice(0, 3));
    expect(freeRun(day, '20:00', '21:00')).toBeNull();
    expect(freeRun(day, '19:00', '22:00')).toBeNull();
    expect(freeRun(day, '18:30', '19:00')).toBeNull();
    expect(freeRun(day, '18:00', '18:30')).toBeNull();
    expect(freeRun([], '18:00', '19:00')).toBeNull();
  });
});

describe('selectSlot and coveredSlots', () => {
  it('extends a choice to a later reachable slot, else starts over', () => {
    const first = selectSlot(slots, { start: '', end: '' }, slots[0]!, upTo(180));
    expect(first).toEqual({ start: '09:00', end: '10:00' });
    const extended = selectSlot(slots, first, slots[2]!, upTo(180));
    expect(extended).toEqual({ start: '09:00', end: '12:00' });
    expect([...coveredSlots(slots, extended.start, extended.end)]).toEqual(['09:00', '10:00', '11:00']);
    expect(selectSlot(slots, extended, slots[3]!, upTo(600))).toEqual({ start: '13:00', end: '14:00' });
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

  it("names the customer's tier when it priced the slots", () => {
    const member = [
      { startTime: '17:00', endTime: '18:00', price: 16, tier: 'Member' },
      { startTime: '18:00', endTime: '19:00', price: 24, tier: 'Member' },
    ];
    expect(priceTierOf(member)).toBe('Member');
    expect(priceTierOf(member.map(({ tier: _, ...slot }) => slot))).toBeUndefined();
    expect(priceTierOf([])).toBeUndefined();
  });
});

describe('slotsAnnouncement', () => {
  it("tells a screen reader what the day holds, in the customer's date style", () => {
    expect(slotsAnnouncement('2026-11-21', { status: 'ready', slots })).toBe('4 free slots on Saturday, November 21, 2026.');
    expect(slotsAnnouncement('2026-11-21', { status: 'ready', slots: [] })).toBe(MESSAGES.noSlots);
    expect(slotsAnnouncement('2026-11-21', { status: 'loading' })).toBe('Loading available slots…');
  });
});
