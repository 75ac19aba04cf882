import { describe, expect, it } from 'vitest';
import { lengthOf, waitlistLine, waitlistWindow } from './find-waitlist.ts';

const query = (time: string, sport: '' | 'padel' | 'football' = 'padel') => ({ date: '2026-11-21', sport, time });

describe("Find a court's waitlist", () => {
  it("asks for the search's own sport, day and window, with the length chosen", () => {
    expect(waitlistWindow(query('evening'), 90)).toEqual({ sport: 'padel', date: '2026-11-21', from: '17:00', to: '24:00', minutes: 90 });
    expect(waitlistWindow(query('morning'), 60)).toEqual({ sport: 'padel', date: '2026-11-21', from: '06:00', to: '12:00', minutes: 60 });
    expect(waitlistWindow(query(''), 60)).toMatchObject({ from: '00:00', to: '24:00' });
    // "Around 10:00": a start within the hour after it, so the window runs on by the length.
    expect(waitlistWindow(query('10:00'), 90)).toMatchObject({ from: '10:00', to: '12:30' });
    expect(waitlistWindow(query('23:00'), 120)).toMatchObject({ from: '23:00', to: '24:00' });
    expect(waitlistWindow(query('evening', ''), 60)).toBeNull();
  });

  it('says it in words', () => {
    const today = '2026-11-19';
    expect(waitlistLine(waitlistWindow(query('evening'), 90)!, today)).toBe('Join the waitlist for any padel court on Saturday between 5:00 PM and midnight (90 min)');
    expect(waitlistLine(waitlistWindow(query('', 'football'), 60)!, '2026-11-20')).toBe('Join the waitlist for any football pitch tomorrow at any time (60 min)');
    expect(waitlistLine(waitlistWindow(query('morning'), 120)!, '2026-11-21')).toBe('Join the waitlist for any padel court today between 6:00 AM and 12:00 PM (120 min)');
  });

  it('takes only the lengths it offers', () => {
    expect(lengthOf('90')).toBe(90);
    expect(lengthOf('45')).toBe(60);
  });
});
