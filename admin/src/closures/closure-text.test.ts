import { describe, expect, it } from 'vitest';
import { closureWhen, endAfterStart, kindChoices, kindLabel } from './closure-text.ts';

describe('closure text', () => {
  it('says the range in one day or across days', () => {
    expect(closureWhen('2027-03-10T12:00', '2027-03-10T15:00')).toBe('Wed, Mar 10 · 12:00 PM – 3:00 PM');
    expect(closureWhen('2027-03-20T18:00', '2027-03-22T09:00')).toBe('Sat, Mar 20 6:00 PM – Mon, Mar 22 9:00 AM');
  });

  it('names every kind, and a kind it does not know as itself', () => {
    expect(kindChoices.map((c) => c.name)).toEqual(['Maintenance', 'Event', 'Weather', 'Other']);
    expect(kindLabel('weather')).toBe('Weather');
    expect(kindLabel('holiday')).toBe('holiday');
  });

  it('refuses an end that is not after the start', () => {
    expect(endAfterStart({ start: '2027-03-10T12:00', end: '2027-03-10T12:00' })).toEqual({ end: 'The end must be after the start' });
    expect(endAfterStart({ start: '2027-03-10T12:00', end: '2027-03-11T08:00' })).toEqual({});
    expect(endAfterStart({ start: '2027-03-10T12:00' })).toEqual({});
  });
});
