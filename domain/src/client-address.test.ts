import { describe, expect, it } from 'vitest';
import { addressBucket } from './client-address.ts';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucket('192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every IPv6 address of one /64 as that /64, however it is written', () => {
    const bucket = '2001:db8:aa:1::/64';
    for (const address of ['2001:db8:aa:1::1', '2001:0db8:00aa:0001:ffff:ffff:ffff:ffff', '2001:DB8:AA:1:0:0:0:2', '[2001:db8:aa:1::3]', '2001:db8:aa:1::4%eth0']) {
      expect(addressBucket(address), address).toBe(bucket);
    }
    expect(addressBucket('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address (hex or dotted)', () => {
    expect(addressBucket('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('::FFFF:c000:207')).toBe('192.0.2.7');
    expect(addressBucket('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
    // Not mapped: the /64 rule.
    expect(addressBucket('::fffe:192.0.2.7')).toBe('0:0:0:0::/64');
  });

  it('returns what is not an address unchanged', () => {
    for (const text of ['unknown', '1:2:3', '1::2::3', '2001:db8::g', '::ffff:300.0.0.1', '1:2:3:4:5:6:7:8:9']) {
      expect(addressBucket(text), text).toBe(text);
    }
  });
});
