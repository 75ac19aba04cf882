import { describe, expect, it } from 'vitest';
import { toFacilityBody } from './facility-body.ts';

describe("a facility form's body for the API", () => {
  it('leaves empty players per booking out, so a new facility gets its sport’s usual number', () => {
    for (const empty of [null, undefined, '']) expect(toFacilityBody({ name: 'Court 1', sport: 'padel', maxPlayers: empty })).toEqual({ name: 'Court 1', sport: 'padel', parentId: null });
    expect(toFacilityBody({ name: 'Court 1', sport: 'padel', maxPlayers: 2 })).toEqual({ name: 'Court 1', sport: 'padel', maxPlayers: 2, parentId: null });
  });

  it('drops what the API does not take and blanks that mean the venue’s defaults', () => {
    expect(
      toFacilityBody({
        id: 'f1',
        _id: 'f1',
        isDeleted: false,
        timezone: '',
        imageUrl: '  ',
        priceRules: [{ from: '18:00', to: '22:00', validFrom: '', validTo: null }],
        policy: { horizonDays: 30, minNoticeMinutes: null },
      }),
    ).toEqual({ priceRules: [{ from: '18:00', to: '22:00' }], policy: { horizonDays: 30 }, parentId: null });
  });

  it('sends the facility it is part of, or null for one of its own; never the names of its links', () => {
    const parent = { _id: 'p1', name: 'Meadow Lane Pitch' };
    expect(toFacilityBody({ name: 'Half A', parentId: 'p1', parent, parts: [] })).toEqual({ name: 'Half A', parentId: 'p1' });
    for (const none of [null, undefined, '']) expect(toFacilityBody({ name: 'Pitch', parentId: none, parent: null, parts: [{ _id: 'a', name: 'Half A' }] })).toEqual({ name: 'Pitch', parentId: null });
  });
});
