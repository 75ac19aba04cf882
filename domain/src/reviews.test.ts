import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { canReview, checkRating, checkReviewable, normalizeReviewComment, ratingAverage, reviewRefusal } from './reviews.ts';

const now = new Date('2026-11-26T12:00:00Z');
const ended = new Date('2026-11-26T11:00:00Z');
const later = new Date('2026-11-26T13:00:00Z');

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as DomainError).code;
  }
  return null;
};

describe('reviewRefusal', () => {
  it('lets the customer review a confirmed booking once it has ended, at its end exactly too', () => {
    expect(reviewRefusal({ status: 'confirmed', endsAt: ended }, now)).toBeNull();
    expect(reviewRefusal({ status: 'confirmed', endsAt: now }, now)).toBeNull();
  });

  it('refuses one still to end, and any booking that is not confirmed', () => {
    expect(reviewRefusal({ status: 'confirmed', endsAt: later }, now)).toBe('NOT_ENDED');
    for (const status of ['pending', 'cancelled', 'expired'] as const) expect(reviewRefusal({ status, endsAt: ended }, now)).toBe('NOT_CONFIRMED');
  });

  it('says so with a stable code', () => {
    expect(codeOf(() => checkReviewable({ status: 'confirmed', endsAt: later }, now))).toBe('NOT_ENDED');
    expect(codeOf(() => checkReviewable({ status: 'cancelled', endsAt: ended }, now))).toBe('NOT_REVIEWABLE');
    expect(codeOf(() => checkReviewable({ status: 'confirmed', endsAt: ended }, now))).toBeNull();
  });

  it('canReview is false once reviewed', () => {
    expect(canReview({ status: 'confirmed', endsAt: ended }, now, false)).toBe(true);
    expect(canReview({ status: 'confirmed', endsAt: ended }, now, true)).toBe(false);
  });
});

describe('checkRating', () => {
  it.each([1, 2, 3, 4, 5])('takes %d', (n) => expect(checkRating(n)).toBe(n));
  it.each([0, 6, 4.5, -1, Number.NaN])('refuses %d', (n) => expect(codeOf(() => checkRating(n))).toBe('OUT_OF_RANGE'));
});

describe('normalizeReviewComment', () => {
  it('keeps line breaks, trims, and makes CRLF a newline', () => {
    expect(normalizeReviewComment('  Great court.\r\nNice lights \n')).toBe('Great court.\nNice lights');
    expect(normalizeReviewComment(undefined)).toBe('');
    expect(normalizeReviewComment('a\n\n\n\n\n\nb')).toBe('a\n\n\nb');
  });

  it.each(['tab\there', 'nul\u0000', 'esc\u001b[31m', 'c1\u0085'])('refuses control characters: %j', (text) => {
    expect(codeOf(() => normalizeReviewComment(text))).toBe('BAD_CHARACTER');
  });

  it('refuses more than 500 characters', () => {
    expect(normalizeReviewComment('x'.repeat(500))).toHaveLength(500);
    expect(codeOf(() => normalizeReviewComment('x'.repeat(501)))).toBe('TOO_LONG');
  });
});

describe('ratingAverage', () => {
  it('is null with no reviews', () => expect(ratingAverage(0, 0)).toBeNull());

  it('has one decimal, rounded half up', () => {
    expect(ratingAverage(5, 1)).toBe(5);
    expect(ratingAverage(9, 2)).toBe(4.5);
    expect(ratingAverage(14, 3)).toBe(4.7); // 4.666...
    expect(ratingAverage(13, 3)).toBe(4.3); // 4.333...
    expect(ratingAverage(93, 20)).toBe(4.7); // 4.65 exactly: up
    expect(ratingAverage(91, 20)).toBe(4.6); // 4.55 exactly: up
    expect(ratingAverage(1, 1)).toBe(1);
  });

  it('stays between 1 and 5 for any mix of ratings', () => {
    for (let count = 1; count <= 40; count++) {
      for (let sum = count; sum <= 5 * count; sum++) {
        const avg = ratingAverage(sum, count)!;
        expect(avg).toBeGreaterThanOrEqual(1);
        expect(avg).toBeLessThanOrEqual(5);
        expect(Math.abs(avg - sum / count)).toBeLessThanOrEqual(0.05 + 1e-9);
      }
    }
  });
});
