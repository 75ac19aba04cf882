import { describe, expect, it } from 'vitest';
import { usersListPath } from './customer-search.ts';

describe('usersListPath', () => {
  it('filters the users list by the text', () => {
    expect(decodeURIComponent(usersListPath('555 0100'))).toBe('/users?filter={"q":"555 0100"}');
  });
});
