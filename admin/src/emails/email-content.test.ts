import { describe, expect, test } from 'vitest';
import { attachmentHref, linksInText, previewDocument } from './email-content.ts';

describe('linksInText', () => {
  test("reads the templates' links with their labels, once each, in order", () => {
    const text = [
      'Hello Ann,',
      'Choose a new password: http://localhost:3000/reset-password?token=abc%2Bdef',
      'Or paste https://courts.example.com/forgot-password.',
      'My bookings: http://localhost:3000/dashboard/my-bookings',
      'Again: http://localhost:3000/reset-password?token=abc%2Bdef',
    ].join('\n');
    expect(linksInText(text)).toEqual([
      { url: 'http://localhost:3000/reset-password?token=abc%2Bdef', label: 'Choose a new password' },
      { url: 'https://courts.example.com/forgot-password' },
      { url: 'http://localhost:3000/dashboard/my-bookings', label: 'My bookings' },
    ]);
  });

  test("a customer's sentence before a colon is no label", () => {
    expect(linksInText('Is court 3 free? Our league schedule: https://league.example.com/s.')).toEqual([{ url: 'https://league.example.com/s' }]);
    expect(linksInText(`${'Very long words '.repeat(5)}: https://example.com/`)).toEqual([{ url: 'https://example.com/' }]);
  });

  test('only web addresses count; a closing bracket of the sentence is not part of one', () => {
    expect(linksInText('javascript:alert(1) mailto:a@b.c data:text/html,x')).toEqual([]);
    expect(linksInText('(see https://example.com/a) and https://example.com/wiki/Court_(tennis)')).toEqual([
      { url: 'https://example.com/a' },
      { url: 'https://example.com/wiki/Court_(tennis)' },
    ]);
  });
});

describe('previewDocument', () => {
  test('aims links at a new window, inside the document, keeping the doctype first', () => {
    expect(previewDocument('<!doctype html><html><body><a href="x">x</a></body></html>')).toBe('<!doctype html><html><base target="_blank"><body><a href="x">x</a></body></html>');
    expect(previewDocument('<!DOCTYPE html><p>hi</p>')).toBe('<!DOCTYPE html><base target="_blank"><p>hi</p>');
    expect(previewDocument('<p>hi</p>')).toBe('<base target="_blank"><p>hi</p>');
  });
});

describe('attachmentHref', () => {
  test('is the attached text under its own content type', async () => {
    const content = 'BEGIN:VCALENDAR\r\nSUMMARY:Court 1 #2, 50% off\r\nEND:VCALENDAR\r\n';
    const href = attachmentHref({ filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content });
    expect(href.startsWith('data:text/calendar;charset=utf-8;method=PUBLISH,')).toBe(true);
    const file = await fetch(href);
    expect(file.headers.get('content-type')).toContain('text/calendar');
    expect(await file.text()).toBe(content);
  });
});

describe('inline images', () => {
  const qr = { filename: 'door-code.png', contentType: 'image/png', content: 'iVBORw0KGgo=', encoding: 'base64' as const, cid: 'door-code@courtside' };

  test('an image attached in base64 downloads as its bytes', () => {
    expect(attachmentHref(qr)).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  test('the preview shows it where the HTML names its Content-ID, and nothing else changes', () => {
    const html = '<!doctype html><html><body><p>cid:door-code@courtside</p><img src="cid:door-code@courtside" alt="QR"></body></html>';
    const doc = previewDocument(html, [qr]);
    expect(doc).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="QR">');
    expect(doc).toContain('<p>cid:door-code@courtside</p>');
    expect(previewDocument(html)).toContain('src="cid:door-code@courtside"');
  });
});
