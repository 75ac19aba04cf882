import { describe, expect, it } from 'vitest';
import { hiddenText, stars } from './review-text.ts';

describe('review text', () => {
  it('draws the stars', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(1)).toBe('★☆☆☆☆');
  });

  it('says who hid a review and why', () => {
    expect(hiddenText({ hidden: false, hiddenByName: null, hiddenReason: null })).toBe('');
    expect(hiddenText({ hidden: true, hiddenByName: 'Sam Staff', hiddenReason: 'Abusive' })).toBe('Hidden by Sam Staff: Abusive');
    expect(hiddenText({ hidden: true, hiddenByName: null, hiddenReason: null })).toBe('Hidden');
  });
});
