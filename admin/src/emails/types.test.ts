import { describe, expect, test } from 'vitest';
import { deliveryProblem, isRetryable } from './types.ts';

describe('where a message stands', () => {
  test('only a failed message is retried, and it says so', () => {
    expect(isRetryable({ state: 'failed' })).toBe(true);
    expect(isRetryable({ state: 'pending' })).toBe(false);
    expect(isRetryable({ state: 'sent' })).toBe(false);
    expect(deliveryProblem({ state: 'failed', attempts: 12, lastError: 'relay said no' })).toEqual({
      severity: 'error',
      text: 'Not sent: the outbox gave up after 12 attempts. Retry puts it back in the queue, due now.',
    });
  });

  test('a message being retried is a warning; a sent one or a first try is nothing to report', () => {
    expect(deliveryProblem({ state: 'pending', attempts: 1, lastError: 'timeout' })?.text).toBe('Not sent yet: 1 attempt failed so far. The outbox keeps trying for a day.');
    expect(deliveryProblem({ state: 'pending', attempts: 0, lastError: null })).toBeNull();
    expect(deliveryProblem({ state: 'sent', attempts: 2, lastError: 'timeout' })).toBeNull();
  });
});
