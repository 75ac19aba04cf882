import { describe, expect, it } from 'vitest';
import { changeoverFits, changeoverHelp } from './changeover.ts';

describe("the facility form's changeover field", () => {
  it('says what a changeover does to a booking of the form\'s slot length, before saving', () => {
    expect(changeoverHelp(60, 10)).toBe(
      "Each 60-minute booking ends its play 10 minutes early so the court can be turned over (50 minutes of play); neighbouring slots stay on sale, and a customer's own back-to-back slots play straight through.",
    );
    expect(changeoverHelp(30, '5')).toContain('Each 30-minute booking ends its play 5 minutes early');
    expect(changeoverHelp(60, undefined)).toBe('Blank: none. No changeover: play runs to the end of each booked slot.');
  });

  it('refuses a changeover that leaves no play in one slot, as the server would', () => {
    expect(changeoverFits(59, { slotMinutes: 60 })).toBeUndefined();
    expect(changeoverFits('', { slotMinutes: 30 })).toBeUndefined();
    expect(changeoverFits(30, { slotMinutes: 30 })).toBe('Changeover (30) must be shorter than one slot (30 minutes), or no time is left to play');
  });
});
