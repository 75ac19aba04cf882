import { describe, expect, test } from 'vitest';
import { emailText, hasMailbox, mailto } from './mailto.ts';

describe('mailto', () => {
  test('a crafted address adds no cc, bcc or body: it stays one recipient', () => {
    const href = mailto('a@b.c?cc=x@y.z&body=hi');
    expect(href).toBe('mailto:a@b.c%3Fcc%3Dx@y.z%26body%3Dhi');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect([...url.searchParams.keys()]).toEqual([]);
    expect(decodeURIComponent(url.pathname)).toBe('a@b.c?cc=x@y.z&body=hi');
  });

  test('line breaks, commas and percent signs are encoded too', () => {
    const href = mailto('a@b.c\r\nbcc: x@y.z,c@d.e%3F');
    expect(href).not.toMatch(/[\r\n?,&]/);
    expect(decodeURIComponent(new URL(href).pathname)).toBe('a@b.c\r\nbcc: x@y.z,c@d.e%3F');
  });

  test('a plain address reads as itself; the subject is one encoded query value', () => {
    expect(mailto('ann.lee+courts@example.com')).toBe('mailto:ann.lee%2Bcourts@example.com');
    const href = mailto('ann@example.com', 'Re: Courts & times?cc=x@y.z');
    const url = new URL(href);
    expect([...url.searchParams.entries()]).toEqual([['subject', 'Re: Courts & times?cc=x@y.z']]);
    expect(decodeURIComponent(url.pathname)).toBe('ann@example.com');
  });

  test("a walk-in's stand-in address (.invalid) has no mailbox and reads as No email", () => {
    expect(hasMailbox('guest-1f2e@no-email.invalid')).toBe(false);
    expect(emailText('guest-1f2e@NO-EMAIL.INVALID')).toBe('No email');
    expect(emailText('ann@example.com')).toBe('ann@example.com');
  });
});
