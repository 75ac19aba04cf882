import { isSport } from './sports.ts';

/** The photo formats staff may upload, told by their first bytes (never by a name or a declared type). */
export type PhotoType = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) => expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF....WEBP); anything else is undefined. */
export function sniffPhotoType(head: Uint8Array): PhotoType | undefined {
  if (startsWith(head, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, 0, ascii('RIFF')) && startsWith(head, 8, ascii('WEBP'))) return 'webp';
  return undefined;
}

/** Largest width and height of a stored photo, and of the smaller copy the site's cards load. */
export const PHOTO_MAX_PX = 1600;
export const PHOTO_CARD_PX = 800;

/** Where uploaded facility photos are served; a stored file's name is 32 hex digits, `-card` for the small copy. */
export const FACILITY_PHOTO_PATH = '/uploads/facilities/';
export const FACILITY_PHOTO_FILE = /^[0-9a-f]{32}(-card)?\.webp$/;

/** The smaller copy of an uploaded photo, for cards and thumbnails; any other image is its own. */
export function cardPhotoUrl(url: string): string {
  if (!url.startsWith(FACILITY_PHOTO_PATH)) return url;
  const file = url.slice(FACILITY_PHOTO_PATH.length);
  return FACILITY_PHOTO_FILE.test(file) && !file.includes('-card') ? `${FACILITY_PHOTO_PATH}${file.replace(/\.webp$/, '-card.webp')}` : url;
}

/** The picture shown instead of a facility photo that fails to load: its sport's, or a generic court. */
export function sportPlaceholder(sport: string | undefined): string {
  return `/images/facilities/${isSport(sport) ? sport : 'other'}.svg`;
}
