import { describe, expect, it } from 'vitest';
import { escapeHtml, hasBidiControl, hasLoneSurrogate, hasStrayControl, isBlank, isImageUrl, isOneLine, isSaneEmail } from './text.ts';

describe('isBlank', () => {
  it.each(['', ' ', '   ', '\t\n', '\u00A0', '\u3000', '\u200B', '\uFEFF', ' \u200E\u202E '])('%j is blank', (text) => {
    expect(isBlank(text)).toBe(true);
  });

  it.each(['a', ' Alice ', '0', '·', 'זאב', '李'])('%j is not', (text) => {
    expect(isBlank(text)).toBe(false);
  });
});

describe('hasBidiControl', () => {
  it.each(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'])('finds U+%s', (ch) => {
    expect(hasBidiControl(`Alice ${ch}gnp.exe`)).toBe(true);
  });

  it('leaves ordinary text alone, right-to-left scripts included', () => {
    for (const text of ['Alice', 'Zoë Ångström', 'مريم', 'דוד כהן', 'Court 1 – Centre']) expect(hasBidiControl(text)).toBe(false);
  });
});

describe('isSaneEmail', () => {
  it.each([
    'alice@example.com',
    'Alice.Smith@Example.CO.uk',
    "o'brien+tennis@mail.example.org",
    'a!$*/=^_`{|}~-b@example.io',
    'admin@courtside.local',
    'x@sub.xn--p1ai',
  ])('accepts %s', (email) => {
    expect(isSaneEmail(email)).toBe(true);
  });

  it.each([
    // What turns a mailto: link into more than one recipient, a subject or a body.
    'a@example.com?cc=eve@evil.example',
    'a?bcc=eve@evil.example@example.com',
    'a&body=hi@example.com',
    'a%0Abcc@example.com',
    'a,eve@example.com',
    'a;eve@example.com',
    'a b@example.com',
    '"a b"@example.com',
    '<a@example.com>',
    'a#frag@example.com',
    'a\n@example.com',
    'a@example.com\n',
    // Not an address at all.
    'plain',
    '@example.com',
    'a@',
    'a@localhost',
    'a@example',
    'a@example.c0m',
    'a@-example.com',
    'a@example-.com',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a@exa_mple.com',
    'a@[127.0.0.1]',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (email) => {
    expect(isSaneEmail(email)).toBe(false);
  });
});

describe('isImageUrl', () => {
  it.each([
    'https://example.com/p.png',
    'HTTPS://cdn.example.com:8443/a/b.jpg?size=200#top',
    'https://example.com',
    '/images/avatar.svg',
    '/images/facilities/tennis.svg',
    '/a',
    '/',
  ])('accepts %s', (url) => {
    expect(isImageUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'http://example.com/p.png',
    '//evil.example/p.png',
    '/\\evil.example/p.png',
    '\\\\evil.example',
    'https:/example.com',
    'https://',
    'https://user:pw@example.com/p.png',
    'https://exa mple.com/p.png',
    'https://example.com/a b.png',
    'https://example.com/a\\b',
    '/images/a\u0000.svg',
    '/images/\u202Egnp.svg',
    'images/avatar.svg',
    'ftp://example.com/p.png',
    '',
  ])('refuses %j', (url) => {
    expect(isImageUrl(url)).toBe(false);
  });
});

describe('isOneLine, hasStrayControl, hasLoneSurrogate', () => {
  const C0_C1 = [...Array(0x20).keys(), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)].map((c) => String.fromCharCode(c));

  it('a one-line text takes no C0 or C1 control character, tab included', () => {
    for (const ch of C0_C1) expect(isOneLine(`Alice${ch}Bob`), `U+${ch.charCodeAt(0).toString(16)}`).toBe(false);
    for (const text of ['Alice', 'Zoë Ångström', 'مريم', '李 🎾', 'Court 1 – Centre', '\u00A0']) expect(isOneLine(text)).toBe(true);
  });

  it('a multi-line text takes line breaks and tab, and no other control character', () => {
    for (const ch of C0_C1) expect(hasStrayControl(`Hi${ch}there`), `U+${ch.charCodeAt(0).toString(16)}`).toBe(!['\t', '\n', '\r'].includes(ch));
  });

  it('finds half a surrogate pair, alone or out of order, and never a whole one', () => {
    for (const text of ['\ud800', 'a\udc00b', '\ude00\ud83d', '\ud83d']) expect(hasLoneSurrogate(text)).toBe(true);
    for (const text of ['🎾', 'a\ud83c\udfbeb', 'plain']) expect(hasLoneSurrogate(text)).toBe(false);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that end a text or an attribute value, and nothing else', () => {
    expect(escapeHtml(`<'&">`)).toBe('&lt;&#39;&amp;&quot;&gt;');
    expect(escapeHtml('Court A · 10:00')).toBe('Court A · 10:00');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
