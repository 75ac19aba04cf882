import { describe, expect, it } from 'vitest';
import { findCalendar, type FindQuery } from './find-query.ts';
import { emptyResults, resultsLine, timeOfDayHours, whenPhrase } from './find-text.ts';

// Thursday 19 November 2026.
const calendar = findCalendar('2026-11-19', 60);
const today = calendar.today;

describe('when a query asks, in words', () => {
  it('names today and tomorrow, then weekdays, then whole dates', () => {
    expect(whenPhrase('2026-11-19', 'evening', today)).toBe('this evening');
    expect(whenPhrase('2026-11-20', 'evening', today)).toBe('tomorrow evening');
    expect(whenPhrase('2026-11-21', 'morning', today)).toBe('on Saturday morning');
    expect(whenPhrase('2026-11-21', '', today)).toBe('on Saturday');
    expect(whenPhrase('2026-11-19', '10:00', today)).toBe('today around 10:00 AM');
    expect(whenPhrase('2026-11-28', '', today)).toBe('on Saturday, November 28');
  });
});

describe('the results line', () => {
  it('counts the facilities with their sport', () => {
    expect(resultsLine(2, { date: '2026-11-20', sport: 'padel', time: 'evening' }, today)).toBe('2 padel courts free tomorrow evening');
    expect(resultsLine(1, { date: '2026-11-20', sport: 'football', time: '' }, today)).toBe('1 football pitch free tomorrow');
    expect(resultsLine(8, { date: '2026-11-19', sport: '', time: '' }, today)).toBe('8 facilities free today');
  });
});

describe('an empty answer', () => {
  const saturdayMorning: FindQuery = { date: '2026-11-21', sport: 'padel', time: 'morning' };

  it("says what was asked and offers the answer's alternatives as links", () => {
    const text = emptyResults(saturdayMorning, { outsideWindow: [{ name: 'afternoon', count: 4 }, { name: 'evening', count: 1 }], nextDate: '2026-11-22' }, calendar);
    expect(text.headline).toBe('No padel courts free on Saturday morning.');
    expect(text.suggestions).toEqual([
      { text: 'Free in the afternoon: 4 slots', href: '/find?date=2026-11-21&sport=padel&time=afternoon' },
      { text: 'Free in the evening: 1 slot', href: '/find?date=2026-11-21&sport=padel&time=evening' },
      { text: 'Next free: Sunday', href: '/find?date=2026-11-22&sport=padel&time=morning' },
    ]);
  });

  it('with no alternatives, widens the search instead', () => {
    expect(emptyResults(saturdayMorning, { outsideWindow: [], nextDate: null }, calendar).suggestions).toEqual([
      { text: 'Any time that day', href: '/find?date=2026-11-21&sport=padel' },
      { text: 'Every sport', href: '/find?date=2026-11-21&time=morning' },
    ]);
    expect(emptyResults({ date: '2026-11-19', sport: '', time: '' }, null, calendar).suggestions).toEqual([{ text: 'The next day', href: '/find?date=2026-11-20' }]);
    // Not past the last day bookings open.
    expect(emptyResults({ date: calendar.lastDate, sport: '', time: '' }, null, calendar).suggestions).toEqual([]);
  });
});

describe('a part of the day under its chip', () => {
  it('names its hours on the venue clock, each time kept whole', () => {
    expect(timeOfDayHours('morning')).toBe('6\u00a0AM – 12\u00a0PM');
  });
});
