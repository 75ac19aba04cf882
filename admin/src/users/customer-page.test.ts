import { describe, expect, it } from 'vitest';
import { customerCreatedText, localStamp, newCustomerRequest, splitBookings } from './customer-page.ts';

const at = (date: string, startTime: string, endTime: string) => ({ date, startTime, endTime, facility: { timezone: 'Europe/London' } });

describe('splitBookings', () => {
  it('keeps a booking upcoming until it ends in its facility zone, soonest first; past latest first', () => {
    const now = new Date('2026-07-01T10:30:00Z'); // 11:30 in London (BST)
    const a = at('2026-07-01', '11:00', '12:00');
    const b = at('2026-07-01', '10:00', '11:00');
    const c = at('2026-07-03', '09:00', '10:00');
    const d = at('2026-06-01', '09:00', '10:00');
    const { upcoming, past } = splitBookings([c, d, a, b], now);
    expect(upcoming).toEqual([a, c]);
    expect(past).toEqual([b, d]);
  });
  it('writes the local stamp', () => {
    expect(localStamp(new Date('2026-01-01T23:05:00Z'), 'America/New_York')).toBe('2026-01-01 18:05');
  });
});

describe('newCustomerRequest', () => {
  it('posts a passwordless customer with only the contacts given', () => {
    expect(newCustomerRequest({ name: ' Ann ', phone: '555 0100', email: '' })).toEqual({ url: '/api/admin/customers', body: { name: 'Ann', phone: '555 0100' } });
  });
  it('leaves an account with a password to the users endpoint', () => {
    expect(newCustomerRequest({ withPassword: true, name: 'A' })).toBeNull();
  });
  it('says whether a link was emailed', () => {
    expect(customerCreatedText(true)).toBe('Customer created, and emailed a link to choose a password');
    expect(customerCreatedText(false)).toBe('Customer created');
  });
});
