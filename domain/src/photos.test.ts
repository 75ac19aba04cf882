import { describe, expect, it } from 'vitest';
import { cardPhotoUrl, sniffPhotoType, sportPlaceholder } from './photos.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffPhotoType', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffPhotoType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(sniffPhotoType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses everything else, however it is named: GIF, SVG, HTML, a truncated header, nothing', () => {
    expect(sniffPhotoType(bytes('GIF89a'))).toBeUndefined();
    expect(sniffPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffPhotoType(bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffPhotoType(bytes([0x89], 'PNG'))).toBeUndefined();
    expect(sniffPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeUndefined();
    expect(sniffPhotoType(new Uint8Array())).toBeUndefined();
  });
});

describe('cardPhotoUrl', () => {
  const id = '0123456789abcdef0123456789abcdef';
  it('points an uploaded photo at its small copy', () => {
    expect(cardPhotoUrl(`/uploads/facilities/${id}.webp`)).toBe(`/uploads/facilities/${id}-card.webp`);
  });
  it('leaves any other image as it is', () => {
    expect(cardPhotoUrl('/images/facilities/tennis.svg')).toBe('/images/facilities/tennis.svg');
    expect(cardPhotoUrl('https://example.com/uploads/facilities/x.webp')).toBe('https://example.com/uploads/facilities/x.webp');
    expect(cardPhotoUrl(`/uploads/facilities/${id}-card.webp`)).toBe(`/uploads/facilities/${id}-card.webp`);
    expect(cardPhotoUrl('/uploads/facilities/../secret.webp')).toBe('/uploads/facilities/../secret.webp');
  });
});

describe('sportPlaceholder', () => {
  it("is the sport's picture, or the generic one for other and unknown sports", () => {
    expect(sportPlaceholder('padel')).toBe('/images/facilities/padel.svg');
    expect(sportPlaceholder('other')).toBe('/images/facilities/other.svg');
    expect(sportPlaceholder('curling')).toBe('/images/facilities/other.svg');
    expect(sportPlaceholder(undefined)).toBe('/images/facilities/other.svg');
  });
});
