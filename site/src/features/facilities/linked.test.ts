import { describe, expect, it } from 'vitest';
import { sharedGround } from './linked.ts';

describe("a facility page's shared ground (linked courts)", () => {
  it('a part names its parent', () => {
    expect(sharedGround({ parent: { _id: 'p', name: 'Meadow Lane Pitch' }, parts: [] })).toEqual({
      text: 'Part of a larger space: while the whole of it is booked, this part is not free. Other parts can be booked at the same time.',
      links: [{ href: '/facilities/p', name: 'Meadow Lane Pitch' }],
    });
  });

  it('a parent names its parts', () => {
    const ground = sharedGround({ parent: null, parts: [{ _id: 'a', name: 'Half A' }, { _id: 'b', name: 'Half B' }] });
    expect(ground?.text).toBe('Also booked in 2 parts: booking here takes all of them, so a time is free only when every part is.');
    expect(ground?.links.map((l) => l.name)).toEqual(['Half A', 'Half B']);
  });

  it('says nothing for a facility on its own', () => {
    expect(sharedGround({ parent: null, parts: [] })).toBeUndefined();
  });
});
