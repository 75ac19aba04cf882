import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { LogDestination } from './log-destination.ts';

/**
 * One log line per completed request, written by Fastify's own log controller (no hook, no
 * second line): reqId, method, url (secrets masked), status and ms. Fastify's "incoming
 * request" / "request completed" pair is replaced; its error lines (a failed serializer, a
 * stream cut after the headers, ...) are kept, and so are ours (plugins/errors.ts). Pages the
 * site renders are logged too: Fastify sees their answer finish.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ ...fieldsOf(request, reply.statusCode, reply.elapsedTime), err: error }, 'request errored');
    else logCompleted(request, reply.statusCode, reply.elapsedTime);
  }
}

/** The levels at which a completed request is logged. */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

const roundedMs = (elapsedMs: number) => Math.round(elapsedMs * 10) / 10;

const fieldsOf = (request: FastifyRequest, status: number, elapsedMs: number) => ({
  method: request.method,
  url: loggableUrl(request.url),
  status,
  ms: roundedMs(elapsedMs),
});

/**
 * The line of a request answered with `status` after `elapsedMs`, unless the level is above
 * `info` (checked first: then a request costs nothing here) or it is a health check, which load
 * balancers poll every few seconds and which says nothing.
 *
 * The line is the one pino would write (its level and time, the request logger's bindings: pid,
 * hostname, reqId), put together here and handed to the logger's destination: pino's generic
 * serializer costs several microseconds more, on every request.
 */
function logCompleted(request: FastifyRequest, status: number, elapsedMs: number): void {
  if (!LOGS_REQUESTS.has(request.log.level) || request.url.startsWith('/api/health')) return;
  const log = request.log as unknown as Record<symbol, unknown>;
  const destination = log[pino.symbols.streamSym] as { write(line: string): unknown } | undefined;
  const bindings = log[pino.symbols.chindingsSym];
  if (!destination || typeof bindings !== 'string') {
    // Not a pino logger: the generic way.
    request.log.info(fieldsOf(request, status, elapsedMs), 'request');
    return;
  }
  destination.write(
    `{"level":30,"time":${Date.now()}${bindings},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(loggableUrl(request.url))},` +
      `"status":${status},"ms":${roundedMs(elapsedMs)},"msg":"request"}\n`,
  );
}

/** What names a query parameter whose value is a credential (a password-reset token, a signature...). */
const SECRET_NAME = /token|secret|password|key|sig|code|session|auth/i;

/**
 * Paths that are themselves a credential: a calendar feed's address (calendar programs cannot
 * sign in), matched on the path as a router may read it (percent escapes decoded, repeated
 * slashes as one, any case), so no spelling of it (`%2Eics`, `//api/...`, `calendar%2F`,
 * `/API/Calendar/`) is written as it came. Everything after the segment is masked.
 */
const SECRET_PATH = /^\/api\/calendar(?:\/|$)/;
/** Cheap test first: a path with neither an escape nor "calendar" in any case is not one. */
const MAY_BE_SECRET_PATH = /%|calendar/i;
const ESCAPE = /%([0-9a-f]{2})/gi;
const asRouted = (path: string) => path.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/[/\\]+/g, '/').toLowerCase();

/** The path with its secret masked, when it is a secret path. */
function maskedPath(path: string): string {
  const routed = asRouted(path);
  return SECRET_PATH.test(routed) ? `/api/calendar/[redacted]${routed.endsWith('.ics') ? '.ics' : ''}` : path;
}

/** The request's address as it may be logged: secret query values and secret paths masked. */
export function loggableUrl(url: string): string {
  let masked = url;
  if (MAY_BE_SECRET_PATH.test(url)) {
    const q = url.indexOf('?');
    masked = q === -1 ? maskedPath(url) : maskedPath(url.slice(0, q)) + url.slice(q);
  }
  const q = masked.indexOf('?');
  // Most addresses name no credential anywhere: kept as they are, nothing taken apart.
  if (q === -1 || !SECRET_NAME.test(masked)) return masked;
  const pairs = masked.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    return eq !== -1 && SECRET_NAME.test(name) ? `${name}=[redacted]` : pair;
  });
  return `${masked.slice(0, q)}?${pairs.join('&')}`;
}

/**
 * The server's logger options: JSON lines at `level` to standard output through an asynchronous
 * destination (the event loop never waits on the terminal or the pipe), whose queued lines are
 * written when the process exits, however it exits. (pino's own asynchronous destination costs
 * more per line: it measures its whole queued text again for each line it is given.)
 */
export function serverLogger(level: string) {
  const destination = new LogDestination(1);
  process.once('exit', () => destination.flushSync());
  return { level, stream: destination };
}
