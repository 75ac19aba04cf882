import { describe, expect, it } from 'vitest';
import { playUntil } from './play-time.ts';

describe('the play a booking gets', () => {
  it('is said only when a changeover takes the end of it', () => {
    expect(playUntil({ endTime: '11:00', playEndTime: '10:50' })).toBe('play until 10:50 AM');
    expect(playUntil({ endTime: '11:00', playEndTime: '11:00' })).toBeUndefined();
  });
});
