import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES, RateLimited, invalid } from './errors.ts';

describe('DomainError', () => {
  it('carries kind, code, message and path', () => {
    const e = new DomainError('conflict', 'SLOT_TAKEN', 'Taken.', 'startTime');
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(DomainError);
    expect(e.name).toBe('DomainError');
    expect(e.kind).toBe('conflict');
    expect(e.code).toBe('SLOT_TAKEN');
    expect(e.message).toBe('Taken.');
    expect(e.path).toBe('startTime');
  });

  it('has an undefined path when none is given', () => {
    expect(new DomainError('not_found', 'NOT_FOUND', 'Not found.').path).toBeUndefined();
  });
});

describe('invalid', () => {
  it('builds an invalid-kind DomainError', () => {
    const e = invalid('INVALID_DATE', 'date is wrong', 'date');
    expect(e).toBeInstanceOf(DomainError);
    expect(e.kind).toBe('invalid');
    expect(e.code).toBe('INVALID_DATE');
    expect(e.message).toBe('date is wrong');
    expect(e.path).toBe('date');
  });
});

describe('RateLimited', () => {
  it('is a rate_limited DomainError that says when to come back', () => {
    const e = new RateLimited('Slow down.', 30);
    expect(e).toBeInstanceOf(DomainError);
    expect(e.kind).toBe('rate_limited');
    expect(e.code).toBe('TOO_MANY_REQUESTS');
    expect(e.retryAfterSeconds).toBe(30);
  });
});

describe('ERROR_CODES', () => {
  it('lists each code once, in the wire form', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});
