/**
 * Facility photo uploads (POST /api/admin/uploads/facility-photo): staff only; the type is told
 * by the file's bytes; 413 past UPLOAD_MAX_BYTES or too many pixels; stored re-encoded as WebP
 * (no EXIF), at most 1600 px a side plus an 800 px copy for cards, owner-only; served from
 * /uploads/facilities/ with the headers every image gets and a long cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { admin, customer, facility, type Actor } from './support/actors.ts';

const URL_PATH = '/api/admin/uploads/facility-photo';
const MAX_BYTES = 8 * 1024 * 1024;

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(file: Buffer, { filename = 'photo.jpg', type = 'image/jpeg', field = 'file' } = {}) {
  const boundary = '----courtside-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A camera-like JPEG: 4000x3000 with EXIF naming the camera and where it was taken. */
const cameraJpeg = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#2e7d32' } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Spy 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();

/** A real 1x1 PNG whose header then claims 20000x20000: a decompression bomb's shape, a few bytes long. */
async function pixelBomb() {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
  // IHDR: length (4) + "IHDR" (4) + width (4) + height (4) + 5 bytes, then its CRC over type and data.
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('facility photo uploads', () => {
  let t: TestApp;
  let uploadDir: string;
  let staff: Actor;
  let member: Actor;

  const upload = (file: Buffer, who: Actor | undefined, options?: Parameters<typeof multipart>[1]) => {
    const body = multipart(file, options);
    return t.app.inject({ method: 'POST', url: URL_PATH, payload: body.payload, headers: { ...body.headers, ...who?.auth } });
  };
  const stored = async () => (await readdir(join(uploadDir, 'facilities')).catch(() => [] as string[])).sort();

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'courtside-uploads-'));
    t = await createTestApp({ env: { UPLOAD_DIR: uploadDir } });
    staff = await admin(t.app);
    member = await customer(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('stores a camera JPEG re-encoded as WebP, 1600 px wide at most (aspect kept), with no EXIF, owner-only; and an 800 px card copy', async () => {
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original, staff);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/facilities\/[0-9a-f]{32}\.webp$/);
    const name = url.split('/').pop()!;
    const card = name.replace('.webp', '-card.webp');
    expect(await stored()).toEqual([card, name].sort());

    const dir = join(uploadDir, 'facilities');
    const full = await sharp(join(dir, name)).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(full.exif).toBeUndefined();
    expect(full.xmp).toBeUndefined();
    const small = await sharp(join(dir, card)).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(small.exif).toBeUndefined();
    expect((await stat(join(dir, card))).size).toBeLessThan((await stat(join(dir, name))).size);
    expect((await stat(join(dir, name))).size).toBeLessThan(original.length);

    expect((await stat(join(dir, name))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, card))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('takes a PNG sent with no type or a wrong one (only the bytes count), and never enlarges a small one', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff000080' } }).png().toBuffer();
    const res = await upload(png, staff, { filename: 'court.txt', type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    const name = (res.json() as { url: string }).url.split('/').pop()!;
    expect(await sharp(join(uploadDir, 'facilities', name)).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('refuses with 415 a file that claims to be a PNG but is not one, and one that starts like a JPEG but is not; nothing is stored', async () => {
    const before = await stored();
    const html = await upload(Buffer.from('<html><script>alert(document.cookie)</script></html>'), staff, { filename: 'photo.png', type: 'image/png' });
    expect(html.statusCode, html.body).toBe(415);
    expect(html.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', errorMessages: [{ path: 'file' }] });
    expect(html.json().message).toMatch(/JPEG, PNG or WebP/);

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), staff, { filename: 'photo.svg', type: 'image/svg+xml' });
    expect(svg.statusCode).toBe(415);
    const fakeJpeg = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), staff);
    expect(fakeJpeg.statusCode, fakeJpeg.body).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it('refuses with 413 and a clear message a file over 8 MB, and a small file whose header claims 400 million pixels', async () => {
    const before = await stored();
    const big = Buffer.concat([await cameraJpeg(), Buffer.alloc(MAX_BYTES)]);
    const tooBig = await upload(big, staff);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(tooBig.json().message).toMatch(/larger than 8 MB/);

    // One byte over, inside what a body may add around its file: refused as it streams, not by the header.
    const justOver = await upload(Buffer.alloc(MAX_BYTES + 1, 1), staff);
    expect(justOver.statusCode, justOver.body).toBe(413);
    expect(justOver.json().message).toMatch(/larger than 8 MB/);

    const bomb = await upload(await pixelBomb(), staff, { filename: 'bomb.png', type: 'image/png' });
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(bomb.json().message).toMatch(/too many pixels/);
    expect(await stored()).toEqual(before);
  });

  it('is for staff only: 401 signed out, 403 for a customer; nothing is stored', async () => {
    const before = await stored();
    const jpeg = await cameraJpeg();
    const anonymous = await upload(jpeg, undefined);
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await upload(jpeg, member);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect(await stored()).toEqual(before);
  });

  it('takes only multipart: a JSON or form body, or none, is 415; a multipart body without the file field is 400', async () => {
    const json = await t.app.inject({ method: 'POST', url: URL_PATH, headers: staff.auth, payload: { url: 'https://example.com/x.jpg' } });
    expect(json.statusCode, json.body).toBe(415);
    const form = await t.app.inject({ method: 'POST', url: URL_PATH, headers: { ...staff.auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'file=x' });
    expect(form.statusCode, form.body).toBe(415);
    const empty = await t.app.inject({ method: 'POST', url: URL_PATH, headers: staff.auth });
    expect(empty.statusCode, empty.body).toBe(415);
    const boundary = 'b0';
    const noFile = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { ...staff.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json().message).toMatch(/file is required/);
  });

  it('serves a stored photo from this origin as image/webp with a year-long immutable cache, nosniff and the policy /images gets; a facility saves it as its imageUrl', async () => {
    const { url } = (await upload(await cameraJpeg(), staff)).json() as { url: string };
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const image = await t.app.inject({ url: '/images/facilities/tennis.svg' });
    expect(res.headers['content-security-policy']).toBe(image.headers['content-security-policy']);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1600);
    const card = await t.app.inject({ url: url.replace('.webp', '-card.webp') });
    expect((await sharp(card.rawPayload).metadata()).width).toBe(800);

    const court = await facility(t.app, staff);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/admin/facilities/${court._id}`, headers: staff.auth, payload: { imageUrl: url } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: `/api/facility/${court._id}` })).json().data.imageUrl).toBe(url);
  });

  it('serves nothing else from the upload folder: unknown names, other extensions and paths that climb out are 404', async () => {
    for (const url of [
      '/uploads/facilities/0123456789abcdef0123456789abcdef.webp',
      '/uploads/facilities/..%2F..%2Fetc%2Fpasswd',
      '/uploads/facilities/notes.txt',
      '/uploads/facilities/%2e%2e',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/image/);
    }
  });
});
