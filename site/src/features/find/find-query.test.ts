import { describe, expect, it } from 'vitest';
import { availabilityPath, findCalendar, findHref, parseFindQuery, timeWindow, upcomingDays, type FindQuery } from './find-query.ts';

// Thursday 19 November 2026; bookings open 60 days ahead.
const calendar = findCalendar('2026-11-19', 60);
const parse = (query: string) => parseFindQuery(new URLSearchParams(query), calendar);

describe('the query a URL asks', () => {
  it('defaults to today, every sport, any time', () => {
    expect(parse('')).toEqual({ date: '2026-11-19', sport: '', time: '' });
  });

  it('reads a day, a sport and a time of day or an exact time', () => {
    expect(parse('date=2026-11-21&sport=padel&time=evening')).toEqual({ date: '2026-11-21', sport: 'padel', time: 'evening' });
    expect(parse('date=2026-11-21&time=10:00')).toEqual({ date: '2026-11-21', sport: '', time: '10:00' });
  });

  it('falls back to the default for anything malformed or out of range, field by field', () => {
    expect(parse('date=2026-11-18&sport=padel')).toEqual({ date: '2026-11-19', sport: 'padel', time: '' });
    expect(parse('date=2027-01-19')).toMatchObject({ date: '2026-11-19' });
    expect(parse('date=2027-01-18')).toMatchObject({ date: '2027-01-18' });
    expect(parse('date=2026-11-31')).toMatchObject({ date: '2026-11-19' });
    expect(parse('date=21/11/2026&sport=curling&time=night')).toEqual({ date: '2026-11-19', sport: '', time: '' });
    expect(parse('time=24:00')).toMatchObject({ time: '' });
    expect(parse('time=9:00')).toMatchObject({ time: '' });
  });
});

describe('the API call that answers it', () => {
  it('asks a time of day as its window, an exact time as the hour after it (24:00 at most)', () => {
    expect(timeWindow('')).toEqual({});
    expect(timeWindow('morning')).toEqual({ from: '06:00', to: '12:00' });
    expect(timeWindow('evening')).toEqual({ from: '17:00', to: '24:00' });
    expect(timeWindow('10:00')).toEqual({ from: '10:00', to: '11:00' });
    expect(timeWindow('23:30')).toEqual({ from: '23:30', to: '24:00' });
  });

  it('is one GET /api/availability with only the filters given', () => {
    expect(availabilityPath({ date: '2026-11-20', sport: '', time: '' })).toBe('/api/availability?date=2026-11-20');
    expect(availabilityPath({ date: '2026-11-20', sport: 'padel', time: 'evening' })).toBe('/api/availability?date=2026-11-20&sport=padel&from=17%3A00&to=24%3A00');
  });
});

describe('the page address (links, the address bar)', () => {
  it('carries the whole query, so a filtered view can be shared, and reads back the same', () => {
    const query: FindQuery = { date: '2026-11-21', sport: 'padel', time: '18:00' };
    const href = findHref(query);
    expect(href).toBe('/find?date=2026-11-21&sport=padel&time=18%3A00');
    expect(parse(href.split('?')[1]!)).toEqual(query);
  });

  it('changes one filter and keeps the others', () => {
    const query: FindQuery = { date: '2026-11-21', sport: 'padel', time: 'morning' };
    expect(findHref(query, { time: 'afternoon' })).toBe('/find?date=2026-11-21&sport=padel&time=afternoon');
    expect(findHref(query, { sport: '', time: '' })).toBe('/find?date=2026-11-21');
  });
});

describe('the day chips', () => {
  it('are today and the next 7 days', () => {
    expect(upcomingDays(calendar)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
  });

  it('stop at the last day bookings open, across a month end', () => {
    expect(upcomingDays(findCalendar('2026-11-29', 3))).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });
});
