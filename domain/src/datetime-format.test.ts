import { describe, expect, it } from 'vitest';
import {
  displayDate,
  displayDateRange,
  displayDateTime,
  displayHourRange,
  displayInstantDate,
  displayInstantRange,
  displayInstantTime,
  displayMonth,
  displayTime,
  displayTimeRange,
  displayZone,
  usesTwelveHourClock,
} from './datetime-format.ts';

describe('dates', () => {
  it('writes a civil date in the locale, never shifted by the process zone', () => {
    expect(displayDate('2026-11-26', 'en-US')).toBe('Thursday, November 26, 2026');
    expect(displayDate('2026-11-26', 'en-GB')).toMatch(/^Thursday,? 26 November 2026$/);
    expect(displayDate('2026-01-01', 'en-US', 'short')).toBe('Thu, Jan 1');
    expect(displayDate('2026-11-26', 'en-GB', 'dayMonth')).toBe('26 Nov');
    expect(displayDate('2026-11-26', 'en-US', 'medium')).toBe('Nov 26, 2026');
    expect(displayMonth('2026-11', 'en-US')).toBe('November 2026');
  });

  it('writes a span of days the way the locale does', () => {
    expect(displayDateRange('2026-12-02', '2026-12-04', 'en-US')).toBe('December 2 – 4');
    expect(displayDateRange('2026-12-02', '2026-12-04', 'en-GB')).toBe('2 – 4 December');
    expect(displayDateRange('2026-11-30', '2026-12-02', 'en-GB')).toBe('30 November – 2 December');
    expect(displayDateRange('2026-12-30', '2027-01-02', 'en-US', 'long')).toBe('December 30, 2026 – January 2, 2027');
  });

  it('leaves what is not a date as it was', () => {
    expect(displayDate('soon', 'en-US')).toBe('soon');
    expect(displayDate('2026-13-40', 'en-US')).toBe('2026-13-40');
    expect(displayMonth('2026-13', 'en-US')).toBe('2026-13');
  });
});

describe('times follow the locale clock', () => {
  it('knows which clock a locale uses', () => {
    expect(usesTwelveHourClock('en-US')).toBe(true);
    expect(usesTwelveHourClock('en-GB')).toBe(false);
    expect(usesTwelveHourClock('de-DE')).toBe(false);
  });

  it('writes wall-clock times on that clock', () => {
    expect(displayTime('20:00', 'en-US')).toBe('8:00 PM');
    expect(displayTime('00:30', 'en-US')).toBe('12:30 AM');
    expect(displayTime('20:00', 'en-GB')).toBe('20:00');
    expect(displayTime(9 * 60 + 5, 'en-GB')).toBe('09:05');
    expect(displayTime('24:00', 'en-GB')).toBe('00:00');
  });

  it('writes a same-day range and says when it ends the next day', () => {
    expect(displayTimeRange('20:00', '21:00', 'en-US')).toBe('8:00 PM – 9:00 PM');
    expect(displayTimeRange('20:00', '21:00', 'en-GB')).toBe('20:00–21:00');
    expect(displayTimeRange('23:00', '24:00', 'en-GB')).toBe('23:00–00:00');
    expect(displayTimeRange('22:00', '01:00', 'en-US')).toBe('10:00 PM – 1:00 AM (next day)');
    expect(displayTimeRange('22:00', '01:00', 'en-GB')).toBe('22:00–01:00 (next day)');
  });
});

describe('zones', () => {
  it('names a zone by its city, one way everywhere', () => {
    expect(displayZone('America/New_York')).toBe('New York time');
    expect(displayZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(displayZone('Europe/London')).toBe('London time');
    expect(displayZone('UTC')).toBe('UTC');
    expect(displayZone('Etc/GMT+5')).toBe('GMT+5');
  });
});

describe('instants on a facility clock', () => {
  // 01:00 UTC on 27 November is 20:00 on the 26th in New York and 12:00 on the 27th in Lord Howe.
  const at = '2026-11-27T01:00:00Z';

  it('reads an instant on the facility zone, whatever the process zone', () => {
    expect(displayInstantTime(at, 'America/New_York', 'en-US')).toBe('8:00 PM');
    expect(displayInstantTime(at, 'Australia/Lord_Howe', 'en-GB')).toBe('12:00');
    expect(displayInstantDate(at, 'America/New_York', 'en-US', 'medium')).toBe('Nov 26, 2026');
    expect(displayDateTime(at, 'America/New_York', 'en-US')).toBe('Thursday, November 26, 2026, 8:00 PM');
  });

  it('writes a booking on one line: same evening, up to midnight, overnight, several days', () => {
    const ny = 'America/New_York';
    expect(displayInstantRange('2026-11-27T01:00:00Z', '2026-11-27T02:00:00Z', ny, 'en-US')).toBe('Thursday, November 26, 2026, 8:00 PM – 9:00 PM');
    expect(displayInstantRange('2026-11-27T04:00:00Z', '2026-11-27T05:00:00Z', ny, 'en-US')).toBe('Thursday, November 26, 2026, 11:00 PM – 12:00 AM');
    expect(displayInstantRange('2026-11-27T04:00:00Z', '2026-11-27T06:00:00Z', ny, 'en-GB', 'medium')).toBe('26 Nov 2026, 23:00–01:00 (next day)');
    expect(displayInstantRange('2026-11-27T01:00:00Z', '2026-11-29T01:00:00Z', ny, 'en-GB', 'medium')).toBe('26 Nov 2026, 20:00 – 28 Nov 2026, 20:00');
  });

  it("writes a part of the day in whole hours, on the locale's clock", () => {
    expect(displayHourRange('06:00', '12:00', 'en-US')).toBe('6 AM – 12 PM');
    expect(displayHourRange('17:00', '24:00', 'en-US')).toBe('5 PM – 12 AM');
    expect(displayHourRange('06:00', '12:00', 'en-GB')).toBe('06–12');
  });
});
