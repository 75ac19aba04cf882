import { describe, expect, test } from 'vitest';
import { EMAIL_KINDS } from '@courtside/domain';
import { emailKindChoices, kindLabel } from './kinds.ts';

describe('email kinds', () => {
  test('a known kind reads as words, an unknown one as itself', () => {
    expect(kindLabel('password_reset')).toBe('Password reset');
    expect(kindLabel('court_swapped')).toBe('court_swapped');
  });

  test('every kind the API sends reads as words, and the filter offers it', () => {
    for (const kind of EMAIL_KINDS) expect(kindLabel(kind), kind).not.toMatch(/_/);
    expect(emailKindChoices.map((c) => c.id).sort()).toEqual([...EMAIL_KINDS].sort());
  });

  test('the filter offers every known kind once, by its label', () => {
    const ids = emailKindChoices.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['welcome', 'contact_notice', 'booking_confirmed', 'refund_failed', 'payment_flagged']));
    for (const c of emailKindChoices) expect(c.name).toBe(kindLabel(c.id));
  });
});
