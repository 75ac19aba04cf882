import { describe, expect, it } from 'vitest';
import { safeRedirect } from '@courtside/browser';
import { bookHref, choiceInTarget, facilityStepHref, initialChoiceOf, parseChoice, signInHrefs } from './choice.ts';

const choice = { facility: '3f2c9d1e-0000-4000-8000-000000000001', date: '2026-11-21', start: '18:00', end: '19:00' };
const parse = (query: string) => parseChoice(new URLSearchParams(query));

describe('a slot choice in a URL', () => {
  it('travels to the booking step and reads back the same', () => {
    const href = bookHref(choice);
    expect(href).toBe(`/book?facility=${choice.facility}&date=2026-11-21&start=18%3A00&end=19%3A00`);
    expect(parse(href.split('?')[1]!)).toEqual(choice);
  });

  it('may end at midnight and span several slots', () => {
    expect(parse('facility=f1&date=2026-11-21&start=22:00&end=24:00')).toEqual({ facility: 'f1', date: '2026-11-21', start: '22:00', end: '24:00' });
  });

  it('is refused when a part is missing, malformed or the times run backwards', () => {
    for (const query of [
      'date=2026-11-21&start=18:00&end=19:00',
      'facility=f1&date=2026-13-01&start=18:00&end=19:00',
      'facility=f1&date=2026-11-21&start=18:00',
      'facility=f1&date=2026-11-21&start=19:00&end=18:00',
      'facility=f1&date=2026-11-21&start=18:00&end=18:00',
      'facility=f1&date=2026-11-21&start=24:00&end=24:00',
      'facility=f1&date=2026-11-21&start=8:00&end=9:00',
      'facility=../admin&date=2026-11-21&start=18:00&end=19:00',
    ]) {
      expect(parse(query), query).toBeNull();
    }
  });
});

describe('signing in with a choice', () => {
  it('goes to login or sign-up with the booking step as `next`, which passes the same-site check whole', () => {
    const { login, register } = signInHrefs(choice);
    expect(login).toBe(`/login?next=${encodeURIComponent(bookHref(choice))}`);
    expect(register).toBe(`/register?next=${encodeURIComponent(bookHref(choice))}`);
    const next = new URLSearchParams(login.split('?')[1]).get('next');
    expect(safeRedirect(next)).toBe(bookHref(choice));
  });

  it('lets the sign-in pages name the slot a `next` carries, and nothing else', () => {
    expect(choiceInTarget(bookHref(choice))).toEqual(choice);
    expect(choiceInTarget('/dashboard')).toBeNull();
    expect(choiceInTarget('/bookx?facility=f1&date=2026-11-21&start=18:00&end=19:00')).toBeNull();
    expect(choiceInTarget(null)).toBeNull();
  });
});

describe("the day and slot a facility's booking step opens on", () => {
  const open = (query: string) => initialChoiceOf(new URLSearchParams(query));
  it('takes a day, a start and an end, leaving out what is malformed', () => {
    expect(open('date=2026-11-21&start=18:00&end=20:00')).toEqual({ date: '2026-11-21', start: '18:00', end: '20:00' });
    expect(open('date=2026-11-21&start=18:00&end=17:00')).toEqual({ date: '2026-11-21', start: '18:00' });
    expect(open('date=2026-11-21&start=9:00')).toEqual({ date: '2026-11-21' });
    expect(open('date=2026-13-01')).toBeUndefined();
    expect(open('')).toBeUndefined();
  });
  it('is where + Add another slot leads: the same facility on the same day', () => {
    expect(facilityStepHref('f 1', '2026-11-21')).toBe('/facility-booking/f%201?date=2026-11-21');
    expect(open(facilityStepHref('f1', '2026-11-21').split('?')[1]!)).toEqual({ date: '2026-11-21' });
  });
});
