import { randomBytes } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { DomainError, FACILITY_PHOTO_FILE, FACILITY_PHOTO_PATH, PHOTO_CARD_PX, PHOTO_MAX_PX, sniffPhotoType } from '@courtside/domain';
import type { ServiceContext } from '../shared/context.ts';

/** Decoding a huge canvas costs memory whatever its file size: 60 million pixels takes a 48 MP phone photo. */
const MAX_INPUT_PIXELS = 60_000_000;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const photoTooLarge = (maxBytes: number) =>
  new DomainError('too_large', 'PAYLOAD_TOO_LARGE', `The photo is larger than ${megabytes(maxBytes)}: choose a smaller one or export it at a lower resolution.`, 'file');

const notAPhoto = (detail: string) => new DomainError('unsupported', 'UNSUPPORTED_MEDIA_TYPE', `${detail}: upload a JPEG, PNG or WebP photo.`, 'file');

const facilityPhotoDir = (ctx: ServiceContext) => join(ctx.config.uploadDir, 'facilities');

/** The two copies stored: the page's (at most PHOTO_MAX_PX a side) and the cards' (PHOTO_CARD_PX). */
async function reencode(bytes: Buffer): Promise<{ full: Buffer; card: Buffer }> {
  const type = sniffPhotoType(bytes.subarray(0, 16));
  if (!type) throw notAPhoto('The file is not a photo');
  try {
    // rotate() turns the pixels as EXIF says; the output carries no metadata at all (no GPS, no camera).
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await source.metadata();
    if (format !== type) throw notAPhoto(`The file starts like a ${type.toUpperCase()} but is not one`);
    const sized = (px: number, quality: number) =>
      source.clone().rotate().resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();
    const [full, card] = await Promise.all([sized(PHOTO_MAX_PX, 82), sized(PHOTO_CARD_PX, 75)]);
    return { full, card };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new DomainError('too_large', 'PAYLOAD_TOO_LARGE', 'The photo has too many pixels (over 60 million): export it at a lower resolution.', 'file');
    }
    throw notAPhoto(`The file could not be read as a ${type.toUpperCase()} image`);
  }
}

/**
 * A facility photo staff upload: told by its bytes (JPEG, PNG or WebP), re-encoded as WebP
 * (which drops EXIF, GPS included), stored under a random name readable by this process only.
 * Answers the address the facility's imageUrl takes.
 */
export async function storeFacilityPhoto(ctx: ServiceContext, bytes: Buffer): Promise<{ url: string }> {
  if (bytes.length > ctx.config.uploadMaxBytes) throw photoTooLarge(ctx.config.uploadMaxBytes);
  const { full, card } = await reencode(bytes);
  const dir = facilityPhotoDir(ctx);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = randomBytes(16).toString('hex');
  // The card copy first: once the page's exists its address is handed out, and both must be there.
  await writeFile(join(dir, `${name}-card.webp`), card, { mode: 0o600, flag: 'wx' });
  await writeFile(join(dir, `${name}.webp`), full, { mode: 0o600, flag: 'wx' });
  return { url: `${FACILITY_PHOTO_PATH}${name}.webp` };
}

/** A stored photo by its file name, to serve; any other name, or a missing file, is not found. */
export async function openFacilityPhoto(ctx: ServiceContext, file: string): Promise<{ stream: Readable; size: number }> {
  const missing = new DomainError('not_found', 'NOT_FOUND', 'No such photo.');
  if (!FACILITY_PHOTO_FILE.test(file)) throw missing;
  try {
    const handle = await open(join(facilityPhotoDir(ctx), file));
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), size };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missing;
    throw err;
  }
}
