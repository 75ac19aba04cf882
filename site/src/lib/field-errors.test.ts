import { describe, expect, it } from 'vitest';
import { ApiError } from '@courtside/browser';
import { fieldErrorsOf } from './field-errors.ts';

describe('fieldErrorsOf', () => {
  const keys = ['name', 'currentPassword'] as const;

  it("keys the server's field errors by the form's fields, however the path is written", () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'x', [
      { path: '/body/name', message: 'name is too long' },
      { path: 'currentPassword', message: 'The current password is incorrect.' },
      { path: 'role', message: 'not a field of this form' },
    ]);
    expect(fieldErrorsOf(err, keys)).toEqual({ name: 'name is too long', currentPassword: 'The current password is incorrect.' });
  });

  it('keeps the first error of a field, and finds none in anything but an ApiError', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'x', [{ path: 'name', message: 'first' }, { path: 'name', message: 'second' }]);
    expect(fieldErrorsOf(err, keys)).toEqual({ name: 'first' });
    expect(fieldErrorsOf(new Error('boom'), keys)).toEqual({});
  });
});
