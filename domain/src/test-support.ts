import { expect } from 'vitest';
import { DomainError } from './errors.ts';

/** Runs `fn`, expecting it to throw a DomainError, and returns that error for the test to inspect. */
export function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}
