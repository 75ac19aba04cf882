import { describe, expect, it } from 'vitest';
import { ratedText, ratingLabel, reviewByline, reviewProblem, reviewsSummary, starsText } from './reviews.ts';

describe('how ratings read', () => {
  it('says the average and the count, and nothing without reviews', () => {
    expect(ratingLabel({ average: 4.6, count: 12 })).toBe('4.6 ★ from 12 reviews');
    expect(ratingLabel({ average: 5, count: 1 })).toBe('5.0 ★ from 1 review');
    expect(ratingLabel({ average: null, count: 0 })).toBe('');
    expect(reviewsSummary({ average: null, count: 0, reviews: [] })).toBe('No reviews yet');
  });

  it('names nobody: a verified player and a month', () => {
    expect(reviewByline({ id: 'r', rating: 4, comment: '', month: '2026-11' })).toBe('Verified player · November 2026');
    expect(starsText(4)).toBe('★★★★☆');
    expect(ratedText(4)).toBe('You rated it 4/5');
  });

  it('asks for stars before sending, and a comment that fits', () => {
    expect(reviewProblem(null, '')).toBe('Choose from 1 to 5 stars.');
    expect(reviewProblem(3, 'x'.repeat(501))).toMatch(/at most 500/);
    expect(reviewProblem(3, '')).toBeNull();
  });
});
