import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { conflictWhen, conflictsOf } from './conflicts.ts';

const conflict = { facilityId: 'f1', facilityName: 'Centre Court', date: '2027-03-02', startTime: '10:00', endTime: '11:00', bookingId: 'b1', customer: 'Ann', reason: 'booked by Ann (paid)' };

describe('conflicts', () => {
  it("reads the list a CLOSURE_CONFLICT or SERIES_CONFLICT carries in the envelope", () => {
    const error = new HttpError('1 booking is in the way', 409, { success: false, statusCode: 409, code: 'CLOSURE_CONFLICT', message: '1 booking is in the way', errorMessages: [], conflicts: [conflict] });
    expect(conflictsOf(error)).toEqual([conflict]);
  });

  it('answers undefined when there is none', () => {
    expect(conflictsOf(new HttpError('Taken', 409, { code: 'SLOT_TAKEN', conflicts: [] }))).toBeUndefined();
    expect(conflictsOf(new HttpError('Taken', 409, { code: 'SLOT_TAKEN' }))).toBeUndefined();
    expect(conflictsOf(new Error('network'))).toBeUndefined();
    expect(conflictsOf(undefined)).toBeUndefined();
  });

  it('says when, on the facility clock', () => {
    expect(conflictWhen(conflict)).toBe('Tue, Mar 2 · 10:00 AM – 11:00 AM');
  });
});
