import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { linkConflictOf, partOfChoices } from './part-of.ts';

const node = (id: string, parentId: string | null = null, isDeleted = false) => ({ id, name: `Court ${id}`, parentId, isDeleted });
// A pitch with two halves, a court of its own, a deleted hall.
const facilities = [node('pitch'), node('half-a', 'pitch'), node('half-b', 'pitch'), node('solo'), node('hall', null, true)];

describe('the "Part of" choices', () => {
  it('offers what the one-level rule allows: live facilities that are part of nothing, never itself', () => {
    expect(partOfChoices(null, facilities, null).map((c) => c.id)).toEqual(['pitch', 'solo']);
    expect(partOfChoices('solo', facilities, null).map((c) => c.id)).toEqual(['pitch']);
    expect(partOfChoices('half-a', facilities, { _id: 'pitch', name: 'Court pitch' })).toEqual([
      { id: 'pitch', name: 'Court pitch' },
      { id: 'solo', name: 'Court solo' },
    ]);
  });

  it('offers nothing to a facility with parts (a parent is part of nothing)', () => {
    expect(partOfChoices('pitch', facilities, null)).toEqual([]);
  });

  it('keeps the saved parent offered before the list has come', () => {
    expect(partOfChoices('half-a', [], { _id: 'pitch', name: 'Meadow Lane Pitch' })).toEqual([{ id: 'pitch', name: 'Meadow Lane Pitch' }]);
  });
});

describe('a LINK_CONFLICT refusal', () => {
  const conflict = { facilityId: 'a', facilityName: 'Half A', date: '2027-03-02', startTime: '10:00', endTime: '11:00', bookingId: 'b1', customer: 'Ann Lee', reason: 'Court 2 booked then' };
  const refusal = (code: string, conflicts: unknown[]) => new HttpError('It cannot be part of Court 2 while this booking overlaps time taken there. Move or cancel it first.', 409, { code, message: 'It cannot be part of Court 2 while this booking overlaps time taken there. Move or cancel it first.', conflicts });

  it("carries the server's words and the bookings in the way, each with whose it is", () => {
    expect(linkConflictOf(refusal('LINK_CONFLICT', [conflict]))).toEqual({
      message: 'It cannot be part of Court 2 while this booking overlaps time taken there. Move or cancel it first.',
      conflicts: [{ ...conflict, reason: "Ann Lee's booking: Court 2 booked then" }],
    });
  });

  it('is no other refusal', () => {
    expect(linkConflictOf(refusal('LINK_REFUSED', [conflict]))).toBeUndefined();
    expect(linkConflictOf(refusal('CLOSURE_CONFLICT', [conflict]))).toBeUndefined();
    expect(linkConflictOf(new Error('offline'))).toBeUndefined();
  });
});
