import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { errorCode, errorMessage } from './errors.ts';

describe('errorCode', () => {
  it("reads the envelope's code from react-admin's HttpError", () => {
    const error = new HttpError('Refused', 409, { success: false, statusCode: 409, code: 'FACILITY_HAS_BOOKINGS', message: 'This facility has 1 upcoming booking:', errorMessages: [] });
    expect(errorCode(error)).toBe('FACILITY_HAS_BOOKINGS');
    expect(errorMessage(error)).toBe('This facility has 1 upcoming booking:');
  });

  it('answers undefined for anything without one', () => {
    expect(errorCode(new HttpError('Bad gateway', 502, 'not json'))).toBeUndefined();
    expect(errorCode(new HttpError('Old server', 409, { message: 'no code' }))).toBeUndefined();
    expect(errorCode(new Error('network'))).toBeUndefined();
    expect(errorCode({ body: { code: 7 } })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode('text')).toBeUndefined();
    expect(errorMessage(undefined)).toBeUndefined();
  });
});
