import { afterEach, describe, expect, it } from 'vitest';
import { setMoneyFormat } from '@courtside/browser';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import { closureNotice, closureOnDay, closuresOnDay, type Closure } from './closures.ts';

const TODAY = '2026-11-20';
const closure = (start: string, end: string, reason = 'resurfacing'): Closure => {
  const [startDate, startTime] = start.split('T') as [string, string];
  const [endDate, endTime] = end.split('T') as [string, string];
  return { startDate, startTime, endDate, endTime, reason };
};

describe('closureNotice', () => {
  // [what it shows, start, end, the notice]; today is in 2026.
  const cases: [string, string, string, string][] = [
    ['a range within one day, with its times', '2026-12-02T12:00', '2026-12-02T15:00', 'Closed Wednesday, December 2, 12:00 PM – 3:00 PM: Resurfacing'],
    ['a range to the end of its day', '2026-12-02T18:00', '2026-12-02T24:00', 'Closed Wednesday, December 2, 6:00 PM – 12:00 AM: Resurfacing'],
    ['a range over several days, first moment to last', '2026-12-02T08:00', '2026-12-04T22:00', 'Closed Wednesday, December 2, 8:00 AM – Friday, December 4, 10:00 PM: Resurfacing'],
    ['a multi-day range ending inside a day keeps its times', '2026-12-02T00:00', '2026-12-04T12:00', 'Closed Wednesday, December 2, 12:00 AM – Friday, December 4, 12:00 PM: Resurfacing'],
    ['one whole day', '2026-12-02T00:00', '2026-12-02T24:00', 'Closed Wednesday, December 2: Resurfacing'],
    ['whole days within a month', '2026-12-02T00:00', '2026-12-04T24:00', 'Closed December 2 – 4: Resurfacing'],
    ['whole days across months', '2026-11-30T00:00', '2026-12-02T24:00', 'Closed November 30 – December 2: Resurfacing'],
    ['whole days of another year, with it', '2027-01-05T00:00', '2027-01-06T24:00', 'Closed January 5 – 6, 2027: Resurfacing'],
    ['whole days across months of another year, the year once', '2027-02-26T00:00', '2027-03-02T24:00', 'Closed February 26 – March 2, 2027: Resurfacing'],
    ['a timed range of another year, with it', '2027-01-05T09:00', '2027-01-05T11:00', 'Closed Tuesday, January 5, 2027, 9:00 AM – 11:00 AM: Resurfacing'],
    ['whole days into the next year, both years', '2026-12-30T00:00', '2027-01-02T24:00', 'Closed December 30, 2026 – January 2, 2027: Resurfacing'],
    ['a timed range into the next year, both years', '2026-12-31T20:00', '2027-01-01T10:00', 'Closed Thursday, December 31, 2026, 8:00 PM – Friday, January 1, 2027, 10:00 AM: Resurfacing'],
  ];
  it.each(cases)('writes %s', (_what, start, end, notice) => {
    expect(closureNotice(closure(start, end), TODAY)).toBe(notice);
  });

  it("starts the staff's reason with a capital and keeps the rest as written", () => {
    expect(closureNotice(closure('2026-12-02T12:00', '2026-12-02T15:00', ' club final: U14 '), TODAY)).toBe('Closed Wednesday, December 2, 12:00 PM – 3:00 PM: Club final: U14');
    expect(closureNotice(closure('2026-12-02T12:00', '2026-12-02T15:00', 'ÉTÉ'), TODAY)).toMatch(/: ÉTÉ$/);
  });
});

describe('in a 24-hour locale', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('writes the same closure on the 24-hour clock, day before month', () => {
    setMoneyFormat({ currency: 'USD', locale: 'en-GB' });
    expect(closureNotice(closure('2026-12-02T08:00', '2026-12-04T22:00'), TODAY)).toMatch(/^Closed Wednesday,? 2 December, 08:00 – Friday,? 4 December, 22:00: Resurfacing$/);
    expect(closureOnDay(closure('2026-12-02T12:00', '2026-12-02T15:00'), '2026-12-02')).toBe('Closed 12:00–15:00: Resurfacing');
  });
});

describe('closureOnDay', () => {
  const works = closure('2026-12-02T08:00', '2026-12-04T22:00');

  it('says the part of the chosen day the closure covers', () => {
    expect(closureOnDay(closure('2026-12-02T12:00', '2026-12-02T15:00'), '2026-12-02')).toBe('Closed 12:00 PM – 3:00 PM: Resurfacing');
    expect(closureOnDay(works, '2026-12-02')).toBe('Closed 8:00 AM – 12:00 AM: Resurfacing');
    expect(closureOnDay(works, '2026-12-03')).toBe('Closed all day: Resurfacing');
    expect(closureOnDay(works, '2026-12-04')).toBe('Closed 12:00 AM – 10:00 PM: Resurfacing');
    expect(closureOnDay(closure('2026-12-02T00:00', '2026-12-02T24:00'), '2026-12-02')).toBe('Closed all day: Resurfacing');
  });

  it('says nothing for a day the closure leaves open', () => {
    expect(closureOnDay(works, '2026-12-01')).toBeNull();
    expect(closureOnDay(works, '2026-12-05')).toBeNull();
  });

  it('lists every closure of the day in the order given', () => {
    const list = [closure('2026-12-02T08:00', '2026-12-02T10:00', 'coaching'), works, closure('2026-12-09T08:00', '2026-12-09T10:00')];
    expect(closuresOnDay(list, '2026-12-02')).toEqual(['Closed 8:00 AM – 10:00 AM: Coaching', 'Closed 8:00 AM – 12:00 AM: Resurfacing']);
    expect(closuresOnDay(list, '2026-12-08')).toEqual([]);
  });
});
