import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type Gzip, type BrotliCompress } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { acceptsEncoding } from './accept-encoding.ts';

/**
 * Levels for pages compressed as they are rendered: cheap ones. A whole day's Find a court page
 * (307 KB of very repetitive HTML) comes to 18.5 KB at brotli 2 in 0.9 ms, 21.5 KB at gzip 3 in
 * 0.8 ms; brotli 4 saves 3 KB more for 1.6 ms, and the bench's page p95 under load felt it.
 */
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 3;

export type PageCoding = 'br' | 'gzip';

/** The coding a page is sent in: brotli when the browser takes it (every current one does), else gzip, else none. */
export function pageCodingFor(acceptEncoding: string | undefined): PageCoding | undefined {
  if (acceptsEncoding(acceptEncoding, 'br')) return 'br';
  if (acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip';
  return undefined;
}

/** What may be compressed: HTML with a body (no redirect, no 204/304, not HEAD) that is not encoded already. */
function compressible(req: IncomingMessage, res: ServerResponse, status: number): boolean {
  if (req.method === 'HEAD' || status < 200 || status === 204 || status === 304 || (status >= 300 && status < 400)) return false;
  return /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')) && !res.hasHeader('content-encoding');
}

/** Adds accept-encoding to the Vary header, keeping what it names already. */
function varyOnEncoding(res: ServerResponse): void {
  const vary = res.getHeader('vary');
  const names = vary === undefined ? [] : String(vary).split(',').map((v) => v.trim()).filter(Boolean);
  if (!names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) res.setHeader('vary', [...names, 'accept-encoding'].join(', '));
}

type WriteHead = ServerResponse['writeHead'];
type Write = ServerResponse['write'];
type End = ServerResponse['end'];
/** Node's own methods, called with the arguments they were given. */
type Untyped<R> = (this: ServerResponse, ...args: unknown[]) => R;
type Callback = (err?: Error | null) => void;

/**
 * Compresses the HTML page a renderer writes straight to `res` (the Astro handler writes to the
 * raw response: no Fastify hook sees its body), streaming, for a browser that accepts it: the
 * response's writeHead, write and end are wrapped for this one response. Anything else it
 * writes (a redirect, JSON, a precompressed file) goes through untouched. Returns what undoes
 * the wrapping, for a request the renderer passes on before writing anything.
 */
export function compressPageOf(req: IncomingMessage, res: ServerResponse): () => void {
  const coding = pageCodingFor(req.headers['accept-encoding']);
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const restore = () => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
  };

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    restore();
    // writeHead(status, [message], [headers]): the headers are set first, so the decision sees them all.
    const message = typeof rest[0] === 'string' ? (rest.shift() as string) : undefined;
    const headers = rest[0] as OutgoingHttpHeaders | undefined;
    const head = (...headers: unknown[]) => (writeHead as Untyped<ServerResponse>).call(res, status, ...(message === undefined ? [] : [message]), ...headers);
    // Raw header arrays are not what a renderer of pages writes: left as they are.
    if (Array.isArray(headers)) return head(headers);
    if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    if (compressible(req, res, status)) {
      varyOnEncoding(res);
      if (coding) compressInto(res, coding, write as Untyped<boolean>, end as Untyped<ServerResponse>);
    }
    return head();
  } as WriteHead;
  // A body written before any writeHead: the head is decided first (as Node would write it), then the body goes where it says.
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    return (res.write as (...a: unknown[]) => boolean)(...args);
  } as Write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    return (res.end as (...a: unknown[]) => ServerResponse)(...args);
  } as End;
  return restore;
}

/** From here on, what is written to `res` goes through a compressor whose output is the response's body. */
function compressInto(res: ServerResponse, coding: PageCoding, write: Untyped<boolean>, end: Untyped<ServerResponse>): void {
  res.setHeader('content-encoding', coding);
  res.removeHeader('content-length');
  const stream: Gzip | BrotliCompress =
    coding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : createGzip({ level: GZIP_LEVEL });
  stream.on('data', (bytes: Buffer) => {
    // The socket's backpressure reaches the compressor (the renderer does not wait on write's answer).
    if (!write.call(res, bytes)) {
      stream.pause();
      res.once('drain', () => stream.resume());
    }
  });
  stream.on('end', () => end.call(res));
  stream.on('error', (err) => res.destroy(err));
  // A browser gone mid-page: nothing more to compress.
  res.once('close', () => stream.destroy());

  res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (typeof encoding === 'function') return stream.write(chunk, encoding as Callback);
    return stream.write(chunk, (encoding ?? 'utf8') as BufferEncoding, cb as Callback | undefined);
  } as Write;
  res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
    const done = [chunk, encoding, cb].find((a) => typeof a === 'function') as (() => void) | undefined;
    if (done) res.once('finish', done);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') stream.write(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    stream.end();
    return res;
  } as End;
}

/** A fixed page in each coding, compressed once at the best ratios (the prerendered pages, read at start). */
export function pageVariants(html: Buffer): Record<PageCoding, Buffer> {
  return {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}
