import { describe, expect, test } from 'vitest';
import { emailKindChoices, kindLabel } from './kinds.ts';

describe('email kinds', () => {
  test('a known kind reads as words, an unknown one as itself', () => {
    expect(kindLabel('password_reset')).toBe('Password reset');
    expect(kindLabel('court_swapped')).toBe('court_swapped');
  });

  test('the filter offers every known kind once, by its label', () => {
    const ids = emailKindChoices.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['welcome', 'contact_notice', 'booking_confirmed', 'refund_failed', 'payment_flagged']));
    for (const c of emailKindChoices) expect(c.name).toBe(kindLabel(c.id));
  });
});
