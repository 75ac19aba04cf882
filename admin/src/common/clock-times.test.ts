import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_FORMAT } from '@courtside/domain';
import { setMoneyFormat } from '@courtside/browser';
import { clockTimeChoices } from './clock-times.ts';

describe('time field choices', () => {
  afterEach(() => setMoneyFormat(DEFAULT_MONEY_FORMAT));

  it('label HH:mm values on the venue clock: 12-hour for en-US', () => {
    const choices = clockTimeChoices(undefined, { from: 17 * 60, to: 18 * 60, stepMinutes: 30 });
    expect(choices).toEqual([
      { id: '17:00', name: '5:00 PM' },
      { id: '17:30', name: '5:30 PM' },
      { id: '18:00', name: '6:00 PM' },
    ]);
  });

  it('and 24-hour for en-GB, the same values', () => {
    setMoneyFormat({ currency: 'USD', locale: 'en-GB' });
    expect(clockTimeChoices(undefined, { from: 17 * 60, to: 18 * 60, stepMinutes: 60 })).toEqual([
      { id: '17:00', name: '17:00' },
      { id: '18:00', name: '18:00' },
    ]);
  });

  it('keep a saved value off the grid, and say what 24:00 is', () => {
    const choices = clockTimeChoices('09:10', { from: 9 * 60, to: 24 * 60, stepMinutes: 60 });
    expect(choices.map((c) => c.id).slice(0, 3)).toEqual(['09:00', '09:10', '10:00']);
    expect(choices.at(-1)).toEqual({ id: '24:00', name: '12:00 AM (midnight, end of day)' });
  });
});
